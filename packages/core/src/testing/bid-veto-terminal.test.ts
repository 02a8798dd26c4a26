// Bid and Veto's terminal pieces pass the terminal kit.
import { describe, expect, it } from 'vitest';
import { checkTerminal } from './terminal-check.js';
import { bidVeto } from './bid-veto.js';
import { bidVetoTerminal } from './bid-veto-terminal.js';

describe('Bid and Veto in the terminal', () => {
  it('reads every legal move back as typed over games with windows and clocks', () => {
    const report = checkTerminal(bidVeto, bidVetoTerminal, {
      options: [{ players: 3 }, { players: 4, rounds: 2 }],
      seeds: ['a', 'b'],
      games: 4,
    });
    expect(report.typedMoves).toBeGreaterThan(50);
    expect(report.sentences).toBeGreaterThan(20);
  });
});
