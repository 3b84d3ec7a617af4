/**
 * `npm run lighthouse`: Lighthouse (the npm package) driving the machine's Chromium through
 * chrome-launcher; no browser is downloaded. It audits
 *
 * - the built demo (`vite build --config vite.demo.config.ts`, served by `vite preview` with
 *   the stand-in on the same origin): its home, links and Hub pages;
 * - the plain page of scripts/layout-shift.ts: the four elements with `hub-kit.css`.
 *
 * and prints each page's scores (performance, accessibility, best practices, SEO) and its
 * Cumulative Layout Shift, on Lighthouse's default mobile settings. `--check` exits 1 when a
 * demo page scores under 100 in accessibility, best practices or SEO, or any page's CLS is
 * over 0.01. Needs `npm run build` first (the plain page loads dist/).
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, preview, type PreviewServer } from 'vite';
import { chromiumPath } from '../test/support/browser-paths.js';
import { servePage } from './layout-shift.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const demoConfig = fileURLToPath(new URL('../vite.demo.config.ts', import.meta.url));

export const DEMO_PAGES = ['/', '/app.html', '/hub/'];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface Audit {
  url: string;
  scores: Partial<Record<Category, number>>;
  cls?: number;
  /** Titles of the audits that lost points, for a reader to act on. */
  failing: string[];
}

/** Builds the demo and serves it with `vite preview` on a free port. */
export async function serveBuiltDemo(): Promise<{ origin: string; close: () => Promise<void> }> {
  await build({ configFile: demoConfig, root: `${root}demo`, logLevel: 'error' });
  const server: PreviewServer = await preview({
    configFile: demoConfig,
    logLevel: 'error',
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  const { port } = server.httpServer.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export async function audit(urls: string[], categories: readonly Category[] = CATEGORIES): Promise<Audit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const results: Audit[] = [];
  try {
    for (const url of urls) {
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = run;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const scores: Audit['scores'] = {};
      const failing: string[] = [];
      for (const category of categories) {
        const result = lhr.categories[category];
        scores[category] = Math.round((result?.score ?? 0) * 100);
        if (category === 'performance') continue;
        for (const ref of result?.auditRefs ?? []) {
          const one = lhr.audits[ref.id];
          if (ref.weight > 0 && one && one.score !== null && one.score < 1) failing.push(`${category}: ${one.title}`);
        }
      }
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
      results.push({ url, scores, ...(cls === undefined ? {} : { cls }), failing });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const demo = await serveBuiltDemo();
  const plain = await servePage();
  try {
    const results = await audit([...DEMO_PAGES.map((path) => demo.origin + path), `${plain.origin}/`]);
    console.log('| page | performance | accessibility | best practices | SEO | CLS |');
    console.log('|---|---:|---:|---:|---:|---:|');
    let ok = true;
    for (const result of results) {
      const isDemo = result.url.startsWith(demo.origin);
      const name = isDemo ? `demo ${new URL(result.url).pathname}` : 'plain page, four elements';
      const s = result.scores;
      console.log(
        `| ${name} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${result.cls?.toFixed(3) ?? '–'} |`,
      );
      if (isDemo && (s.accessibility !== 100 || s['best-practices'] !== 100 || s.seo !== 100)) ok = false;
      if ((result.cls ?? 0) > 0.01) ok = false;
      for (const line of result.failing) console.log(`    ${name}: ${line}`);
    }
    if (check && !ok) process.exitCode = 1;
  } finally {
    await demo.close();
    await plain.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
