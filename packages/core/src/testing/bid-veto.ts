/**
 * Bid and Veto: a small test game that exists to prove the platform's open windows, clocks
 * and sealed answers (issue 14) before I'm the Boss! needs them. Not a game to ship.
 *
 * Rules. 2–4 players, 10 coins each; each seat is dealt, secretly, a veto card with
 * probability 1/2. Each round has a public prize (1–10, drawn at setup).
 *
 * 1. Bidding window (open, any order): every seat bids 1..its coins or passes, once. The
 *    clock `bid:<round>` (bidMs) closes it with `{ type: 'close-bids' }` by `CLOCK`: seats
 *    that have not answered pass. When every seat has answered it closes at once.
 * 2. If someone bid, a sealed veto window: every seat but the highest bidder (ties: the lowest
 *    seat) answers `veto` (only with an unused veto card) or `let-pass`, once, and nobody but
 *    the answering seat hears the answer. The clock `veto:<round>` (vetoMs, never shorter than
 *    vetoMinMs; once everyone has answered its length drops to vetoMinMs) closes it with
 *    `{ type: 'close-veto' }` by `CLOCK`, which reveals whether the bid was vetoed and by whom.
 *    Not vetoed: the highest bidder pays its bid and scores the prize. Vetoed: nobody scores,
 *    and every vetoing seat loses its veto card.
 * 3. After the last round the highest score wins; ties share the win.
 *
 * Moves may carry `round`: a move for another round is refused as `stale-round`, so a move
 * built on an old state can never be taken for an answer to a later window.
 */
import {
  applyOnCopy,
  CLOCK,
  type Applied,
  type ClockSpec,
  type Emitted,
  type GameDefinition,
  type Outcome,
  type Seat,
  type Viewer,
} from '../game.js';
import { err, gameError, ok, type GameError, type Result } from '../result.js';
import { Rng } from '../rng.js';

export interface BidVetoOptions {
  readonly players: number;
  readonly rounds: number;
  readonly bidMs: number;
  readonly vetoMs: number;
  readonly vetoMinMs: number;
}

export const STARTING_COINS = 10;
export const MAX_PRIZE = 10;
export const MAX_ROUNDS = 20;

export type BidVetoMove =
  | { readonly type: 'bid'; readonly amount: number; readonly round?: number }
  | { readonly type: 'pass'; readonly round?: number }
  | { readonly type: 'veto'; readonly round?: number }
  | { readonly type: 'let-pass'; readonly round?: number }
  | { readonly type: 'close-bids'; readonly round?: number }
  | { readonly type: 'close-veto'; readonly round?: number };

export type Phase = 'bid' | 'veto' | 'over';

/** What happened in a finished round (public). */
export interface RoundResult {
  readonly round: number;
  readonly prize: number;
  /** The highest bidder, or null when everyone passed. */
  readonly bidder: number | null;
  readonly amount: number;
  /** Seats that vetoed the bid (empty: it stood). */
  readonly vetoedBy: readonly number[];
  /** Who scored the prize, or null. */
  readonly scorer: number | null;
}

export interface BidVetoState {
  readonly options: BidVetoOptions;
  /** The game's generator (setup draws from it; the rules draw nothing afterwards). */
  rng: Rng;
  readonly prizes: readonly number[];
  /** From 1. */
  round: number;
  phase: Phase;
  coins: number[];
  scores: number[];
  /** Holds an unused veto card (secret to its seat). */
  vetoCard: boolean[];
  /** Has used its veto card (public). */
  vetoUsed: boolean[];
  /** This round's bidding answers: -1 not yet, 0 passed, n > 0 bid n. */
  bids: number[];
  /** During the veto window: the highest bidder; -1 otherwise. */
  highBidder: number;
  /** Sealed veto answers: 0 none yet (or not asked), 1 let-pass, 2 veto. */
  vetoAnswers: number[];
  history: RoundResult[];
  outcome: Outcome | null;
}

export type BidVetoEvent =
  | { readonly type: 'game-started'; readonly players: number; readonly prizes: readonly number[] }
  | { readonly type: 'veto-card'; readonly seat: number; readonly has: boolean }
  | { readonly type: 'bidding-opened'; readonly round: number; readonly prize: number }
  | { readonly type: 'bid'; readonly seat: number; readonly amount: number }
  | { readonly type: 'pass'; readonly seat: number; readonly byClock: boolean }
  | { readonly type: 'bidding-closed'; readonly round: number; readonly byClock: boolean }
  | {
      readonly type: 'veto-opened';
      readonly round: number;
      readonly bidder: number;
      readonly amount: number;
      readonly asked: readonly number[];
    }
  /** Sealed: to the answering seat only. */
  | { readonly type: 'veto-answer'; readonly seat: number; readonly answer: 'veto' | 'let-pass' }
  | {
      readonly type: 'veto-closed';
      readonly round: number;
      readonly vetoed: boolean;
      readonly vetoedBy: readonly number[];
    }
  | { readonly type: 'round-over'; readonly result: RoundResult }
  | ({ readonly type: 'game-over' } & Outcome);

export interface BidVetoPlayerView {
  readonly coins: number;
  readonly score: number;
  /** Whether this seat holds an unused veto card: known for the viewer's own seat only. */
  readonly vetoCard: boolean | null;
  readonly vetoUsed: boolean;
}

/** What one seat (or a spectator) may know. Plain JSON. */
export interface BidVetoView {
  readonly game: 'bid-veto';
  readonly viewer: Viewer;
  readonly options: BidVetoOptions;
  readonly prizes: readonly number[];
  readonly round: number;
  readonly phase: Phase;
  readonly players: readonly BidVetoPlayerView[];
  /** This round's bids (public): null not answered yet, 0 passed, n > 0 a bid of n. */
  readonly bids: readonly (number | null)[];
  /**
   * The veto window: who bid what and who is asked. Nothing about the others' answers, not
   * even whether they answered; `answer` is the viewer's own (null: none yet, or spectator).
   */
  readonly veto: {
    readonly bidder: number;
    readonly amount: number;
    readonly asked: readonly number[];
    readonly answer: 'veto' | 'let-pass' | null;
  } | null;
  readonly history: readonly RoundResult[];
  readonly outcome: Outcome | null;
}

/**
 * What a seat may do now (`legalSummary`); null when it may not act.
 * Bidding: `bid` is the range of amounts (null with no coins); passing is always allowed.
 * Veto: `veto` says whether it may veto; letting pass is always allowed.
 */
export type BidVetoLegal =
  | {
      readonly window: 'bid';
      readonly round: number;
      readonly bid: { readonly min: number; readonly max: number } | null;
      readonly pass: true;
    }
  | {
      readonly window: 'veto';
      readonly round: number;
      readonly veto: boolean;
      readonly letPass: true;
    };

export type BidVetoErrorKind =
  | 'game-over'
  | 'no-window'
  | 'not-a-seat'
  | 'clock-only'
  | 'stale-round'
  | 'already-answered'
  | 'not-asked'
  | 'no-veto-card'
  | 'invalid-amount'
  | 'not-enough-coins';

export type BidVetoGame = GameDefinition<
  BidVetoOptions,
  BidVetoState,
  BidVetoMove,
  BidVetoView,
  BidVetoEvent,
  undefined
>;

type Sink = Emitted<BidVetoEvent>[] | null;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------------------------------------
// Options and moves from outside

const OPTION_KEYS = ['players', 'rounds', 'bidMs', 'vetoMs', 'vetoMinMs'];

export function parseOptions(raw: unknown): Result<BidVetoOptions, GameError> {
  const fail = (kind: string, message: string) => err(gameError(kind, message));
  if (!isObject(raw)) return fail('invalid-options', 'Options must be a JSON object.');
  for (const key of Object.keys(raw))
    if (!OPTION_KEYS.includes(key))
      return fail('unknown-option', `Unknown option "${key}". Known: ${OPTION_KEYS.join(', ')}.`);
  const { players } = raw;
  if (!Number.isInteger(players) || (players as number) < 2 || (players as number) > 4)
    return fail('invalid-players', 'Option "players" must be a whole number from 2 to 4.');
  const rounds = raw.rounds ?? 3;
  if (!Number.isInteger(rounds) || (rounds as number) < 1 || (rounds as number) > MAX_ROUNDS)
    return fail(
      'invalid-rounds',
      `Option "rounds" must be a whole number from 1 to ${MAX_ROUNDS}.`,
    );
  const ms: Record<string, number> = {};
  for (const [key, fallback, min] of [
    ['bidMs', 10_000, 1],
    ['vetoMs', 6_000, 1],
    ['vetoMinMs', 3_000, 0],
  ] as const) {
    const v = raw[key] ?? fallback;
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > 3_600_000)
      return fail(
        'invalid-clock',
        `Option "${key}" must be a whole number of milliseconds from ${min} to 3600000.`,
      );
    ms[key] = v as number;
  }
  if (ms.vetoMinMs > ms.vetoMs)
    return fail(
      'invalid-clock',
      `Option "vetoMinMs" (${ms.vetoMinMs}) must not exceed "vetoMs" (${ms.vetoMs}): a window cannot last longer at least than at most.`,
    );
  return ok({
    players: players as number,
    rounds: rounds as number,
    bidMs: ms.bidMs,
    vetoMs: ms.vetoMs,
    vetoMinMs: ms.vetoMinMs,
  });
}

const MOVE_TYPES = ['bid', 'pass', 'veto', 'let-pass', 'close-bids', 'close-veto'] as const;

export function parseMove(raw: unknown): Result<BidVetoMove, GameError> {
  const bad = (message: string) => err(gameError('invalid-move', message));
  if (!isObject(raw))
    return bad('A move must be an object with a "type" (bid, pass, veto, let-pass, ...).');
  const type = raw.type;
  if (typeof type !== 'string' || !(MOVE_TYPES as readonly string[]).includes(type))
    return bad(`"type" must be one of ${MOVE_TYPES.join(', ')}; got ${JSON.stringify(type)}.`);
  for (const key of Object.keys(raw))
    if (
      key !== 'type' &&
      key !== 'round' &&
      key !== 'seat' &&
      !(type === 'bid' && key === 'amount')
    )
      return bad(`Unknown field "${key}" in a "${type}" move.`);
  const { round } = raw;
  if (round !== undefined && (!Number.isInteger(round) || (round as number) < 1))
    return bad('"round", when given, must be a whole number from 1.');
  const r = round === undefined ? {} : { round: round as number };
  if (type === 'bid') {
    const { amount } = raw;
    if (!Number.isInteger(amount) || (amount as number) < 1)
      return bad(
        `A bid needs an "amount": a whole number of coins from 1; got ${JSON.stringify(amount)}.`,
      );
    return ok({ type, amount: amount as number, ...r });
  }
  return ok({ type: type as Exclude<BidVetoMove['type'], 'bid'>, ...r });
}

// ---------------------------------------------------------------------------------------------
// State

export function cloneState(s: BidVetoState): BidVetoState {
  return {
    options: s.options,
    rng: s.rng.clone(),
    prizes: s.prizes,
    round: s.round,
    phase: s.phase,
    coins: s.coins.slice(),
    scores: s.scores.slice(),
    vetoCard: s.vetoCard.slice(),
    vetoUsed: s.vetoUsed.slice(),
    bids: s.bids.slice(),
    highBidder: s.highBidder,
    vetoAnswers: s.vetoAnswers.slice(),
    history: s.history.slice(),
    outcome: s.outcome,
  };
}

export function setup(
  options: BidVetoOptions,
  seed: string,
): Result<Applied<BidVetoState, BidVetoEvent>, GameError> {
  const n = options.players;
  const rng = Rng.fromSeed(seed);
  const vetoCard = Array.from({ length: n }, () => rng.int(2) === 1);
  const prizes = Array.from({ length: options.rounds }, () => 1 + rng.int(MAX_PRIZE));
  const s: BidVetoState = {
    options,
    rng,
    prizes,
    round: 1,
    phase: 'bid',
    coins: new Array<number>(n).fill(STARTING_COINS),
    scores: new Array<number>(n).fill(0),
    vetoCard,
    vetoUsed: new Array<boolean>(n).fill(false),
    bids: new Array<number>(n).fill(-1),
    highBidder: -1,
    vetoAnswers: new Array<number>(n).fill(0),
    history: [],
    outcome: null,
  };
  const events: Emitted<BidVetoEvent>[] = [
    { audience: 'all', event: { type: 'game-started', players: n, prizes: prizes.slice() } },
  ];
  for (let p = 0; p < n; p++)
    events.push({ audience: p, event: { type: 'veto-card', seat: p, has: vetoCard[p] } });
  events.push({ audience: 'all', event: { type: 'bidding-opened', round: 1, prize: prizes[0] } });
  return ok({ state: s, events });
}

const seats = (s: BidVetoState): number[] => Array.from({ length: s.options.players }, (_, i) => i);

export function activeSeats(s: BidVetoState): number[] {
  if (s.phase === 'bid') return seats(s).filter((p) => s.bids[p] < 0);
  if (s.phase === 'veto')
    return seats(s).filter((p) => p !== s.highBidder && s.vetoAnswers[p] === 0);
  return [];
}

export function clocks(s: BidVetoState): ClockSpec<BidVetoMove>[] {
  const { round } = s;
  if (s.phase === 'bid')
    return [
      {
        id: `bid:${round}`,
        seats: seats(s).filter((p) => s.bids[p] < 0),
        ms: s.options.bidMs,
        minMs: 0,
        running: true,
        expiry: { type: 'close-bids', round },
      },
    ];
  if (s.phase === 'veto') {
    const asked = seats(s).filter((p) => p !== s.highBidder);
    const allAnswered = asked.every((p) => s.vetoAnswers[p] !== 0);
    return [
      {
        id: `veto:${round}`,
        seats: asked,
        ms: allAnswered ? s.options.vetoMinMs : s.options.vetoMs,
        minMs: s.options.vetoMinMs,
        running: true,
        expiry: { type: 'close-veto', round },
      },
    ];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Moves

export function legalMoves(s: BidVetoState, seat: Seat): BidVetoMove[] {
  if (seat < 0 || seat >= s.options.players) return [];
  if (s.phase === 'bid') {
    if (s.bids[seat] >= 0) return [];
    const out: BidVetoMove[] = [{ type: 'pass' }];
    for (let a = 1; a <= s.coins[seat]; a++) out.push({ type: 'bid', amount: a });
    return out;
  }
  if (s.phase === 'veto') {
    if (seat === s.highBidder || s.vetoAnswers[seat] !== 0) return [];
    return s.vetoCard[seat] ? [{ type: 'let-pass' }, { type: 'veto' }] : [{ type: 'let-pass' }];
  }
  return [];
}

export function randomMove(s: BidVetoState, seat: Seat, rng: Rng): BidVetoMove | undefined {
  if (seat < 0 || seat >= s.options.players) return undefined;
  if (s.phase === 'bid') {
    if (s.bids[seat] >= 0) return undefined;
    const k = rng.int(s.coins[seat] + 1);
    return k === 0 ? { type: 'pass' } : { type: 'bid', amount: k };
  }
  if (s.phase === 'veto') {
    if (seat === s.highBidder || s.vetoAnswers[seat] !== 0) return undefined;
    return s.vetoCard[seat] && rng.int(2) === 1 ? { type: 'veto' } : { type: 'let-pass' };
  }
  return undefined;
}

export function legalSummary(s: BidVetoState, seat: Seat): BidVetoLegal | null {
  if (seat < 0 || seat >= s.options.players) return null;
  if (s.phase === 'bid' && s.bids[seat] < 0)
    return {
      window: 'bid',
      round: s.round,
      bid: s.coins[seat] > 0 ? { min: 1, max: s.coins[seat] } : null,
      pass: true,
    };
  if (s.phase === 'veto' && seat !== s.highBidder && s.vetoAnswers[seat] === 0)
    return { window: 'veto', round: s.round, veto: s.vetoCard[seat], letPass: true };
  return null;
}

export const isSealed = (_s: BidVetoState, _seat: Seat, move: BidVetoMove): boolean =>
  move.type === 'veto' || move.type === 'let-pass';

const fail = (kind: BidVetoErrorKind, message: string): GameError<BidVetoErrorKind> =>
  gameError(kind, message);

/** Applies a move in place; the rule it breaks, or undefined. Events go to `ev` when given. */
export function applyMove(
  s: BidVetoState,
  seat: Seat,
  move: BidVetoMove,
  ev: Sink,
): GameError<BidVetoErrorKind> | undefined {
  if (s.phase === 'over') return fail('game-over', 'The game is over.');
  if (move.round !== undefined && move.round !== s.round)
    return fail(
      'stale-round',
      `This move is for round ${move.round}, but round ${s.round} is being played.`,
    );
  const isClockMove = move.type === 'close-bids' || move.type === 'close-veto';
  if (isClockMove !== (seat === CLOCK))
    return isClockMove
      ? fail('clock-only', `Only the clock closes a window ("${move.type}").`)
      : fail('not-a-seat', `Seat ${seat} is not at this table.`);
  if (!isClockMove && (!Number.isInteger(seat) || seat < 0 || seat >= s.options.players))
    return fail('not-a-seat', `Seat ${seat} is not at this table.`);
  switch (move.type) {
    case 'bid':
    case 'pass': {
      if (s.phase !== 'bid')
        return fail('no-window', 'No bidding window is open: the veto window is.');
      if (s.bids[seat] >= 0)
        return fail(
          'already-answered',
          `Seat ${seat} has already ${s.bids[seat] === 0 ? 'passed' : `bid ${s.bids[seat]}`} this round.`,
        );
      if (move.type === 'bid') {
        if (!Number.isInteger(move.amount) || move.amount < 1)
          return fail('invalid-amount', 'A bid is a whole number of coins from 1.');
        if (move.amount > s.coins[seat])
          return fail(
            'not-enough-coins',
            `Seat ${seat} has ${s.coins[seat]} coins and cannot bid ${move.amount}.`,
          );
        s.bids[seat] = move.amount;
        ev?.push({ audience: 'all', event: { type: 'bid', seat, amount: move.amount } });
      } else {
        s.bids[seat] = 0;
        ev?.push({ audience: 'all', event: { type: 'pass', seat, byClock: false } });
      }
      if (s.bids.every((b) => b >= 0)) closeBids(s, false, ev);
      return undefined;
    }
    case 'close-bids': {
      if (s.phase !== 'bid') return fail('no-window', 'No bidding window is open.');
      for (let p = 0; p < s.options.players; p++)
        if (s.bids[p] < 0) {
          s.bids[p] = 0;
          ev?.push({ audience: 'all', event: { type: 'pass', seat: p, byClock: true } });
        }
      closeBids(s, true, ev);
      return undefined;
    }
    case 'veto':
    case 'let-pass': {
      if (s.phase !== 'veto') return fail('no-window', 'No veto window is open.');
      if (seat === s.highBidder)
        return fail('not-asked', `Seat ${seat} made the highest bid and is not asked to veto it.`);
      if (s.vetoAnswers[seat] !== 0)
        return fail('already-answered', `Seat ${seat} has already answered this veto window.`);
      if (move.type === 'veto' && !s.vetoCard[seat])
        return fail('no-veto-card', `Seat ${seat} holds no unused veto card.`);
      s.vetoAnswers[seat] = move.type === 'veto' ? 2 : 1;
      ev?.push({ audience: seat, event: { type: 'veto-answer', seat, answer: move.type } });
      return undefined;
    }
    case 'close-veto': {
      if (s.phase !== 'veto') return fail('no-window', 'No veto window is open.');
      closeVeto(s, ev);
      return undefined;
    }
  }
}

function closeBids(s: BidVetoState, byClock: boolean, ev: Sink): void {
  ev?.push({ audience: 'all', event: { type: 'bidding-closed', round: s.round, byClock } });
  let best = -1;
  for (let p = 0; p < s.options.players; p++)
    if (s.bids[p] > 0 && (best < 0 || s.bids[p] > s.bids[best])) best = p;
  if (best < 0) {
    endRound(
      s,
      {
        round: s.round,
        prize: s.prizes[s.round - 1],
        bidder: null,
        amount: 0,
        vetoedBy: [],
        scorer: null,
      },
      ev,
    );
    return;
  }
  s.phase = 'veto';
  s.highBidder = best;
  s.vetoAnswers.fill(0);
  ev?.push({
    audience: 'all',
    event: {
      type: 'veto-opened',
      round: s.round,
      bidder: best,
      amount: s.bids[best],
      asked: seats(s).filter((p) => p !== best),
    },
  });
}

function closeVeto(s: BidVetoState, ev: Sink): void {
  const vetoedBy = seats(s).filter((p) => s.vetoAnswers[p] === 2);
  const bidder = s.highBidder;
  const amount = s.bids[bidder];
  const prize = s.prizes[s.round - 1];
  ev?.push({
    audience: 'all',
    event: { type: 'veto-closed', round: s.round, vetoed: vetoedBy.length > 0, vetoedBy },
  });
  for (const p of vetoedBy) {
    s.vetoCard[p] = false;
    s.vetoUsed[p] = true;
  }
  let scorer: number | null = null;
  if (vetoedBy.length === 0) {
    s.coins[bidder] -= amount;
    s.scores[bidder] += prize;
    scorer = bidder;
  }
  s.highBidder = -1;
  s.vetoAnswers.fill(0);
  endRound(s, { round: s.round, prize, bidder, amount, vetoedBy, scorer }, ev);
}

function endRound(s: BidVetoState, result: RoundResult, ev: Sink): void {
  s.history.push(result);
  ev?.push({ audience: 'all', event: { type: 'round-over', result } });
  s.bids.fill(-1);
  if (s.round >= s.options.rounds) {
    s.phase = 'over';
    s.outcome = decide(s);
    ev?.push({ audience: 'all', event: { type: 'game-over', ...s.outcome } });
    return;
  }
  s.round++;
  s.phase = 'bid';
  ev?.push({
    audience: 'all',
    event: { type: 'bidding-opened', round: s.round, prize: s.prizes[s.round - 1] },
  });
}

function decide(s: BidVetoState): Outcome {
  const ranking = seats(s).sort((a, b) => s.scores[b] - s.scores[a] || a - b);
  const top = s.scores[ranking[0]];
  const winners = ranking.filter((p) => s.scores[p] === top).sort((a, b) => a - b);
  return {
    winners,
    scores: s.scores.slice(),
    ranking,
    decidedBy:
      winners.length === 1
        ? 'the most points from prizes'
        : 'a tie on points from prizes: the tied seats share the win',
  };
}

// ---------------------------------------------------------------------------------------------
// Views and sampling

export function view(s: BidVetoState, viewer: Viewer): BidVetoView {
  const n = s.options.players;
  const mine = viewer !== null && viewer >= 0 && viewer < n ? viewer : null;
  let veto: BidVetoView['veto'] = null;
  if (s.phase === 'veto') {
    const a = mine === null ? 0 : s.vetoAnswers[mine];
    veto = {
      bidder: s.highBidder,
      amount: s.bids[s.highBidder],
      asked: seats(s).filter((p) => p !== s.highBidder),
      answer: a === 2 ? 'veto' : a === 1 ? 'let-pass' : null,
    };
  }
  return {
    game: 'bid-veto',
    viewer,
    options: { ...s.options },
    prizes: s.prizes.slice(),
    round: s.round,
    phase: s.phase,
    players: seats(s).map((p) => ({
      coins: s.coins[p],
      score: s.scores[p],
      vetoCard: p === mine ? s.vetoCard[p] : null,
      vetoUsed: s.vetoUsed[p],
    })),
    bids: s.bids.map((b) => (b < 0 ? null : b)),
    veto,
    history: s.history.map((r) => ({ ...r, vetoedBy: r.vetoedBy.slice() })),
    outcome: s.outcome,
  };
}

/**
 * A full state consistent with a view. Unknown veto cards are independent fair coins, except
 * that a used card is gone; the others' sealed answers are unknown, so they are unanswered.
 */
export function sample(v: BidVetoView, rng: Rng): BidVetoState {
  const n = v.options.players;
  const mine = v.viewer;
  const vetoAnswers = new Array<number>(n).fill(0);
  if (mine !== null && v.veto?.answer) vetoAnswers[mine] = v.veto.answer === 'veto' ? 2 : 1;
  return {
    options: { ...v.options },
    rng: Rng.fromSeed(rng.deriveSeed()),
    prizes: v.prizes.slice(),
    round: v.round,
    phase: v.phase,
    coins: v.players.map((p) => p.coins),
    scores: v.players.map((p) => p.score),
    vetoCard: v.players.map((p, i) =>
      i === mine ? p.vetoCard === true : p.vetoUsed ? false : rng.int(2) === 1,
    ),
    vetoUsed: v.players.map((p) => p.vetoUsed),
    bids: v.bids.map((b) => (b === null ? -1 : b)),
    highBidder: v.veto ? v.veto.bidder : -1,
    vetoAnswers,
    history: v.history.map((r) => ({ ...r, vetoedBy: r.vetoedBy.slice() })),
    outcome: v.outcome,
  };
}

export function summary(s: BidVetoState): unknown {
  return {
    over: s.phase === 'over',
    round: s.round,
    phase: s.phase,
    prizes: s.prizes.slice(),
    scores: s.scores.slice(),
    coins: s.coins.slice(),
    vetoUsed: s.vetoUsed.slice(),
    winners: s.outcome ? [...s.outcome.winners] : [],
    history: s.history,
  };
}

export const bidVeto: BidVetoGame = {
  id: 'bid-veto',
  name: 'Bid and Veto',
  minPlayers: 2,
  maxPlayers: 4,
  parseOptions,
  parsePresets: () => ok(undefined),
  setup: (options, seed) => setup(options, seed),
  playerCount: (s) => s.options.players,
  activeSeats,
  legalMoves,
  randomMove,
  parseMove,
  apply: applyOnCopy(cloneState, applyMove),
  clone: cloneState,
  applyInPlace: (state, seat, move) => applyMove(state, seat, move, null),
  view,
  viewer: (v) => v.viewer,
  sample,
  legalSummary,
  clocks,
  concurrency: (s) => (s.phase === 'over' ? 'turn' : 'open'),
  sealed: isSealed,
  isOver: (s) => s.phase === 'over',
  outcome: (s) => s.outcome ?? undefined,
  summary,
};
