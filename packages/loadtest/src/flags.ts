// The load generators' command-line flags, read by node:util's parseArgs: every flag declared, an unknown one refused with the usage.
import { parseArgs } from 'node:util';

/**
 * Reads this process's flags: `strings` take a value, `booleans` none. An unknown flag or a
 * missing value ends the process with `usage` (exit 2).
 */
export function readFlags(
  command: string,
  usage: string,
  strings: readonly string[],
  booleans: readonly string[] = [],
): { get(name: string, fallback: string): string; has(name: string): boolean } {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of strings) options[name] = { type: 'string' };
  for (const name of booleans) options[name] = { type: 'boolean' };
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: process.argv.slice(2), options, strict: true }).values;
  } catch (e) {
    process.stderr.write(`${command}: ${(e as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  return {
    get: (name, fallback) => {
      const v = values[name];
      return typeof v === 'string' && v !== '' ? v : fallback;
    },
    has: (name) => values[name] !== undefined,
  };
}
