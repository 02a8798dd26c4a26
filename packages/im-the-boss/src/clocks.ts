// Which I'm the Boss! clocks run now: turn waits, deal and idle clocks, stop windows, last calls, prompts.
import type { ClockSpec } from '@boss-table/core';
import type { ClockKind, ImbMove } from './move.js';
import type { ImbState } from './state.js';

/**
 * The clocks the rules wait on now (rules file §5.7, §14), lengths from the table's options.
 * Real time: `deal` and `idle` run while the deal is open and pause in its windows; a window
 * (`stopWindow`, `lastCall`) asks its seats together and never closes before its shortest
 * length (its length drops to it once every seat asked has answered). Turn-based: `step` and
 * `prompt` ask one seat at a time.
 */
export function clocks(s: ImbState): ClockSpec<ImbMove>[] {
  const t = s.pub;
  const c = s.options.clocks;
  const expire = (clock: ClockKind): ImbMove => ({ type: 'expire', clock });
  /** A wait on one seat, with no shortest length. */
  const one = (id: string, seat: number, ms: number, clock: ClockKind): ClockSpec<ImbMove> => ({
    id,
    seats: [seat],
    ms,
    minMs: 0,
    running: true,
    expiry: expire(clock),
  });
  if (t.phase === 'over') return [];
  if (t.phase === 'marker' || t.phase === 'start' || t.phase === 'moved')
    return [one(`turn:${t.wait}`, t.seat, c.turn, 'turn')];
  if (t.phase === 'discard') return [one(`discard:${t.wait}`, t.seat, c.discard, 'discard')];
  const d = t.deal!;
  if (d.rounds) {
    if (d.phase === 'open') {
      const r = d.rounds;
      const id = `step:${d.no}:${d.bossChanges}:${r.total}:${r.stepsDone}:${r.stepSeat}`;
      return [one(id, r.stepSeat, c.step, 'step')];
    }
    const asked = d.phase === 'stop' ? d.pending!.asked : d.lastCall!.asked;
    const at = d.phase === 'stop' ? d.pending!.prompt : d.lastCall!.prompt;
    return [one(`prompt:${d.no}:${d.window}:${at}`, asked[at], c.prompt, 'prompt')];
  }
  const open = d.phase === 'open';
  const out: ClockSpec<ImbMove>[] = [
    {
      id: `deal:${d.no}:${d.bossChanges}`,
      seats: [],
      ms: c.deal,
      minMs: 0,
      running: open,
      expiry: expire('deal'),
    },
    {
      id: `idle:${d.no}:${d.progress}`,
      seats: [],
      ms: c.idle,
      minMs: 0,
      running: open,
      expiry: expire('idle'),
    },
  ];
  if (d.phase === 'stop') {
    const asked = d.pending!.asked;
    const done = asked.every((p) => s.answers[p] !== 0);
    const min = Math.min(c.stopWindowMin, c.stopWindow);
    out.unshift({
      id: `stopWindow:${d.no}:${d.window}`,
      seats: asked.slice(),
      ms: done ? min : c.stopWindow,
      minMs: min,
      running: true,
      expiry: expire('stopWindow'),
    });
  }
  if (d.phase === 'lastCall') {
    const asked = d.lastCall!.asked;
    const done = asked.every((p) => s.answers[p] !== 0);
    // A last call §11.2 forces at lastCall = 0 still lasts its shortest length.
    const ms = c.lastCall > 0 ? c.lastCall : Math.max(c.lastCallMin, 1);
    const min = Math.min(c.lastCallMin, ms);
    out.unshift({
      id: `lastCall:${d.no}:${d.window}`,
      seats: asked.slice(),
      ms: done ? min : ms,
      minMs: min,
      running: true,
      expiry: expire('lastCall'),
    });
  }
  return out;
}
