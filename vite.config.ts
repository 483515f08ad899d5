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
    // React DOM 19 + react-router are ~99 kB gzipped on their own; warn above that chunk.
    chunkSizeWarningLimit: 330,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'libs', test: /node_modules[\\/](i18next|react-i18next|@tanstack|zod)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the API on 8080; the browser talks to Vite, which forwards the calls.
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
