/** For the server's tests: one server started for a test file and closed after it. */
import { afterAll, beforeAll } from 'vitest';
import { silentLogger } from '../log.js';
import { startServer, type RunningServer, type ServerOptions } from '../server.js';
import { tempDataDir } from './test-kit.js';

/**
 * Starts a server on a free port with a fresh data folder before the file's tests (silent,
 * bots thinking 5 ms unless `opts` says otherwise) and closes it after them; returns its
 * getter.
 */
export function useServer(opts: Partial<ServerOptions> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      dataDir: tempDataDir(),
      log: silentLogger,
      botBudgetMs: 5,
      ...opts,
    });
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The test server is not started yet.');
    return server;
  };
}
