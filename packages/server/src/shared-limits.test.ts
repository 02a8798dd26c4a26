/**
 * The limits per address and per account on two nodes of one PostgreSQL: an address that a
 * balancer spreads over both gets each limit once, not once per node.
 */
import { describe, expect, it } from 'vitest';
import { testBrowser } from './testing/account-kit.js';
import { describePostgres, useTwoNodes } from './testing/pg-test-suite.js';
import { slidingCount, slidingWait } from './shared-limits.js';

describe('sliding-window counts', () => {
  const w = (hits: number, prev: number, elapsedMs: number) => ({
    hits,
    prev,
    elapsedMs,
    windowMs: 60_000,
  });

  it('weigh the previous window by the share of it still within the last window', () => {
    expect(slidingCount(w(2, 4, 15_000))).toBe(5);
    expect(slidingCount(w(2, 4, 60_000))).toBe(2);
  });

  it('say how long until there is room again, and no wait when there is', () => {
    expect(slidingWait(w(1, 1, 0), 2)).toBe(0);
    // 1 + 4 × (1 - e/60 s) ≤ 2 once e ≥ 45 s.
    expect(slidingWait(w(1, 4, 15_000), 2)).toBe(30_001);
    // This window alone is over: it has to slide out, into the next one.
    expect(slidingWait(w(4, 0, 30_000), 2)).toBe(60_001);
    // Just after a new window starts the estimate dips below the count: still no room.
    expect(slidingWait(w(0, 3, 1), 2)).toBeGreaterThan(0);
  });
});

describePostgres('limits across two nodes on one PostgreSQL', (suite) => {
  const nodes = useTwoNodes(suite, {
    // 6 POSTs per 30 s; 2 open tables; 3 sign-ins a minute; 2 wrong passwords from one
    // address, 3 from everywhere.
    postsPerSecond: 0.2,
    openTablesPerAddress: 2,
    accountLimits: {
      signInsPerAddress: 3,
      failuresPerAddress: 2,
      failuresPerAccount: 3,
      signUpsPerAddress: 10,
    },
  });

  /** One address (as the balancer forwards it) on node `i % 2` for its i-th request. */
  const alternating = (address: string) => nodes.map((n) => testBrowser(n.url, address).client);
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string }) => e.code ?? String(e),
    );
  const twoHumans = { game: 'the-boss', seats: [{ kind: 'human' }, { kind: 'human' }] } as const;

  it('counts POST requests per address once across the nodes', async () => {
    const [a, b] = alternating('10.20.0.1');
    const codes = [];
    // Joins of a table that does not exist: POSTs that make nothing.
    for (let i = 0; i < 7; i++)
      codes.push(await codeOf((i % 2 ? b : a).join('missing-table', { name: 'X' })));
    // Six refused for the missing table, the seventh for the rate; per node it would be
    // none (four and three).
    expect(codes.slice(0, 6).every((c) => c !== 'rate-limited')).toBe(true);
    expect(codes[6]).toBe('rate-limited');
    // Another address is not concerned.
    expect(await codeOf(alternating('10.20.0.2')[1].join('missing-table', { name: 'X' }))).not.toBe(
      'rate-limited',
    );
  });

  it('counts open tables per address once across the nodes, and frees a place once one fills', async () => {
    const [a, b] = alternating('10.20.0.3');
    const first = await a.createTable(twoHumans);
    await b.createTable(twoHumans);
    // Two open already, one made on each node: the third is refused on either.
    expect(await codeOf(a.createTable(twoHumans))).toBe('too-many-open-tables');
    // Filled tables are not open: a place again.
    const [c, d] = alternating('10.20.0.4');
    await c.join(first.id, { name: 'C' });
    await d.join(first.id, { name: 'D' });
    expect(await codeOf(b.createTable(twoHumans))).toBe('ok');
  });

  it('counts sign-in attempts per address, and wrong passwords per account and address, once across the nodes', async () => {
    const [a, b] = alternating('10.20.0.5');
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push(await codeOf((i % 2 ? b : a).signIn(`Nobody${i}`, 'wrong password')));
    expect(codes).toEqual([
      'bad-credentials',
      'bad-credentials',
      'bad-credentials',
      'too-many-sign-ins',
    ]);

    await alternating('10.20.0.6')[0].signUp('LimitedLou', 'correct horse battery');
    // From one address, on alternating nodes: locked after two.
    const [c, d] = alternating('10.20.0.7');
    const fromOne = [];
    for (let i = 0; i < 3; i++)
      fromOne.push(await codeOf((i % 2 ? d : c).signIn('LimitedLou', 'not the password')));
    expect(fromOne).toEqual(['bad-credentials', 'bad-credentials', 'account-locked']);
    // Each from an address of its own: past the account's ceiling (3), one a minute.
    const wrong = [];
    for (let i = 0; i < 3; i++)
      wrong.push(
        await codeOf(alternating(`10.20.1.${i}`)[i % 2].signIn('LimitedLou', 'not the password')),
      );
    expect(wrong).toEqual(['bad-credentials', 'bad-credentials', 'account-slowed']);
  });

  it('takes password attempts sent at once to both nodes before hashing: the lock holds across them', async () => {
    await alternating('10.20.0.8')[0].signUp('ConcurrentCat', 'correct horse battery');
    const [a, b] = alternating('10.20.0.9');
    const codes = await Promise.all(
      // Six: this suite's POSTs per 30 s from one address.
      Array.from({ length: 6 }, (_, i) =>
        codeOf((i % 2 ? b : a).signIn('ConcurrentCat', `wrong guess ${i}`)),
      ),
    );
    // Three sign-ins a minute from one address and two guesses of one account from it (this
    // suite's limits), whichever node: before, the counts were read before and written after
    // the hash, and every guess sent at once reached its hash.
    expect(codes.filter((c) => c === 'too-many-sign-ins')).toHaveLength(3);
    expect(codes.filter((c) => c === 'bad-credentials')).toHaveLength(2);
    expect(codes.filter((c) => c === 'account-locked')).toHaveLength(1);
  });
});
