/**
 * The lobby's budget, measured on the build (`npm run build` comes first in `npm test`): the
 * entry chunk and every chunk and stylesheet it imports statically, gzipped one file at a time
 * as a server sends them, stay within 100 KB; and none of them carries a game's rules or bots
 * (only what each game package's light `meta` entry imports). Each game's engine loads by
 * dynamic import() when one of its tables, replays, its Analysis or its rules help opens.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** Bytes, gzipped: what the lobby may download before it can show anything. */
const LOBBY_BUDGET = 100_000;

const web = fileURLToPath(new URL('../', import.meta.url));
const repo = join(web, '../../');
const dist = join(web, 'dist');

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The entry's chunk and everything it imports statically, as files under dist/. */
function lobbyFiles(): { js: string[]; css: string[] } {
  const manifest = readJson<Record<string, ManifestChunk>>(join(dist, '.vite/manifest.json'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  expect(entries).toEqual(['index.html']);
  const seen = new Set<string>();
  const js: string[] = [];
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit('index.html');
  return { js, css: [...css] };
}

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file))).length;

/** A game package's modules that its light `meta` entry reaches (its own relative imports). */
function metaModules(pkgDir: string): Set<string> {
  const out = new Set<string>();
  const visit = (file: string) => {
    const rel = relative(repo, file).split('\\').join('/');
    if (out.has(rel)) return;
    out.add(rel);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*['"](\.\.?\/[^'"]+)['"]/g))
      visit(join(dirname(file), m[1]));
  };
  visit(join(pkgDir, 'dist/meta.js'));
  return out;
}

/** Every game package the registry lists (its dependencies beside core), with its folder. */
function gamePackages(): { name: string; dir: string }[] {
  const games = readJson<{ dependencies: Record<string, string> }>(
    join(repo, 'packages/games/package.json'),
  );
  return Object.keys(games.dependencies)
    .filter((name) => name !== '@boss-table/core')
    .map((name) => ({ name, dir: realpathSync(join(repo, 'node_modules', name)) }));
}

describe("the lobby's entry chunk (build output)", () => {
  it('is built, with the manifest and the list of modules per chunk', () => {
    expect(existsSync(join(dist, '.vite/manifest.json')), 'run `npm run build` first').toBe(true);
    expect(existsSync(join(dist, '.vite/modules.json'))).toBe(true);
  });

  it(`stays within ${LOBBY_BUDGET / 1000} KB gzipped, with everything it imports statically`, () => {
    const { js, css } = lobbyFiles();
    const sizes = Object.fromEntries([...js, ...css].map((f) => [f, gzipped(f)]));
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(LOBBY_BUDGET);
  });

  it("carries no game's rules or bots: of each game package, only what its meta entry imports", () => {
    const modules = readJson<Record<string, readonly string[]>>(join(dist, '.vite/modules.json'));
    const inLobby = lobbyFiles().js.flatMap((f) => modules[f] ?? []);
    const packages = gamePackages();
    expect(packages.length).toBeGreaterThanOrEqual(4);
    for (const { name, dir } of packages) {
      const root = `${relative(repo, dir).split('\\').join('/')}/`;
      const allowed = metaModules(dir);
      const engine = inLobby.filter((m) => m.startsWith(root) && !allowed.has(m));
      expect(engine, `${name}'s engine in the lobby's chunk`).toEqual([]);
    }
    // Nor the registry's full part (it registers every engine).
    expect(inLobby.filter((m) => /^packages\/games\/dist\/(index|bots)\.js$/.test(m))).toEqual([]);
  });
});
