/**
 * Big Boss through the server: complete games over WebSocket through the SDK, people (thin
 * clients choosing from the compact legal form) and bots mixed, both rule sets; everyone
 * ends with the server's view of its seat, and no frame tells a seat what it may not know.
 */
import { describe, expect, it } from 'vitest';
import { eventsFor, replay, Rng, type GameRecord } from '@boss-table/core';
import { bigBoss, type BigBossState } from '@boss-table/big-boss';
import type { ServerMessage } from '@boss-table/client';
import { checkHistory, recordFrames, scanFrames } from './testing/frame-scan.js';
import { type RunningServer } from './server.js';
import { autoPlay, nodeClient, until } from './testing/test-kit.js';
import { bigBossMoveFromLegal } from '@boss-table/big-boss';
import { useServer } from './testing/test-server.js';

const server = useServer();

/**
 * Fails if a frame sent to `seat` (null: spectator) holds what it may not know: a view of
 * another seat or with a hand not its own, another seat's dealt or drawn cards, the deck
 * (only its count), other hands, the seed or generator, anyone's token or invite.
 */
function scan(
  frames: readonly ServerMessage[],
  seat: number | null,
  secrets: readonly string[],
): number {
  let views = 0;
  scanFrames(frames, secrets, ['seed', 'rng', 'hands', 'token', 'tokenHash'], (o) => {
    if (o.game === 'big-boss' && 'hand' in o) {
      views++;
      expect(o.viewer, 'a view of another seat').toBe(seat);
      if (seat === null) expect(o.hand).toBeNull();
    }
    if (o.type === 'dealt' || o.type === 'drew')
      expect(o.seat, `${o.type} to another seat`).toBe(seat);
    // The legal form's `buy.deck` says whether the deck may be bought from; nothing more.
    if ('deck' in o) expect(typeof o.deck, 'the deck in a frame').toBe('boolean');
  });
  return views;
}

type ServerTable = RunningServer['tables'] extends Map<string, infer T> ? T : never;

/** Every state of the table's game, rebuilt from its seed and moves. */
function statesOf(table: ServerTable): BigBossState[] {
  const options = bigBoss.parseOptions(table.stored.options);
  if (!options.ok) throw new Error(options.error.message);
  const setup = bigBoss.setup(options.value, table.stored.seed);
  if (!setup.ok) throw new Error(setup.error.message);
  const states = [setup.value.state];
  for (const m of table.moves) {
    const parsed = bigBoss.parseMove(m.move);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const applied = bigBoss.apply(states[states.length - 1], m.seat, parsed.value);
    if (!applied.ok) throw new Error(applied.error.message);
    states.push(applied.value.state);
  }
  return states;
}

/** Fails unless each frame is exactly the game's filter for `seat` at its seq. */
function checkAgainstRules(
  frames: readonly ServerMessage[],
  seat: number | null,
  table: ServerTable,
  states: readonly BigBossState[],
): number {
  let checked = 0;
  for (const f of frames) {
    if (f.type !== 'snapshot' && f.type !== 'events') continue;
    const state = states[f.seq];
    if (f.type === 'events')
      expect(f.events, `events of move ${f.seq} sent to ${seat}`).toEqual(
        eventsFor(table.history[f.seq], seat),
      );
    if ('view' in f) {
      expect(f.view, `view at ${f.seq} sent to ${seat}`).toEqual(bigBoss.view(state, seat));
      const mayAct = seat !== null && !bigBoss.isOver(state) && state.turn === seat;
      expect(f.legal).toEqual(mayAct ? bigBoss.legalSummary(state, seat) : null);
    }
    checked++;
  }
  return checked;
}

describe('the compact-form player used below', () => {
  it('only ever makes legal moves (so the games below are not kept going by refusals)', () => {
    let moves = 0;
    for (const rules of ['modern', 'original'] as const) {
      const options = bigBoss.parseOptions({ players: 3, rules });
      if (!options.ok) throw new Error(options.error.message);
      const setup = bigBoss.setup(options.value, `thin-${rules}`);
      if (!setup.ok) throw new Error(setup.error.message);
      let state = setup.value.state;
      const rng = Rng.fromSeed(rules);
      while (!bigBoss.isOver(state)) {
        const move = bigBossMoveFromLegal(bigBoss.legalSummary(state, state.turn), rng);
        const parsed = bigBoss.parseMove(move);
        if (!parsed.ok) throw new Error(`${JSON.stringify(move)}: ${parsed.error.message}`);
        const applied = bigBoss.apply(state, state.turn, parsed.value);
        if (!applied.ok) throw new Error(`${JSON.stringify(move)}: ${applied.error.message}`);
        state = applied.value.state;
        moves++;
      }
    }
    expect(moves).toBeGreaterThan(60);
  });
});

describe('Big Boss games over WebSocket', () => {
  for (const [players, rules, humans] of [
    [2, 'modern', [0]],
    [2, 'original', [0, 1]],
    [4, 'modern', [1, 2]],
    [4, 'original', [3]],
    [6, 'modern', [0, 5]],
    [6, 'original', [2]],
  ] as [number, 'modern' | 'original', number[]][])
    it(`${players} players, ${rules}, people at ${humans.join(', ')}: same end for everyone, nothing leaked`, async () => {
      const client = nodeClient(server().url);
      const created = await client.createTable({
        game: 'big-boss',
        options: { rules },
        seats: Array.from({ length: players }, (_, i) =>
          humans.includes(i)
            ? { kind: 'human' }
            : { kind: 'bot', bot: i % 2 ? 'random' : 'heuristic' },
        ),
      });
      const joined: Awaited<ReturnType<typeof client.join>>[] = [];
      for (const h of humans)
        joined.push(
          await client.join(created.id, { name: `P${h}`, invite: created.seats[h].invite! }),
        );
      const conns = joined.map((j) => client.connect(created.id, { token: j.token }));
      const spectator = client.connect(created.id);
      const frames = conns.map(recordFrames);
      const spectatorFrames = recordFrames(spectator);
      conns.forEach((c, i) => autoPlay(c, `bb${players}${rules}/${i}`, 0, bigBossMoveFromLegal));
      const table = server().tables.get(created.id)!;
      await until(() => table.stored.status === 'finished', 90_000, 'the game to end');
      await until(
        () => [...conns, spectator].every((c) => c.state?.seq === table.seq),
        10_000,
        'clients to catch up',
      );
      const state = table.state as BigBossState;
      expect(state.outcome).not.toBeNull();
      // Every client ends with the server's view of its seat.
      conns.forEach((c, i) => expect(c.state!.view).toEqual(bigBoss.view(state, joined[i].seat)));
      expect(spectator.state!.view).toEqual(bigBoss.view(state, null));
      // The record replays to the same end.
      const record = (await client.getRecord(created.id)) as unknown as GameRecord;
      const replayed = replay(bigBoss, record);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(bigBoss.summary(replayed.value.state)).toEqual(bigBoss.summary(state));
      // Hidden information: every frame each seat and the spectator got.
      const secrets = [
        table.stored.seed,
        ...joined.map((j) => j.token),
        ...created.seats.flatMap((s) => (s.invite ? [s.invite] : [])),
      ];
      let views = 0;
      frames.forEach((f, i) => (views += scan(f, joined[i].seat, secrets)));
      views += scan(spectatorFrames, null, secrets);
      expect(views).toBeGreaterThan(table.seq);
      // And every frame is exactly the game's filter for its audience, at its seq.
      const states = statesOf(table);
      let exact = 0;
      frames.forEach((f, i) => (exact += checkAgainstRules(f, joined[i].seat, table, states)));
      exact += checkAgainstRules(spectatorFrames, null, table, states);
      expect(exact).toBeGreaterThan(table.seq);
      // A page reloaded at the end asks for the whole history (to fill its log): each seat and
      // the spectator get every move's events, filtered for them as the live frames were.
      for (const [i, j] of joined.entries()) {
        const later = await checkHistory(client, created.id, j.token, j.seat, table, frames[i]);
        scan(later, j.seat, secrets);
        expect(checkAgainstRules(later, j.seat, table, states)).toBe(1);
      }
      const later = await checkHistory(client, created.id, undefined, null, table, spectatorFrames);
      scan(later, null, secrets);
      expect(checkAgainstRules(later, null, table, states)).toBe(1);
      [...conns, spectator].forEach((c) => c.close());
    });
});
