// Tests reading server settings from the environment: defaults, each value parsed, bad values named clearly.
import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from './settings.js';

describe('settings from the environment', () => {
  it('has a default for everything', () => {
    expect(settingsFromEnv({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      sqliteSync: 'normal',
      sqliteThread: false,
      postsPerSecond: 5,
      trustedProxies: [],
    });
  });

  it('reads each setting', () => {
    const s = settingsFromEnv({
      PORT: '9000',
      SQLITE_SYNC: 'full',
      SQLITE_THREAD: 'on',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      PUBLIC_URL: 'https://boss.example.org/',
      METRICS_PORT: '9100',
      OPEN_TABLE_HOURS: '2',
      BOT_TABLES_PER_ADDRESS: '0',
    });
    expect(s).toMatchObject({
      port: 9000,
      sqliteSync: 'full',
      sqliteThread: true,
      trustedProxies: ['10.0.0.0/8', '::1'],
      publicUrl: 'https://boss.example.org',
      metricsPort: 9100,
      openTableTtlMs: 7_200_000,
      botTablesPerAddress: 0,
    });
  });

  it('refuses a bad value with a sentence naming the setting', () => {
    expect(() => settingsFromEnv({ PORT: 'eighty' })).toThrow(/PORT must be a port number/);
    expect(() => settingsFromEnv({ SQLITE_SYNC: 'off' })).toThrow(/SQLITE_SYNC must be/);
    expect(() => settingsFromEnv({ SQLITE_THREAD: 'yes' })).toThrow(/SQLITE_THREAD must be/);
    expect(() => settingsFromEnv({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => settingsFromEnv({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => settingsFromEnv({ POSTS_PER_SECOND: '-1' })).toThrow(/POSTS_PER_SECOND/);
  });
});
