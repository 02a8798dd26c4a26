/** Hand-written flag parsing: every flag is declared, every value checked, errors in words. */

export class UsageError extends Error {}

export interface FlagSpec {
  readonly type: 'string' | 'int' | 'boolean';
  readonly help: string;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
}

export type FlagValues = Record<string, string | number | boolean | undefined>;

export interface Parsed {
  readonly flags: FlagValues;
  readonly positional: string[];
}

export function parseArgs(
  argv: readonly string[],
  specs: Readonly<Record<string, FlagSpec>>,
  command: string,
): Parsed {
  const flags: FlagValues = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    // Every command answers --help (and -h), whether or not its flags list it.
    if (arg === '--help' || arg === '-h') {
      flags.help = true;
      continue;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = Object.prototype.hasOwnProperty.call(specs, name) ? specs[name] : undefined;
    if (spec === undefined)
      throw new UsageError(
        `boss ${command}: unknown option --${name} (see boss ${command} --help).`,
      );
    if (spec.type === 'boolean') {
      if (eq >= 0) throw new UsageError(`boss ${command}: --${name} takes no value.`);
      flags[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new UsageError(`boss ${command}: --${name} needs a value.`);
    if (spec.choices && !spec.choices.includes(value))
      throw new UsageError(
        `boss ${command}: --${name} must be one of ${spec.choices.join(', ')}; got "${value}".`,
      );
    if (spec.type === 'int') {
      const n = Number(value);
      const min = spec.min ?? Number.MIN_SAFE_INTEGER;
      const max = spec.max ?? Number.MAX_SAFE_INTEGER;
      if (!/^-?\d+$/.test(value) || n < min || n > max)
        throw new UsageError(
          `boss ${command}: --${name} must be a whole number from ${min} to ${max}; got "${value}".`,
        );
      flags[name] = n;
    } else flags[name] = value;
  }
  return { flags, positional };
}

export function helpText(
  usage: string,
  summary: string,
  specs: Readonly<Record<string, FlagSpec>>,
): string {
  const lines = [`usage: ${usage}`, '', summary, ''];
  const names = Object.keys(specs);
  if (names.length) lines.push('options:');
  const width = Math.max(0, ...names.map((n) => n.length + 2));
  for (const name of names) lines.push(`  --${name.padEnd(width)}  ${specs[name].help}`);
  lines.push(`  --${'help'.padEnd(width)}  this text`);
  return lines.join('\n');
}

/** Where a command writes: real streams in the CLI, strings in tests. */
export interface Io {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Colour and emphasis (a TTY without NO_COLOR); plain text when absent. */
  readonly colour?: boolean;
  /** The terminal's width in columns, when known (80 otherwise). */
  readonly columns?: number;
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  /** Resolves to the exit code: 0 ok, 1 failure, 2 usage error. */
  run(argv: readonly string[], io: Io): Promise<number>;
}
