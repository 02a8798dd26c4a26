// The npm start entry: reads settings from the environment, starts one server, stops cleanly on signals.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { jsonLogger } from './log.js';
import { startServer } from './server.js';
import { SettingError, settingsFromEnv } from './settings.js';

// `npm start`: one process for the API, the WebSocket endpoint and the web app.
const log = jsonLogger();
let settings: ReturnType<typeof settingsFromEnv>;
try {
  settings = settingsFromEnv(process.env);
} catch (e) {
  if (!(e instanceof SettingError)) throw e;
  log.error('bad setting', { message: e.message });
  process.stderr.write(`${e.message}\n`);
  process.exit(2);
}
const webRoot = fileURLToPath(new URL('../../web/dist/', import.meta.url));
let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({
    ...settings,
    dataDir: resolve(settings.dataDir),
    log,
    ...(existsSync(webRoot) ? { webRoot } : {}),
  });
} catch (e) {
  // A port in use, a database out of reach: one clear line, not a stack trace.
  const message = (e as Error).message;
  log.error('could not start', { message });
  process.stderr.write(`Boss Table could not start: ${message}\n`);
  process.exit(1);
}
process.stdout.write(`Boss Table is on http://localhost:${server.port}\n`);
const info = server.info();
if (info.publicUrl) process.stdout.write(`Invite links use ${info.publicUrl}\n`);
else if (info.addresses.length > 1)
  process.stdout.write(
    `Friends on your network can join at: ${info.addresses.filter((a) => !a.includes('localhost')).join(', ')}\n` +
      `(set PUBLIC_URL if they reach this server at another address)\n`,
  );

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
