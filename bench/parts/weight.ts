import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { pagesToMeasure } from '../lib/pages.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { startStorefront } from '../lib/server.ts';
import { CHROMIUM, chromiumMissing, ensureBuilt } from '../lib/web.ts';

/** First-load JS of / at most this many gzipped bytes (130 kB: React DOM 19 is about 60 kB of it). */
const HOME_JS_TARGET = 130_000;

type Weight = {
  page: string;
  jsFiles: number;
  jsGzip: number;
  jsRaw: number;
  cssFiles: number;
  cssGzip: number;
  cssRaw: number;
  files: string[];
};

export const weight: Part = {
  name: 'weight',
  title: 'Page weight: gzipped JS and CSS of the first load',
  async run(ctx): Promise<PartOutput> {
    const missing = chromiumMissing();
    if (missing)
      return {
        tables: [],
        targets: [{ target: 'first-load JS on / ≤ 130 kB gzipped', measured: missing, met: null }],
        notes: [missing],
        data: {},
      };
    ensureBuilt(ctx.log);
    ctx.log('weight: starting the storefront (PGlite, demo catalog, built web app)');
    const server = await startStorefront({ db: 'pglite' });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const weights: Weight[] = [];
    try {
      for (const page of await pagesToMeasure(server.url)) {
        // A fresh context: an empty cache, as on a first visit.
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const tab = await context.newPage();
        const bodies: Promise<{ kind: 'script' | 'stylesheet'; url: string; raw: number; gzip: number } | undefined>[] = [];
        tab.on('response', (response) => {
          const kind = response.request().resourceType();
          if (kind !== 'script' && kind !== 'stylesheet') return;
          bodies.push(
            response.body().then(
              (body) => ({ kind, url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
              () => undefined,
            ),
          );
        });
        await tab.goto(server.url + page.path, { waitUntil: 'networkidle' });
        const files = (await Promise.all(bodies)).filter((f) => f !== undefined);
        const sum = (kind: string, field: 'raw' | 'gzip') => files.filter((f) => f.kind === kind).reduce((total, f) => total + f[field], 0);
        weights.push({
          page: page.name,
          jsFiles: files.filter((f) => f.kind === 'script').length,
          jsGzip: sum('script', 'gzip'),
          jsRaw: sum('script', 'raw'),
          cssFiles: files.filter((f) => f.kind === 'stylesheet').length,
          cssGzip: sum('stylesheet', 'gzip'),
          cssRaw: sum('stylesheet', 'raw'),
          files: files.map((f) => `${f.url} ${f.gzip}`),
        });
        await context.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    const kb = (bytes: number) => Number((bytes / 1000).toFixed(1));
    const rows: Cell[][] = weights.map((w) => [w.page, w.jsFiles, kb(w.jsGzip), kb(w.jsRaw), w.cssFiles, kb(w.cssGzip), kb(w.cssRaw)]);
    const home = weights.find((w) => w.page === '/');
    const targets: TargetCheck[] = [
      {
        target: 'first-load JS on / ≤ 130 kB gzipped',
        measured: home ? `${kb(home.jsGzip)} kB in ${home.jsFiles} files` : 'not measured',
        met: home ? home.jsGzip <= HOME_JS_TARGET : null,
      },
    ];
    return {
      tables: [
        {
          title: 'First load in Chromium (empty cache, 390×844): JS and CSS responses until the network is idle; kB = 1,000 bytes, gzip -9',
          columns: ['page', 'JS files', 'JS gzip kB', 'JS raw kB', 'CSS files', 'CSS gzip kB', 'CSS raw kB'],
          rows,
        },
      ],
      targets,
      notes: [],
      data: { weights },
    };
  },
};
