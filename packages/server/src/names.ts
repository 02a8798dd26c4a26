/**
 * Names people type at a table (guests) checked so that nobody passes for a player or a bot:
 * control and format characters refused (a right-to-left override, zero-width characters,
 * soft hyphens), the rest normalised (NFKC), and a skeleton of the name (its look-alike
 * letters folded to the Latin ones they imitate, then lower case) compared with the
 * accounts' names and the bots'.
 *
 * The look-alikes are a compact table of the Cyrillic and Greek letters that pass for Latin
 * ones in common fonts (after NFKC, which already folds full-width and mathematical letters):
 * user names are Latin letters, digits, `_` and `-` (`accounts.ts`), so a skeleton that
 * folds every non-Latin look-alike to Latin can be looked up as an account's name directly.
 * Latin look-alikes of each other (`0`/`O`, `l`/`I`, `rn`/`m`) are left as they are: such
 * names are accounts' names of their own, and sign-up keeps two names apart by case only.
 */
import { gameEntries } from '@boss-table/games';
import { RequestError } from './validate.js';

/** Cyrillic and Greek letters (small and capital) and the Latin letters they pass for. */
const LOOKS = 'авсԁеёһіїјкӏмнорԛгѕтуԝхүьпАВСЕЁНІЇЈКӀМОРԚЅТУԜХҮαβεηικνορτυχγΑΒΕΖΗΙΚΜΝΟΡΤΥΧ';
const LIKE = 'abcdeehiijklmhopqrstywxybnabceehiijklmopqstywxyabenikvoptuxyabezhikmnoptyx';
const LOOK_ALIKES = new Map([...LOOKS].map((ch, i) => [ch, LIKE[i]]));

/** Control, format (direction overrides, zero-width, soft hyphen), separators of lines. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;

/**
 * A name typed by a person, NFKC-normalised and trimmed; a 400 if it holds control or format
 * characters or is not 1 to 40 characters.
 */
export function cleanName(raw: string): string {
  if (INVISIBLE.test(raw))
    throw new RequestError(
      400,
      'bad-name',
      'A name cannot hold control or invisible characters (direction marks, zero-width spaces, soft hyphens).',
    );
  const name = raw.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  if (name.length < 1 || name.length > 40 || INVISIBLE.test(name))
    throw new RequestError(400, 'bad-name', '"name" must be 1 to 40 printable characters.');
  return name;
}

/** The name as it looks: look-alike letters folded to Latin, accents dropped, lower case. */
export function skeleton(name: string): string {
  const folded = [...name.normalize('NFKC')].map((ch) => LOOK_ALIKES.get(ch) ?? ch).join('');
  return folded.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

let botWords: RegExp | undefined;

/** Whether a (guest's) name would pass for a bot: "Bot 3", "x (ismcts:hard)", "heuristic". */
export function passesForBot(name: string): boolean {
  const s = skeleton(name);
  if (/^bot([^a-z]|$)/.test(s)) return true;
  botWords ??= new RegExp(
    `(^|[^a-z])(${[...new Set(gameEntries().flatMap((e) => Object.keys(e.bots)))]
      .map((b) => b.toLowerCase().replace(/[^a-z0-9]/g, ''))
      .filter((b) => b.length > 0)
      .join('|')})([^a-z]|$)`,
  );
  return botWords.test(s);
}

/** The account name a skeleton could be (user names are Latin: `accounts.ts`), if any. */
export function accountLookAlike(name: string): string | undefined {
  const s = skeleton(name).replace(/\s+/g, '');
  return /^[a-z][a-z0-9_-]{2,19}$/.test(s) ? s : undefined;
}
