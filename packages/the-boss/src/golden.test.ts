// The Boss: its golden playthrough and perft table: a checked-in record told step by step, compared line by line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkGolden,
  goldenRecordFile,
  goldenTranscript,
  perftTable,
  type GoldenSpec,
} from '@boss-table/core/testing';
import { theBoss } from './game.js';
import { theBossTerminal } from './terminal.js';

// Regenerate (a rule changed on purpose; read the diff before committing): docs/testing.md.
const REGENERATE = 'UPDATE_GOLDEN=1 npx vitest run packages/the-boss/src/golden.test.ts';
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The golden record: random play from these options and seed (UPDATE_GOLDEN=records remakes it). */
const SPEC: GoldenSpec = { options: { players: 4 }, seed: 'golden', moves: 300 };

describe('The Boss golden playthrough', () => {
  const record = goldenRecordFile(theBoss, SPEC, fixture('golden.json'));

  it('replays the golden record exactly as its transcript tells it (views, legal forms, events)', () => {
    const text = goldenTranscript(theBoss, theBossTerminal, record);
    expect(text.length).toBeGreaterThan(10_000);
    checkGolden(text, fixture('golden.txt'), REGENERATE);
  });

  it('counts the legal move sequences of the perft table (docs/testing.md)', () => {
    const table = perftTable(theBoss, record, [
      { after: 0, depth: 2 },
      { after: 5, depth: 3 },
      { after: 40, depth: 3 },
    ]);
    checkGolden(table, fixture('perft.txt'), REGENERATE);
  });
});
