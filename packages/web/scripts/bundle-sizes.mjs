// The web app's chunk sizes, raw and gzipped (node:zlib, one file at a time as a server sends
// them), from a build's Vite manifest: the lobby's entry with everything it imports
// statically, then each chunk loaded by dynamic import() with what it adds to the entry's.
//
//   npm run build -w @boss-table/web && node packages/web/scripts/bundle-sizes.mjs [dist]
//
// `dist` defaults to packages/web/dist; a build made without the manifest can be measured
// after `npx vite build --manifest`. docs/benchmarks.md keeps the figures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build first (npx vite build --manifest).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes).length };
};
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

/** The files a chunk brings with its static imports, less those already in `have`. */
function closure(key, have = new Set()) {
  const files = [];
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const f of [chunk.file, ...(chunk.css ?? [])]) if (!have.has(f)) files.push(f);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  return files;
}

function line(label, files) {
  const total = files.map(size).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(`${label.padEnd(36)} ${kb(total.raw).padStart(10)} ${kb(total.gzip).padStart(10)}`);
  return total;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure(entryKey);
console.log(`${'chunk'.padEnd(36)} ${'raw'.padStart(10)} ${'gzipped'.padStart(10)}`);
line(`entry ${manifest[entryKey].file}`, [manifest[entryKey].file]);
line('entry with its static imports (JS+CSS)', entry);
const loaded = new Set(entry);
const dynamic = [...new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []))];
for (const key of dynamic.sort()) line(`+ ${key}`, closure(key, loaded));
const assets = join(dist, 'assets');
for (const f of readdirSync(assets).filter((f) => /worker.*\.js$/.test(f)))
  line(`worker ${f}`, [join('assets', f)]);
