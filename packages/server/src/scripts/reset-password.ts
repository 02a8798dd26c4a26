/**
 * `npm run reset-password -- NAME`: an operator sets a new password for an account (there is
 * no e-mail to reset it by). The new password is read from standard input (its first line),
 * or made up and printed with `--generate`; every session of the account ends. It opens the
 * same database as the server (`DATA_DIR`, or `DATABASE_URL`), which may keep running.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { resetPassword } from '../accounts.js';
import { openAccountStore } from '../players.js';

const USAGE = `Usage: npm run reset-password -- NAME [--generate]
Sets a new password for the account NAME and ends all its sessions. The password is read
from standard input (first line), or made up and printed with --generate. The database is
the server's: DATA_DIR (default ./data) or DATABASE_URL.\n`;

export async function main(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  readLine: () => Promise<string>,
  out: (text: string) => void,
): Promise<number> {
  const name = args.find((a) => !a.startsWith('--'));
  const generate = args.includes('--generate');
  if (!name || args.some((a) => a.startsWith('--') && a !== '--generate')) {
    out(USAGE);
    return 2;
  }
  const password = generate ? randomBytes(12).toString('base64url') : (await readLine()).trim();
  const { store, close } = await openAccountStore(env);
  try {
    await resetPassword(store, name, password);
    out(
      generate
        ? `New password for ${name}: ${password}\nEvery session of ${name} has ended.\n`
        : `Password of ${name} changed; every session of ${name} has ended.\n`,
    );
    return 0;
  } catch (e) {
    out(`${(e as Error).message}\n`);
    return 1;
  } finally {
    await close();
  }
}

if (process.argv[1]?.endsWith('reset-password.js')) {
  const readLine = () =>
    new Promise<string>((done) => {
      const rl = createInterface({ input: process.stdin });
      // Resolved before the close: closing emits 'close' at once, which would resolve ''.
      rl.once('line', (line) => {
        done(line);
        rl.close();
      });
      rl.once('close', () => done(''));
    });
  process.exitCode = await main(process.argv.slice(2), process.env, readLine, (t) =>
    process.stdout.write(t),
  );
}
