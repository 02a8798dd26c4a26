/** Issue 12: seats stay theirs, and no table is left stuck by a crash between two writes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@boss-table/client';
import { silentLogger } from './log.js';
import { startServer, type RunningServer } from './server.js';
import type { Storage, StoredTable } from './storage.js';
import { autoPlay, nodeClient, tempDataDir, until } from './testing/test-kit.js';

const two = [{ kind: 'human' }, { kind: 'human' }] as const;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: tempDataDir(), log: silentLogger });
});
afterAll(async () => {
  await server.close();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: ApiError) => ({ status: e.status, code: e.code }),
  );

describe('seats stay theirs', () => {
  it('a plain join never takes a reserved seat; its invite does', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human', reserved: true }, { kind: 'human' }, { kind: 'human' }],
    });
    const first = await client.join(t.id, { name: 'Walk-in' });
    expect(first.seat).toBe(1);
    const second = await client.join(t.id, { name: 'Second' });
    expect(second.seat).toBe(2);
    // Only the reserved seat is left: a plain join is refused, the invite works.
    expect(await refusal(client.join(t.id, { name: 'Third' }))).toEqual({
      status: 409,
      code: 'table-full',
    });
    const details = await client.getTable(t.id);
    expect(details.seats[0]).toMatchObject({ taken: false, reserved: true });
    const invited = await client.join(t.id, { name: 'Friend', invite: t.seats[0].invite! });
    expect(invited.seat).toBe(0);
    // Used again, the invite is told its seat is taken; a made-up one is unknown.
    expect(await refusal(client.join(t.id, { name: 'Again', invite: t.seats[0].invite! }))).toEqual(
      { status: 409, code: 'seat-taken' },
    );
    expect(await refusal(client.join(t.id, { name: 'Made up', invite: 'x'.repeat(27) }))).toEqual({
      status: 403,
      code: 'bad-invite',
    });
  });

  it('a private table takes no plain join; public ones are listed, unlisted and private not', async () => {
    const client = nodeClient(server.url);
    const made = {
      public: await client.createTable({ game: 'the-boss', seats: [...two] }),
      unlisted: await client.createTable({
        game: 'the-boss',
        seats: [...two],
        visibility: 'unlisted',
      }),
      private: await client.createTable({
        game: 'the-boss',
        seats: [...two],
        visibility: 'private',
      }),
    };
    const listed = new Set((await client.listTables()).tables.map((t) => t.id));
    expect(listed.has(made.public.id)).toBe(true);
    expect(listed.has(made.unlisted.id)).toBe(false);
    expect(listed.has(made.private.id)).toBe(false);
    expect(await refusal(client.join(made.private.id, { name: 'Stranger' }))).toEqual({
      status: 403,
      code: 'invite-only',
    });
    expect((await client.getTable(made.private.id)).seats.every((s) => s.reserved)).toBe(true);
    expect((await client.join(made.unlisted.id, { name: 'Link' })).seat).toBe(0);
    expect(
      (await client.join(made.private.id, { name: 'Ann', invite: made.private.seats[1].invite! }))
        .seat,
    ).toBe(1);
    expect((await client.getTable(made.private.id)).visibility).toBe('private');
    expect(
      await refusal(
        client.createTable({ game: 'the-boss', seats: [...two], visibility: 'secret' as never }),
      ),
    ).toEqual({ status: 400, code: 'bad-visibility' });
  });

  it('numbers a second person of the same name', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    });
    await client.join(t.id, { name: 'Ann' });
    await client.join(t.id, { name: 'ann' });
    await client.join(t.id, { name: 'Ann' });
    expect((await client.getTable(t.id)).seats.map((s) => s.name)).toEqual([
      'Ann',
      'ann (2)',
      'Ann (3)',
    ]);
  });

  it('keeps a rematch seat for its previous player: no plain join, no other token', async () => {
    const client = nodeClient(server.url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const a = await client.join(t.id, { name: 'A' });
    const b = await client.join(t.id, { name: 'B' });
    const conns = [a, b].map((j) => client.connect(t.id, { token: j.token }));
    conns.forEach((c, i) => autoPlay(c, `rematch-${i}`));
    const live = server.tables.get(t.id)!;
    await until(() => live.stored.status === 'finished', 30_000, 'the game to end');
    conns.forEach((c) => c.close());
    const r = await client.rematch(t.id, a.token);
    expect(await refusal(client.join(r.table, { name: 'Walk-in' }))).toEqual({
      status: 409,
      code: 'table-full',
    });
    expect((await client.joinRematch(r.table, 'A', a.token)).seat).toBe(0);
    // B's seat is still B's: A's token does not open it.
    expect(await refusal(client.joinRematch(r.table, 'A', a.token))).toMatchObject({
      status: 409,
    });
    expect((await client.joinRematch(r.table, 'B', b.token)).seat).toBe(1);
  }, 40_000);
});

/**
 * Makes the storage's next write of `status` fail, as a process killed right there would:
 * a write of the table alone, a seat claim, or a move's transaction that carries it (nothing
 * of which is then stored).
 */
function killOnStatusWrite(storage: Storage, status: StoredTable['status']): () => boolean {
  const update = storage.updateTable.bind(storage);
  const append = storage.appendMove.bind(storage);
  let killed = false;
  storage.updateTable = async (t) => {
    if (!killed && t.status === status) {
      killed = true;
      throw new Error('killed');
    }
    await update(t);
  };
  storage.appendMove = async (table, move, after) => {
    if (!killed && after?.status === status) {
      killed = true;
      throw new Error('killed');
    }
    await append(table, move, after);
  };
  // A claim may start the table: killed before its transaction, neither is stored.
  const claim = storage.claimSeat.bind(storage);
  storage.claimSeat = async (table, seat, c) => {
    if (!killed && status === 'running') {
      killed = true;
      throw new Error('killed');
    }
    return claim(table, seat, c);
  };
  return () => killed;
}

describe('no table stuck after a crash', () => {
  it('the last move and `finished` are one write: killed between them, the game is not left running', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger });
    const client = nodeClient(first.url);
    const t = await client.createTable({ game: 'the-boss', seats: [...two] });
    const joined = [await client.join(t.id, { name: 'A' }), await client.join(t.id, { name: 'B' })];
    const killed = killOnStatusWrite(first.storage, 'finished');
    const conns = joined.map((j) => client.connect(t.id, { token: j.token }));
    conns.forEach((c, i) => autoPlay(c, `crash-${i}`));
    await until(killed, 30_000, 'the last move');
    conns.forEach((c) => c.close());
    await first.close();

    const second = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const again = nodeClient(second.url);
      const details = await again.getTable(t.id);
      // Either the last move is there and the game is finished, or neither: never a
      // finished game left running.
      const over = details.outcome !== undefined;
      expect(details.status).toBe(over ? 'finished' : 'running');
      if (details.status === 'running') {
        const conns2 = joined.map((j) => again.connect(t.id, { token: j.token }));
        conns2.forEach((c, i) => autoPlay(c, `crash-again-${i}`));
        await until(
          () => second.tables.get(t.id)?.stored.status === 'finished',
          30_000,
          'the game to end after the restart',
        );
        conns2.forEach((c) => c.close());
      }
      const record = await again.getRecord(t.id);
      expect((record as { moves: unknown[] }).moves.length).toBe(second.tables.get(t.id)!.seq);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('the last claim and the start are one write: killed between them, the table is not left full and open', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger });
    const client = nodeClient(first.url);
    const t = await client.createTable({ game: 'the-boss', seats: [...two] });
    await client.join(t.id, { name: 'A' });
    const killed = killOnStatusWrite(first.storage, 'running');
    await client.join(t.id, { name: 'B' }).catch(() => undefined);
    expect(killed()).toBe(true);
    await first.close();

    const second = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const again = nodeClient(second.url);
      const details = await again.getTable(t.id);
      const full = details.seats.every((s) => s.taken);
      // A full table has started; a table with a free seat can still be joined.
      expect(details.status).toBe(full ? 'running' : 'open');
      if (!full) expect((await again.join(t.id, { name: 'B' })).seat).toBe(1);
      expect((await again.getTable(t.id)).status).toBe('running');
    } finally {
      await second.close();
    }
  });

  it('a table left inconsistent by an older server is made consistent with its moves at start', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ port: 0, dataDir, log: silentLogger });
    const client = nodeClient(first.url);
    const open = await client.createTable({ game: 'the-boss', seats: [...two] });
    await client.join(open.id, { name: 'A' });
    await client.join(open.id, { name: 'B' });
    const done = await client.createTable({
      game: 'the-boss',
      seats: [
        { kind: 'bot', bot: 'random' },
        { kind: 'bot', bot: 'random' },
      ],
    });
    await until(
      () => first.tables.get(done.id)?.stored.status === 'finished',
      30_000,
      'the bots game',
    );
    // What two separate statements left behind when the process died between them.
    await first.storage.updateTable({ ...first.tables.get(open.id)!.stored, status: 'open' });
    await first.storage.updateTable({ ...first.tables.get(done.id)!.stored, status: 'running' });
    await first.close();

    const second = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const again = nodeClient(second.url);
      expect((await again.getTable(open.id)).status).toBe('running');
      expect((await again.getTable(done.id)).status).toBe('finished');
      expect((await second.storage.table(done.id))!.status).toBe('finished');
      await expect(again.getRecord(done.id)).resolves.toBeTruthy();
    } finally {
      await second.close();
    }
  }, 40_000);
});
