// Command-line flags read by node:util's parseArgs and checked against their specs.
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError, type FlagSpec } from './args.js';

const SPECS: Record<string, FlagSpec> = {
  players: { type: 'int', help: 'seats', min: 2, max: 6 },
  json: { type: 'boolean', help: 'JSON' },
  game: { type: 'string', help: 'game', choices: ['the-boss', 'big-boss'] },
};
const parse = (...argv: string[]) => parseArgs(argv, SPECS, 'play');
const refusal = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
};

describe('flags', () => {
  it('reads values, both spellings, booleans and positionals', () => {
    expect(parse('--players', '3', 'file.json', '--json')).toEqual({
      flags: { players: 3, json: true },
      positional: ['file.json'],
    });
    expect(parse('--players=4', '--game=big-boss').flags).toEqual({ players: 4, game: 'big-boss' });
  });

  it('says what is wrong, in words', () => {
    expect(refusal('--jsn')).toBe('boss play: unknown option --jsn (see boss play --help).');
    expect(refusal('--json=yes')).toBe('boss play: --json takes no value.');
    expect(refusal('--players')).toBe('boss play: --players needs a value.');
    expect(refusal('--players', '--json')).toBe('boss play: --players needs a value.');
    expect(refusal('--players', '9')).toBe(
      'boss play: --players must be a whole number from 2 to 6; got "9".',
    );
    expect(refusal('--players', '2.5')).toMatch(/whole number/);
    expect(refusal('--game', 'chess')).toBe(
      'boss play: --game must be one of the-boss, big-boss; got "chess".',
    );
  });
});
