/**
 * A throwaway PostgreSQL for the tests: `initdb` in a temp folder, started with `pg_ctl` on a
 * free port, reached over TCP on 127.0.0.1 with no password, removed by `stop()`. Never a
 * system service. `initdb` refuses to run as root, so as root the cluster runs as the
 * `postgres` user (`runuser -u postgres --`); otherwise as the current user.
 *
 * No Vitest here, so that a script can start one too; `pg-test-suite.ts` wraps it for tests.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

const hasServer = (dir: string) =>
  existsSync(join(dir, 'initdb')) &&
  existsSync(join(dir, 'pg_ctl')) &&
  existsSync(join(dir, 'postgres'));

/**
 * The folder of PostgreSQL's server programs (`initdb`, `pg_ctl`, `postgres`): `pg_config
 * --bindir` if it names one, else the newest `/usr/lib/postgresql/<version>/bin` (Debian's
 * `postgresql` package); undefined when there is none.
 */
export function findPgBin(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dir && hasServer(dir)) return dir;
  } catch {
    // No pg_config on PATH: look where Debian puts the server.
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+(\.\d+)?$/.test(v) && hasServer(join(root, v, 'bin')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : undefined;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface PgCluster {
  readonly port: number;
  /** A URL to one database of the cluster (the default database is `postgres`). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown) and removes its folder; safe to call twice. */
  stop(): Promise<void>;
  /** The server's main process (the postmaster), while it runs. */
  pid(): number | undefined;
  /**
   * A fault: stops the server at once (`immediate`: every connection drops, as in a crash or
   * a restart), keeping its data; `resume()` starts it again on the same port.
   */
  halt(): Promise<void>;
  resume(): Promise<void>;
}

let databases = 0;

/** Makes, starts and returns a throwaway cluster with the programs in `bin`. */
export async function startPgCluster(bin: string): Promise<PgCluster> {
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot) {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      owner = { uid: id('-u'), gid: id('-g') };
    } catch {
      throw new Error(
        'Running as root, the test PostgreSQL runs as the "postgres" user, and there is none (Debian\'s postgresql package creates it).',
      );
    }
  }
  const base = mkdtempSync(join(tmpdir(), 'boss-pg-'));
  const data = join(base, 'data');
  const sockets = join(base, 'sockets');
  mkdirSync(sockets);
  if (owner) {
    chownSync(base, owner.uid, owner.gid);
    chownSync(sockets, owner.uid, owner.gid);
  }
  const logFile = join(base, 'server.log');
  const exec = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { cwd: base })
      : run(join(bin, program), args, { cwd: base });
  const execSync = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], {
          stdio: 'ignore',
          cwd: base,
        })
      : execFileSync(join(bin, program), args, { stdio: 'ignore', cwd: base });
  const failed = (what: string, e: unknown) => {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    const err = e as { stderr?: string; message: string };
    return new Error(`Test PostgreSQL: ${what} failed: ${err.stderr || err.message}\n${log}`);
  };

  let running = false;
  const stopNow = () => {
    if (!running) return;
    running = false;
    try {
      execSync('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone.
    }
  };
  // If the test process ends without stop() (killed test worker), the server goes too.
  process.once('exit', stopNow);
  const remove = () => rmSync(base, { recursive: true, force: true });

  try {
    // Trust on 127.0.0.1 only, no fsync: a throwaway cluster for tests, fast to make.
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]).catch((e) => {
      throw failed('initdb', e);
    });
  } catch (e) {
    remove();
    throw e;
  }

  let port = 0;
  const optionsFor = (p: number) =>
    `-p ${p} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  // A free port may be taken by someone else between the check and the start: try again.
  for (let attempt = 1; !running; attempt++) {
    port = await freePort();
    const options = optionsFor(port);
    try {
      await exec('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
      running = true;
    } catch (e) {
      if (attempt >= 3) {
        const error = failed('pg_ctl start', e);
        stopNow();
        remove();
        throw error;
      }
    }
  }

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name = `boss_${process.pid}_${++databases}`) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    pid() {
      try {
        return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return undefined;
      }
    },
    async halt() {
      if (!running) return;
      running = false;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async resume() {
      if (running) return;
      await exec('pg_ctl', [
        '-D',
        data,
        '-l',
        logFile,
        '-o',
        optionsFor(port),
        '-w',
        '-t',
        '60',
        'start',
      ]);
      running = true;
    },
    async stop() {
      if (running) {
        running = false;
        await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => stopNow());
      }
      process.off('exit', stopNow);
      remove();
    },
  };
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissing(): string | undefined {
  if (findPgBin()) return undefined;
  return (
    "PostgreSQL's server programs (initdb, pg_ctl) were not found: no `pg_config --bindir` " +
    'naming them and no /usr/lib/postgresql/<version>/bin. Install them (Debian: apt-get ' +
    'install postgresql; `.ci/run` does) to run the PostgreSQL tests.'
  );
}
