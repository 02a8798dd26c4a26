// Dev server and build setup: hot reload on :5173 with the API and WebSocket proxied to the server on :8080.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev -w @boss-table/web`: hot reload on :5173, the API and WebSocket proxied to
// the server (`npm start`) on :8080.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
