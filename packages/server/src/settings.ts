// Reads the server's settings from environment variables, each checked and defaulted, with clear errors.
import type { ServerOptions } from './server.js';
import { ClientAddresses } from './client-address.js';
import { parsePublicUrl } from './server-info.js';
import { parseDatabaseUrl } from './storage-pg.js';

/** A setting that could not be read: its name and what it should be. */
export class SettingError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function num(env: Env, name: string, min: number, max: number, what: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new SettingError(`${name} must be ${what} (from ${min} to ${max}), not "${raw}".`);
  return n;
}

/**
 * The server's settings from the environment (`npm start`), each checked with a clear
 * message. Everything has a default: no setting is required.
 */
export function settingsFromEnv(
  env: Env,
): Omit<ServerOptions, 'dataDir' | 'log' | 'webRoot'> & { dataDir: string } {
  const port = num(env, 'PORT', 0, 65535, 'a port number') ?? 8080;
  if (!Number.isInteger(port)) throw new SettingError('PORT must be a whole number.');
  const sync = env.SQLITE_SYNC ?? 'normal';
  if (sync !== 'normal' && sync !== 'full')
    throw new SettingError(`SQLITE_SYNC must be "normal" or "full", not "${sync}".`);
  const thread = env.SQLITE_THREAD ?? 'off';
  if (thread !== 'on' && thread !== 'off')
    throw new SettingError(`SQLITE_THREAD must be "on" or "off", not "${thread}".`);
  let trustedProxies: string[] = [];
  if (env.TRUSTED_PROXIES) {
    trustedProxies = env.TRUSTED_PROXIES.split(',').map((p) => p.trim());
    try {
      new ClientAddresses(trustedProxies);
    } catch (e) {
      throw new SettingError(`TRUSTED_PROXIES: ${(e as Error).message}`);
    }
  }
  let publicUrl: string | undefined;
  if (env.PUBLIC_URL) {
    try {
      publicUrl = parsePublicUrl(env.PUBLIC_URL);
    } catch (e) {
      throw new SettingError((e as Error).message);
    }
  }
  let databaseUrl: string | undefined;
  if (env.DATABASE_URL) {
    try {
      databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
    } catch (e) {
      throw new SettingError((e as Error).message);
    }
  }
  const metricsPort = num(env, 'METRICS_PORT', 0, 65535, 'a port number');
  const nodeName = env.NODE_NAME || undefined;
  if (nodeName !== undefined && !/^[A-Za-z0-9._-]{1,40}$/.test(nodeName))
    throw new SettingError(
      `NODE_NAME must be 1 to 40 letters, digits, dots, dashes or underscores, not "${nodeName}".`,
    );
  const leaseSeconds = num(env, 'LEASE_SECONDS', 1, 600, 'a number of seconds');
  const openHours = num(env, 'OPEN_TABLE_HOURS', 0.01, 24 * 365, 'a number of hours');
  const opt = <K extends string, V>(key: K, value: V | undefined) =>
    (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? 'data',
    sqliteSync: sync,
    sqliteThread: thread === 'on',
    ...opt('databaseUrl', databaseUrl),
    trustedProxies,
    ...opt('publicUrl', publicUrl),
    ...opt('botBudgetMs', num(env, 'BOT_BUDGET_MS', 1, 60_000, 'milliseconds')),
    postsPerSecond: num(env, 'POSTS_PER_SECOND', 0, 1e6, 'a number, 0 for no limit') ?? 5,
    ...opt(
      'botTablesPerAddress',
      num(env, 'BOT_TABLES_PER_ADDRESS', 0, 1e6, 'a number, 0 for no limit'),
    ),
    ...opt(
      'openTablesPerAddress',
      num(env, 'OPEN_TABLES_PER_ADDRESS', 0, 1e6, 'a number, 0 for no limit'),
    ),
    ...opt('openTableTtlMs', openHours === undefined ? undefined : openHours * 3_600_000),
    ...opt(
      'maxConnectionsPerAddress',
      num(env, 'CONNECTIONS_PER_ADDRESS', 0, 1e6, 'a number, 0 for no limit'),
    ),
    ...opt('metricsPort', metricsPort),
    ...opt('nodeName', nodeName),
    ...opt('leaseMs', leaseSeconds === undefined ? undefined : leaseSeconds * 1000),
    ...opt('metricsHost', env.METRICS_HOST),
  };
}
