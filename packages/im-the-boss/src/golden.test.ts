// I'm the Boss!: its golden playthrough and perft table, a checked-in record told step by step and compared line by line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkGolden,
  goldenRecordFile,
  goldenTranscript,
  perftTable,
  type GoldenSpec,
} from '@boss-table/core/testing';
import { imTheBoss } from './game.js';
import { byKind } from './test-kit.js';
import { imTheBossTerminal } from './terminal.js';

// Regenerate (a rule changed on purpose; read the diff before committing): docs/testing.md.
const REGENERATE = 'UPDATE_GOLDEN=1 npx vitest run packages/im-the-boss/src/golden.test.ts';
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/**
 * The golden record: random play from these options and seed, played by kind of move (test-kit.ts): uniform play by move only proposes
 * (UPDATE_GOLDEN=records remakes it).
 */
const SPEC: GoldenSpec = { options: { players: 3, maxRounds: 6 }, seed: 'golden', moves: 300 };

describe("I'm the Boss! golden playthrough", () => {
  const record = goldenRecordFile(byKind, SPEC, fixture('golden.json'));

  it('replays the golden record exactly as its transcript tells it (views, legal forms, events)', () => {
    const text = goldenTranscript(imTheBoss, imTheBossTerminal, record);
    expect(text.length).toBeGreaterThan(10_000);
    checkGolden(text, fixture('golden.txt'), REGENERATE);
  });

  it('counts the legal move sequences of the perft table (docs/testing.md)', () => {
    const table = perftTable(imTheBoss, record, [
      { after: 0, depth: 3 },
      { after: 30, depth: 3 },
      { after: 90, depth: 2 },
    ]);
    checkGolden(table, fixture('perft.txt'), REGENERATE);
  });
});
