// The terminal pieces' kit (test-only, `@boss-table/core/testing`): words every view and event and reads every legal move back.
import { CLOCK, eventsFor, type AnyGame, type Emitted, type Viewer } from '../game.js';
import { Rng } from '../rng.js';
import { PLAIN_STYLE, type TerminalContext, type TerminalPieces } from '../terminal.js';

/**
 * The terminal pieces' kit, as `checkConformance` is the rules': over random games it draws
 * every seat's and the spectator's view, words every event each may see, and checks that
 * every legal move of the seats to act, typed as `formatMove` types it, reads back through
 * `parseMove` as the same move (or one that does the same: the parser may add what the legal
 * form knows, e.g. the id of the window it answers). Throws on the first failure, naming the game, seed and move.
 */
export interface TerminalCheckOptions {
  readonly options: readonly unknown[];
  readonly seeds: readonly string[];
  readonly games: number;
  /** Stop a game after this many moves (default 400). */
  readonly maxMoves?: number;
}

export interface TerminalReport {
  readonly games: number;
  readonly typedMoves: number;
  readonly views: number;
  readonly sentences: number;
}

/** The same move once parsed, or one that makes the same events and ends where it does. */
function sameMove(game: AnyGame, state: unknown, seat: number, move: unknown, typed: unknown) {
  const parsed = game.parseMove(typed);
  if (!parsed.ok) return false;
  const want = game.parseMove(move);
  if (want.ok && JSON.stringify(parsed.value) === JSON.stringify(want.value)) return true;
  const a = game.apply(state, seat, move);
  const b = game.apply(state, seat, parsed.value);
  return (
    a.ok &&
    b.ok &&
    JSON.stringify(a.value.events) === JSON.stringify(b.value.events) &&
    JSON.stringify(game.summary(a.value.state)) === JSON.stringify(game.summary(b.value.state))
  );
}

export function checkTerminal(
  game: AnyGame,
  pieces: TerminalPieces,
  opts: TerminalCheckOptions,
): TerminalReport {
  let typedMoves = 0;
  let views = 0;
  let sentences = 0;
  const ctxFor = (viewer: Viewer): TerminalContext => ({
    viewer,
    // The longest names the shells give, so that layouts are tried with them.
    name: (seat) => (seat === viewer ? 'You' : `Bot ${seat + 1} (ismcts:medium)`),
    style: PLAIN_STYLE,
    width: 80,
    clocks: [],
  });
  const tell = (events: readonly Emitted<unknown>[], players: number) => {
    for (const viewer of [null, ...Array(players).keys()] as Viewer[])
      for (const event of eventsFor(events, viewer)) {
        const text = pieces.describeEvent(event, ctxFor(viewer));
        if (text !== undefined) {
          if (typeof text !== 'string' || text.length === 0)
            throw new Error(`${game.id}: an event was described as ${JSON.stringify(text)}.`);
          sentences++;
        }
      }
  };
  for (let g = 0; g < opts.games; g++) {
    const raw = opts.options[g % opts.options.length];
    const seed = opts.seeds[g % opts.seeds.length] + `/${g}`;
    const where = `${game.id} (options ${JSON.stringify(raw)}, seed "${seed}")`;
    const options = game.parseOptions(raw);
    if (!options.ok) throw new Error(`${where}: ${options.error.message}`);
    const setup = game.setup(options.value, seed);
    if (!setup.ok) throw new Error(`${where}: ${setup.error.message}`);
    let state = setup.value.state;
    const players: number = game.playerCount(state);
    tell(setup.value.events, players);
    const rng = Rng.fromSeed(seed);
    for (let n = 0; n < (opts.maxMoves ?? 400) && !game.isOver(state); n++) {
      for (const viewer of [null, ...Array(players).keys()] as Viewer[]) {
        pieces.renderView(game.view(state, viewer), ctxFor(viewer));
        views++;
      }
      const active = game.activeSeats(state);
      for (const seat of active) {
        const view = game.view(state, seat);
        const legal = game.legalSummary(state, seat);
        pieces.describeLegal(legal, view, ctxFor(seat));
        pieces.ask(legal, view, ctxFor(seat));
        for (const move of game.legalMoves(state, seat)) {
          const typed = pieces.formatMove(move, view);
          const back = pieces.parseMove(typed, view, legal);
          if ('error' in back || !sameMove(game, state, seat, move, back.move))
            throw new Error(
              `${where}, move ${n}: seat ${seat}'s ${JSON.stringify(move)} typed as "${typed}" reads back as ${JSON.stringify(back)}.`,
            );
          typedMoves++;
        }
      }
      let applied;
      if (active.length > 0) {
        const seat = active[rng.int(active.length)];
        applied = game.apply(state, seat, game.randomMove(state, seat, rng));
      } else {
        const clock = game.clocks?.(state).find((c) => c.running);
        if (!clock) throw new Error(`${where}: nobody can move and no clock runs.`);
        applied = game.apply(state, CLOCK, clock.expiry);
      }
      if (!applied.ok) throw new Error(`${where}: ${applied.error.message}`);
      state = applied.value.state;
      tell(applied.value.events, players);
    }
    const end = game.view(state, null);
    if (game.isOver(state) !== pieces.isOver(end))
      throw new Error(`${where}: the pieces say over=${pieces.isOver(end)}, the rules do not.`);
    if (game.isOver(state)) pieces.renderEnd?.(end, ctxFor(null));
  }
  return { games: opts.games, typedMoves, views, sentences };
}
