// Bots' decision time in Chromium: each game's levels run in a Web Worker of Debian's chromium, as practice runs them.
/* global URL, Worker, Blob */
/**
 * `node packages/web/scripts/bot-timing.mjs [--decisions N] [--games a,b] [--levels x,y]`
 * (after `npm run build`): bundles `bot-timing-worker.ts` (every game's rules and bots, from
 * the built packages) with esbuild, starts Debian's chromium headless (playwright-core), and
 * in a Web Worker plays each game at 4 seats with the level in seat 0 and the rules of
 * thumb elsewhere, timing the level's first N decisions (default 40) under the practice
 * table's budget (`BUDGET_MS` of `src/practice/table.ts`). Prints one JSON line per game and
 * level: decisions, mean, median, p95 and max in ms.
 */
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: {
    decisions: { type: 'string', default: '40' },
    games: { type: 'string', default: 'the-boss,big-boss,boss-cards,im-the-boss' },
    levels: { type: 'string', default: 'random,heuristic,ismcts:easy,ismcts:medium,ismcts:hard' },
    budget: { type: 'string', default: '1000' },
  },
});
const decisions = Number(values.decisions);
const budgetMs = Number(values.budget);
if (!(decisions > 0) || !(budgetMs > 0)) {
  process.stderr.write('bot-timing: --decisions and --budget must be positive numbers.\n');
  process.exit(2);
}

const bundle = await build({
  entryPoints: [new URL('./bot-timing-worker.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  write: false,
  minify: true,
  logLevel: 'warning',
});
const code = bundle.outputFiles[0].text;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  for (const game of values.games.split(','))
    for (const spec of values.levels.split(',')) {
      const out = await page.evaluate(
        ({ code, job }) =>
          new Promise((resolve) => {
            const w = new Worker(
              URL.createObjectURL(new Blob([code], { type: 'text/javascript' })),
            );
            w.onmessage = (e) => (w.terminate(), resolve(e.data));
            w.onerror = (e) => (w.terminate(), resolve({ ok: false, error: e.message }));
            w.postMessage(job);
          }),
        { code, job: { game, spec, players: 4, decisions, budgetMs } },
      );
      if (!out.ok) {
        process.stdout.write(`${JSON.stringify({ game, spec, error: out.error })}\n`);
        continue;
      }
      const t = [...out.times].sort((a, b) => a - b);
      const r = (x) => Math.round(x * 10) / 10;
      process.stdout.write(
        `${JSON.stringify({
          game,
          spec,
          decisions: t.length,
          meanMs: r(t.reduce((a, b) => a + b, 0) / t.length),
          medianMs: r(pct(t, 0.5)),
          p95Ms: r(pct(t, 0.95)),
          maxMs: r(t.at(-1)),
        })}\n`,
      );
    }
} finally {
  await browser.close();
}
