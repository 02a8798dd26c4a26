// Dev server and build setup: hot reload on :5173 with the API and WebSocket proxied to the server on :8080.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Writes `.vite/modules.json` beside Vite's manifest: the modules bundled into each chunk
 * (paths from the repository's root), so that a test can tell which code the lobby's entry
 * carries (`src/bundle-budget.test.ts`).
 */
function chunkModules(): Plugin {
  return {
    name: 'boss-table-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          modules[chunk.fileName] = Object.keys(chunk.modules)
            .filter((id) => !id.startsWith('\0'))
            .map((id) => relative(repo, id.split('?')[0]).split('\\').join('/'));
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(modules, null, 1),
      });
    },
  };
}

/**
 * Writes `sw.js` (from `src/sw.js`), the service worker that keeps every built file for use
 * offline: the list of files, and a version that changes with them, filled in.
 */
function serviceWorker(): Plugin {
  return {
    name: 'boss-table-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Vite copies public/ (the manifest, the icons) beside the bundle without listing it.
      const pub = fileURLToPath(new URL('./public/', import.meta.url));
      const copied = readdirSync(pub, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(pub, join(e.parentPath, e.name)).split('\\').join('/'));
      const files = [
        ...Object.keys(bundle).filter((f) => !f.startsWith('.vite/')),
        ...copied,
      ].sort();
      // Bundled files' names change with their content; the copied ones' content is hashed.
      const hash = createHash('sha256').update(files.join('\n'));
      for (const f of copied) hash.update(readFileSync(join(pub, f)));
      const version = hash.digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./src/sw.js', import.meta.url), 'utf8')
        .replace('self.__FILES__', JSON.stringify(files))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// `npm run dev -w @boss-table/web`: hot reload on :5173, the API and WebSocket proxied to
// the server (`npm start`) on :8080.
export default defineConfig({
  plugins: [react(), chunkModules(), serviceWorker()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  // The manifest (`.vite/manifest.json`) names each chunk's static and dynamic imports.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
