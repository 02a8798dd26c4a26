// Taking a seat on another device closes the old device's connections to it on every node of a cluster.
import { expect, it } from 'vitest';
import { CLOSE_SEAT_TAKEN } from './session-conns.js';
import { testBrowser } from './testing/account-kit.js';
import { describePostgres, useTwoNodes } from './testing/pg-test-suite.js';
import { until } from './testing/test-kit.js';

describePostgres('a seat taken on another node', (suite) => {
  const nodes = useTwoNodes(suite);

  it("closes the old device's connection on the node that holds it (4011)", async () => {
    const [a, b] = nodes;
    const laptop = testBrowser(a.url);
    await laptop.client.signUp('TakerOnTwoNodes', 'correct horse battery');
    const t = await laptop.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const held = await laptop.client.join(t.id, { name: 'TakerOnTwoNodes' });
    const old = laptop.client.connect(t.id, { token: held.token });
    await until(() => old.state !== null, 20_000, 'the snapshot on node a');
    const closed: number[] = [];
    old.on('closed', (e) => closed.push(e.code));
    const phone = testBrowser(b.url);
    await phone.client.signIn('TakerOnTwoNodes', 'correct horse battery');
    const taken = await phone.client.takeSeat(t.id);
    expect(taken.seat).toBe(held.seat);
    await until(() => closed.length > 0, 10_000, 'the old connection on node a closed');
    expect(closed).toEqual([CLOSE_SEAT_TAKEN]);
    // The new device plays the seat on node b.
    const now = phone.client.connect(t.id, { token: taken.token });
    await until(() => now.state !== null, 20_000, 'the snapshot on node b');
    expect(now.state!.seat).toBe(held.seat);
    old.close();
    now.close();
  });
});
