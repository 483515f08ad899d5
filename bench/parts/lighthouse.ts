import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../lib/chromium.ts';
import { optionalImport } from '../lib/optional.ts';
import { pagesToMeasure } from '../lib/pages.ts';
import type { Part, PartOutput } from '../lib/part.ts';
import type { Cell, TargetCheck } from '../lib/report.ts';
import { startStorefront } from '../lib/server.ts';
import { chromiumMissing, ensureBuilt } from '../lib/web.ts';

/** The part of Lighthouse's documented Node API used here (lighthouse 12/13): lighthouse(url, flags) on a browser's DevTools port. */
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { numericValue?: number; score?: number | null; title?: string } | undefined>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};
type Lighthouse = (
  url: string,
  flags: { port: number; output?: 'json'; logLevel?: 'silent' | 'error'; onlyCategories?: string[] },
) => Promise<{ lhr: Lhr } | undefined>;

const TARGETS = { performance: 95, accessibility: 100, cls: 0.02 };

type Score = {
  page: string;
  performance: number | null;
  accessibility: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Accessibility audits that did not pass, so that a score below 100 says what to fix. */
  accessibilityFailures: string[];
  error?: string;
};

export const lighthouse: Part = {
  name: 'lighthouse',
  title: 'Lighthouse (mobile)',
  async run(ctx): Promise<PartOutput> {
    const missing = chromiumMissing();
    const lighthouseRun = await optionalImport<Lighthouse>('lighthouse');
    const unavailable = missing ?? (lighthouseRun ? undefined : 'not available: the lighthouse package is not installed');
    if (unavailable || !lighthouseRun) {
      const why = unavailable ?? 'not available';
      return {
        tables: [],
        targets: [{ target: 'Lighthouse performance ≥ 95, accessibility 100, CLS ≤ 0.02 on every page', measured: why, met: null }],
        notes: [why],
        data: {},
      };
    }
    ensureBuilt(ctx.log);
    ctx.log('lighthouse: starting the storefront (PGlite, demo catalog, built web app)');
    const server = await startStorefront({ db: 'pglite' });
    const chrome = await launchChromium();
    const scores: Score[] = [];
    try {
      // BENCH_LIGHTHOUSE_PAGES=/,/order measures only those pages (names as in the table) while working on one.
      const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
      const pages = (await pagesToMeasure(server.url)).filter(
        (page) => !only || only.some((name) => page.name === name || page.name.startsWith(`${name}/`)),
      );
      // BENCH_LIGHTHOUSE_JSON=<dir> keeps each page's whole Lighthouse report there (audits, LCP breakdown, requests).
      const jsonDir = process.env.BENCH_LIGHTHOUSE_JSON;
      if (jsonDir) mkdirSync(jsonDir, { recursive: true });
      for (const page of pages) {
        ctx.log(`lighthouse: ${page.name}`);
        const result = await lighthouseRun(server.url + page.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result?.lhr;
        if (jsonDir && lhr) {
          const file = path.join(
            jsonDir,
            `${page.name
              .replace(/\{hash\}/g, 'hash')
              .replace(/^\/$/, 'home')
              .replace(/^\//, '')
              .replace(/\//g, '-')}.json`,
          );
          writeFileSync(file, JSON.stringify(lhr));
          ctx.log(`lighthouse: report kept in ${file}`);
        }
        const score = (name: string) => {
          const value = lhr?.categories[name]?.score;
          return value === null || value === undefined ? null : Math.round(value * 100);
        };
        const numeric = (audit: string, digits: number) => {
          const value = lhr?.audits[audit]?.numericValue;
          return value === undefined ? null : Number(value.toFixed(digits));
        };
        scores.push({
          page: page.name,
          performance: score('performance'),
          accessibility: score('accessibility'),
          lcpMs: numeric('largest-contentful-paint', 0),
          tbtMs: numeric('total-blocking-time', 0),
          cls: numeric('cumulative-layout-shift', 3),
          accessibilityFailures: (lhr?.categories.accessibility?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && lhr?.audits[ref.id]?.score === 0)
            .map((ref) => `${ref.id} (${lhr?.audits[ref.id]?.title ?? ''})`),
          ...(lhr?.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
        });
      }
    } finally {
      await chrome.kill();
      await server.stop();
    }
    const rows: Cell[][] = scores.map((s) => [s.page, s.performance, s.accessibility, s.lcpMs, s.tbtMs, s.cls]);
    const met = (s: Score) =>
      s.performance !== null &&
      s.performance >= TARGETS.performance &&
      s.accessibility === TARGETS.accessibility &&
      s.cls !== null &&
      s.cls <= TARGETS.cls;
    const targets: TargetCheck[] = scores.map((s) => ({
      target: `Lighthouse ${s.page}: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, CLS ≤ ${TARGETS.cls}`,
      measured: `performance ${s.performance ?? '—'}, accessibility ${s.accessibility ?? '—'}, CLS ${s.cls ?? '—'}${s.error ? ` (${s.error})` : ''}`,
      met: s.performance === null ? null : met(s),
    }));
    return {
      tables: [
        {
          title: 'Lighthouse, default mobile settings (emulated phone, simulated slow 4G and 4× CPU slowdown), Debian Chromium headless',
          columns: ['page', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'CLS'],
          rows,
        },
      ],
      targets,
      notes: [
        ...scores.filter((s) => s.error).map((s) => `${s.page}: ${s.error}`),
        ...scores
          .filter((s) => s.accessibilityFailures.length)
          .map((s) => `${s.page}: accessibility audits failed: ${s.accessibilityFailures.join('; ')}`),
      ],
      data: { scores },
    };
  },
};
