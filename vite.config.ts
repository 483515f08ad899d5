import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://localhost:8080';

/**
 * Writes a .br and a .gz beside every text asset of the build; server/app.ts serves them
 * (@fastify/static preCompressed) to browsers that accept them, with no compression per request.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|mjs|css|svg|json|html|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'storefront-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 512) continue;
        const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all its
 * functions compiled when it loads, beside its download, instead of one by one on their first
 * call in the middle of the first render (compiling was a third of the listing's first
 * render, a long task on a phone). Every code chunk gets it: each is code that runs when it loads
 * (the shell on every page, a screen's chunk when that screen shows). The texts' catalogs (JSON
 * modules) have no functions and go without. It must be the very first line, so it is added last,
 * after minification and after Vite has put its preload list at the top of the entry.
 */
function compileHints(): Plugin {
  return {
    name: 'storefront-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !chunk.moduleIds.every((id) => id.endsWith('.json')))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/**
 * The modules the storefront's entry (web/index.html → web/app/main.tsx) imports statically,
 * itself left out, worked out once the module graph is known; `codeSplitting` below puts them in
 * one chunk. The back office's entry is not followed: its code never joins the storefront's boot.
 */
const storefrontBoot = new Set<string>();
function storefrontBootModules(): Plugin {
  return {
    name: 'storefront-boot-modules',
    apply: 'build',
    buildEnd() {
      storefrontBoot.clear();
      const entry = `${repoRoot}web/app/main.tsx`;
      const queue = [...(this.getModuleInfo(entry)?.importedIds ?? [])];
      while (queue.length > 0) {
        const id = queue.pop() as string;
        if (storefrontBoot.has(id) || id === entry) continue;
        storefrontBoot.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

// The SPA lives in web/ and is built into <repo>/dist, which server/app.ts serves.
export default defineConfig({
  root: `${repoRoot}web`,
  publicDir: `${repoRoot}web/public`,
  plugins: [react(), storefrontBootModules(), compileHints(), precompress(`${repoRoot}dist`)],
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: 'es2022',
    // server/spa-hints.ts reads it to preload each screen's chunks from the page's HTML.
    manifest: true,
    // Everything the storefront's entry imports statically (React, i18next, TanStack Query, wouter, the shell)
    // runs on every first load anyway: one chunk for it instead of ~20 small shared ones. On a
    // phone each request costs a round trip on one of a few connections; with React's extra
    // ~55 kB that queue put Lighthouse's LCP past its 95 budget (measured: / 22 → 6 JS files,
    // 129.7 → 123.9 kB gzipped, LCP about 300 ms earlier). The screens' chunks still load only
    // with their screen.
    rolldownOptions: {
      // The back office is an entry of its own (dist/admin/index.html): the storefront's first
      // load carries none of it. The door check-in page is a third (dist/checkin/index.html).
      input: { main: `${repoRoot}web/index.html`, admin: `${repoRoot}web/admin/index.html`, checkin: `${repoRoot}web/checkin/index.html` },
      output: {
        codeSplitting: {
          // Not the entry itself (main.tsx): it awaits the screen's chunk at the top level, and a
          // screen chunk importing from the entry's chunk would wait for that await, until the
          // 3 s boot timeout (e2e/first-load.spec.ts caught it). It stays the manifest's entry,
          // which server/spa-hints.ts reads. The group is closed under static imports (it is
          // what the entry imports), so no dependency needs pulling in.
          // 'Not on sale yet' (contract/sale-state.ts, one constant) joins it too: the listing and
          // the event page both read it, which would otherwise split it into a chunk of its own,
          // one more request on `/` (it imports nothing, so the group stays closed).
          groups: [
            {
              name: 'boot',
              test: (id) => storefrontBoot.has(id) || id.endsWith('/contract/sale-state.ts'),
              includeDependenciesRecursively: false,
            },
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
