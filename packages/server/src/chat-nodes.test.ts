/** Table chat across the nodes of a cluster: a line said on one node reaches the others. */
import { expect, it } from 'vitest';
import { testBrowser } from './testing/account-kit.js';
import { describePostgres, useTwoNodes } from './testing/pg-test-suite.js';
import { until } from './testing/test-kit.js';

describePostgres('table chat on two nodes', (suite) => {
  const nodes = useTwoNodes(suite);

  it("reaches a spectator on the other node, and never a player with a spectator's line", async () => {
    const [a, b] = nodes;
    const ann = testBrowser(a.url);
    const eve = testBrowser(b.url);
    await ann.client.signUp('AnnOfNodeA', 'correct horse battery');
    await eve.client.signUp('EveOfNodeB', 'correct horse battery');
    const t = await ann.client.createTable({
      game: 'the-boss',
      seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const seat = await ann.client.join(t.id, { name: 'Ann' });
    const annConn = ann.client.connect(t.id, { token: seat.token });
    const eveConn = eve.client.connect(t.id);
    await until(() => annConn.state !== null && eveConn.state !== null, 20_000, 'snapshots');
    annConn.say('hello from node a');
    await until(() => eveConn.chat.length === 1, 20_000, 'the line on node b');
    expect(eveConn.chat[0]).toMatchObject({ channel: 'players', name: 'AnnOfNodeA', seat: 0 });
    eveConn.say('spectators of node b only');
    await until(() => eveConn.chat.length === 2, 20_000, "eve's own line");
    await new Promise((r) => setTimeout(r, 500));
    expect(annConn.chat.map((m) => m.text)).toEqual(['hello from node a']);
    annConn.close();
    eveConn.close();
  });
});
