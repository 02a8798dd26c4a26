// @vitest-environment happy-dom
// Unit test that the analysis worker says plainly when a game's search bot cannot judge moves yet.
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisMessage } from './analysis-types.js';

describe('the analysis worker', () => {
  it('says plainly that a game whose search does not judge moves has no analysis yet', async () => {
    const posted: AnalysisMessage[] = [];
    const scope = self as unknown as {
      postMessage: (m: AnalysisMessage) => void;
      onmessage: ((e: MessageEvent) => void) | null;
    };
    scope.postMessage = vi.fn((m: AnalysisMessage) => posted.push(m));
    await import('./analysis.worker.js');
    const record = { game: 'im-the-boss', options: { players: 2 }, seed: 'x', moves: [] };
    scope.onmessage!({
      data: { text: JSON.stringify(record), seat: 0, bot: 'ismcts:medium' },
    } as MessageEvent);
    expect(posted).toEqual([
      {
        kind: 'error',
        message:
          "Analysis is not available for I'm the Boss! yet: its search bot does not judge moves so far.",
      },
    ]);
    expect(posted[0].kind === 'error' && posted[0].message).not.toMatch(/appraise|ismcts/);
  });
});
