// Big Boss: its golden playthrough and perft table: a checked-in record told step by step, compared line by line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  checkGolden,
  goldenRecordFile,
  goldenTranscript,
  perftTable,
  type GoldenSpec,
} from '@boss-table/core/testing';
import { bigBoss } from './game.js';
import { bigBossTerminal } from './terminal.js';

// Regenerate (a rule changed on purpose; read the diff before committing): docs/testing.md.
const REGENERATE = 'UPDATE_GOLDEN=1 npx vitest run packages/big-boss/src/golden.test.ts';
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** The golden record: random play from these options and seed (UPDATE_GOLDEN=records remakes it). */
const SPEC: GoldenSpec = { options: { players: 2 }, seed: 'golden', moves: 80 };

describe('Big Boss golden playthrough', () => {
  const record = goldenRecordFile(bigBoss, SPEC, fixture('golden.json'));

  it('replays the golden record exactly as its transcript tells it (views, legal forms, events)', () => {
    const text = goldenTranscript(bigBoss, bigBossTerminal, record);
    expect(text.length).toBeGreaterThan(10_000);
    checkGolden(text, fixture('golden.txt'), REGENERATE);
  });

  it('counts the legal move sequences of the perft table (docs/testing.md)', () => {
    const table = perftTable(bigBoss, record, [
      { after: 0, depth: 3 },
      { after: 20, depth: 3 },
      { after: 60, depth: 3 },
    ]);
    checkGolden(table, fixture('perft.txt'), REGENERATE);
  });
});
