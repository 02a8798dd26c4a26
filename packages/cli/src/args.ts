/** Command-line flags: node:util's parseArgs reads them; every flag is declared, every value checked here, errors in words. */
import { parseArgs as parseArgv } from 'node:util';

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

/**
 * Reads `argv` with node:util's `parseArgs` (strict: an unknown flag or a missing value is
 * an error), then checks each value against its spec: choices, whole numbers in range.
 */
export function parseArgs(
  argv: readonly string[],
  specs: Readonly<Record<string, FlagSpec>>,
  command: string,
): Parsed {
  // Every command answers --help (and -h), whether or not its flags list it.
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, spec] of Object.entries(specs))
    options[name] = { type: spec.type === 'boolean' ? 'boolean' : 'string' };
  let read: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    read = parseArgv({ args: [...argv], options, allowPositionals: true, strict: true }) as never;
  } catch (e) {
    throw new UsageError(usageMessage(e as Error & { code?: string }, specs, command));
  }
  const flags: FlagValues = {};
  for (const [name, value] of Object.entries(read.values)) {
    const spec = specs[name] as FlagSpec | undefined;
    if (value === undefined) continue;
    if (!spec || spec.type === 'boolean' || typeof value === 'boolean') {
      flags[name] = value;
      continue;
    }
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
  return { flags, positional: read.positionals };
}

/** parseArgs' error in our words: which flag, and what is wrong with it. */
function usageMessage(
  e: Error & { code?: string },
  specs: Readonly<Record<string, FlagSpec>>,
  command: string,
): string {
  const flag = /'(--?[^' ]+)/.exec(e.message)?.[1] ?? '';
  const name = flag.replace(/^--?/, '');
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return `boss ${command}: unknown option ${flag} (see boss ${command} --help).`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return specs[name]?.type === 'boolean'
      ? `boss ${command}: --${name} takes no value.`
      : `boss ${command}: --${name} needs a value.`;
  return `boss ${command}: ${e.message}`;
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
