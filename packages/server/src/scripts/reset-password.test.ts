// Tests the operator's password reset script: new password from stdin, sessions ended, clear errors.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testBrowser } from '../testing/account-kit.js';
import { silentLogger } from '../log.js';
import { main } from './reset-password.js';
import { startServer } from '../server.js';
import { tempDataDir } from '../testing/test-kit.js';

describe('reset-password', () => {
  it("sets an account's password from standard input and ends its sessions", async () => {
    const dataDir = tempDataDir();
    const server = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const b = testBrowser(server.url);
      await b.client.signUp('Forgetful', 'forgotten password');
      let said = '';
      const code = await main(
        ['forgetful'],
        { DATA_DIR: dataDir },
        async () => 'brand new password\n',
        (t) => (said += t),
      );
      expect([code, said]).toEqual([
        0,
        'Password of forgetful changed; every session of forgetful has ended.\n',
      ]);
      expect((await b.client.account()).account).toBeNull();
      await testBrowser(server.url).client.signIn('Forgetful', 'brand new password');
      let generated = '';
      expect(
        await main(
          ['Forgetful', '--generate'],
          { DATA_DIR: dataDir },
          async () => '',
          (t) => (generated += t),
        ),
      ).toBe(0);
      const made = /New password for Forgetful: (\S+)/.exec(generated)![1];
      await testBrowser(server.url).client.signIn('Forgetful', made);
    } finally {
      await server.close();
    }
  });

  it('says what is wrong: no name, an unknown account, a short password', async () => {
    const dataDir = tempDataDir();
    let said = '';
    const out = (t: string) => (said += t);
    expect(await main([], { DATA_DIR: dataDir }, async () => '', out)).toBe(2);
    expect(said).toMatch(/^Usage: npm run reset-password/);
    said = '';
    expect(await main(['nobody'], { DATA_DIR: dataDir }, async () => 'long enough 1', out)).toBe(1);
    expect(said).toBe('No account is named "nobody".\n');
    said = '';
    expect(await main(['nobody'], { DATA_DIR: dataDir }, async () => 'short', out)).toBe(1);
    expect(said).toBe('A password has 8 to 200 characters.\n');
  });

  it('reads the password from standard input when run as the built script (npm run)', async () => {
    const script = fileURLToPath(new URL('../../dist/scripts/reset-password.js', import.meta.url));
    if (!existsSync(script)) throw new Error(`Build the server first: no ${script}.`);
    const dataDir = tempDataDir();
    const server = await startServer({ port: 0, dataDir, log: silentLogger });
    try {
      const b = testBrowser(server.url);
      await b.client.signUp('Piped', 'forgotten password');
      const child = spawn(process.execPath, [script, 'Piped'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let said = '';
      child.stdout.on('data', (d: Buffer) => (said += d.toString()));
      child.stderr.on('data', (d: Buffer) => (said += d.toString()));
      child.stdin.end('a piped password\n');
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect([code, said]).toEqual([
        0,
        'Password of Piped changed; every session of Piped has ended.\n',
      ]);
      expect((await b.client.account()).account).toBeNull();
      await testBrowser(server.url).client.signIn('Piped', 'a piped password');
    } finally {
      await server.close();
    }
  }, 30_000);
});
