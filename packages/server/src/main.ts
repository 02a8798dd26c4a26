import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { jsonLogger } from './log.js';
import { startServer } from './server.js';

// `npm start`: one process for the API, the WebSocket endpoint and the web app.
const log = jsonLogger();
const port = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.error('PORT must be a port number', { port: process.env.PORT });
  process.exit(2);
}
const postsPerSecond = Number(process.env.POSTS_PER_SECOND ?? 5);
if (!(postsPerSecond >= 0)) {
  log.error('POSTS_PER_SECOND must be a number, 0 for no limit', {
    value: process.env.POSTS_PER_SECOND,
  });
  process.exit(2);
}
const webRoot = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const server = await startServer({
  port,
  host: process.env.HOST ?? '0.0.0.0',
  dataDir: resolve(process.env.DATA_DIR ?? 'data'),
  log,
  ...(existsSync(webRoot) ? { webRoot } : {}),
  ...(process.env.BOT_BUDGET_MS ? { botBudgetMs: Number(process.env.BOT_BUDGET_MS) } : {}),
  postsPerSecond,
});
process.stdout.write(`Boss Table is on http://localhost:${server.port}\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info('stopping', { signal });
  server.close().then(
    () => process.exit(0),
    (e: Error) => {
      log.error('stop failed', { error: e.message });
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
