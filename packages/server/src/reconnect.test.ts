// Tests that clients dropped at random mid-game catch up with every move exactly once and the right view.
import { describe, expect, it } from 'vitest';
import { Rng } from '@boss-table/core';
import { theBoss } from '@boss-table/the-boss';
import { autoPlay, nodeClient, until } from './testing/test-kit.js';
import { useServer } from './testing/test-server.js';

const server = useServer();

describe('reconnection', () => {
  it('gives a dropped client exactly what it missed: nothing lost, nothing twice', async () => {
    const client = nodeClient(server().url);
    const t = await client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    });
    const joined = [
      await client.join(t.id, { name: 'A', invite: t.seats[0].invite! }),
      await client.join(t.id, { name: 'B', invite: t.seats[1].invite! }),
    ];
    const conns = [
      ...joined.map((j) => client.connect(t.id, { token: j.token })),
      client.connect(t.id),
    ];
    const seqs = conns.map(() => [] as number[]);
    conns.forEach((c, i) => c.on('events', (m) => seqs[i].push(m.seq)));
    conns.slice(0, 2).forEach((c, i) => autoPlay(c, `r${i}`, 30));
    const rng = Rng.fromSeed('drops');
    const table = server().tables.get(t.id)!;
    let drops = 0;
    while (table.stored.status !== 'finished') {
      await new Promise((r) => setTimeout(r, 5 + rng.int(40)));
      const c = rng.pick(conns);
      if (c.connected) {
        c.drop();
        drops++;
      }
    }
    await until(
      () => conns.every((c) => c.connected && c.state?.seq === table.seq),
      15_000,
      'catch-up',
    );
    expect(drops).toBeGreaterThan(5);
    conns.forEach((c, i) => {
      const seat = i < 2 ? joined[i].seat : null;
      expect(c.state!.view).toEqual(theBoss.view(table.state as never, seat));
      // Each move's events arrived once, in order, whatever the drops: the first snapshot
      // covers the moves before the first connection.
      const first = seqs[i][0];
      expect(seqs[i]).toEqual(Array.from({ length: table.seq - first + 1 }, (_, k) => first + k));
    });
    conns.forEach((c) => c.close());
  }, 60_000);
});
