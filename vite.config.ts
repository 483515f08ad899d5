import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://localhost:8080';

// The SPA lives in web/ and is built into <repo>/dist, which server/app.ts serves.
export default defineConfig({
  root: `${repoRoot}web`,
  publicDir: `${repoRoot}web/public`,
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // The budget is ≤100 kB gzipped for '/', so a growing entry chunk should be noticed.
    chunkSizeWarningLimit: 350,
  },
  server: {
    // `npm run dev` runs the API on 8080; the browser talks to Vite, which forwards the calls.
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
