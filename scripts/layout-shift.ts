/**
 * `npm run bench:cls`: the layout shift a page suffers while hub-kit's elements upgrade.
 *
 * A plain page with all four elements between paragraphs of text, served with the built
 * `dist/hub-kit.js` (sent 400 ms late, as from a network, so that the page has painted
 * before the elements upgrade) and the stand-in on one origin, is loaded in headless Chromium, with and
 * without the kit's stylesheet (`dist/hub-kit.css`), with and without 4x CPU throttling. A
 * `layout-shift` PerformanceObserver, installed before the page's first byte, records every
 * shift until the card and the search box have settled; the score is Cumulative Layout
 * Shift as browsers define it (the worst session window: shifts less than 1 s apart, at most
 * 5 s long, leaving out shifts right after input).
 *
 * test/e2e/layout-shift.test.ts holds the page with the stylesheet to CLS <= 0.01.
 */
import http from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumPath } from '../test/support/browser-paths.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

/** The page: text around each element, so that anything the elements push is seen moving. */
export function page(withStylesheet: boolean): string {
  const para = (n: number) =>
    `<p>Paragraph ${n}. A creator's page has text around the kit's elements; when an element grows on upgrade, this text moves.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Layout shift</title>
<meta name="description" content="A plain page with hub-kit's four elements, for measuring layout shift.">
<link rel="icon" href="data:,">
${withStylesheet ? '<link rel="stylesheet" href="/hub-kit.css">' : ''}
<script type="module" src="/hub-kit.js"></script>
<style>body { max-width: 40rem; margin: 0 auto; padding: 1rem; font-family: sans-serif; line-height: 1.5; }</style>
</head>
<body>
<h1>A creator</h1>
${para(1)}
<bio-card tenant="demo"></bio-card>
${para(2)}
<hub-search tenant="demo"></hub-search>
${para(3)}
<signup-form form="demo-form"></signup-form>
${para(4)}
<contact-form tenant="demo"></contact-form>
${para(5)}
${para(6)}
</body>
</html>`;
}

const SCRIPT_DELAY_MS = 400;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html' };

/** Serves the page (`/` with the stylesheet, `/?bare` without), dist/ and the stand-in. */
export async function servePage(): Promise<{ origin: string; close: () => Promise<void> }> {
  const standInModule = pathToFileURL(join(dist, 'stand-in.js')).href;
  const { createStandIn, toNodeHandler } = (await import(standInModule)) as typeof import('../src/stand-in/index.js');
  const standIn = toNodeHandler(createStandIn());
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(!url.searchParams.has('bare')));
      return;
    }
    const file = join(dist, url.pathname);
    // The loader, the files it fetches from hub-kit/ beside it, and the stylesheet.
    if (/^\/hub-kit(\.(js|css)|\/[\w.-]+\.js)$/.test(url.pathname) && existsSync(file)) {
      // The script arrives a moment after the page has painted, as from a network, so the
      // elements always upgrade on a page already on screen.
      const delay = url.pathname.endsWith('.js') ? SCRIPT_DELAY_MS : 0;
      setTimeout(() => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)]! });
        response.end(readFileSync(file));
      }, delay);
      return;
    }
    standIn(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const OBSERVER = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__shifts.push({ value: entry.value, time: entry.startTime, input: entry.hadRecentInput });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** CLS from a list of shifts: the largest session window (gap < 1 s, span <= 5 s). */
export function cumulativeLayoutShift(shifts: Array<{ value: number; time: number; input: boolean }>): number {
  let worst = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.input) continue;
    if (shift.time - last >= 1000 || shift.time - first >= 5000) {
      current = 0;
      first = shift.time;
    }
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

export interface Measure {
  cls: number;
  shifts: number;
}

/**
 * Loads `url` once in `browser` (a fresh context: nothing cached) and returns its CLS once
 * the page has settled: every hub-kit element on it defined, every card showing its
 * profile, then a quiet 1.5 s.
 */
export async function measureUrl(browser: Browser, url: string, throttle: number): Promise<Measure> {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  try {
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1 });
    if (throttle > 1) await tab.emulateCPUThrottling(throttle);
    await tab.evaluateOnNewDocument(OBSERVER);
    await tab.goto(url, { waitUntil: 'load' });
    await tab.waitForFunction(
      () =>
        document.querySelectorAll(':is(bio-card, hub-search, signup-form, contact-form):not(:defined)').length === 0 &&
        [...document.querySelectorAll('bio-card')].every((card) => (card as Element & { state?: string }).state === 'ready'),
      { timeout: 60_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const shifts = (await tab.evaluate('window.__shifts')) as Array<{ value: number; time: number; input: boolean }>;
    return { cls: cumulativeLayoutShift(shifts), shifts: shifts.length };
  } finally {
    await context.close();
  }
}

/** The plain page of this file, with or without `hub-kit.css`. */
export function measure(browser: Browser, origin: string, options: { stylesheet: boolean; throttle: number }): Promise<Measure> {
  return measureUrl(browser, `${origin}/${options.stylesheet ? '' : '?bare'}`, options.throttle);
}

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'hub-kit.js'))) throw new Error('run `npm run build` first');
  const runs = Number(process.env.CLS_RUNS ?? 3);
  const served = await servePage();
  const browser = await launchChromium();
  try {
    console.log(`CLS of a plain page with the four elements, Chromium, 412x823, worst of ${runs} loads\n`);
    console.log('| page | no throttling | 4x CPU throttling |');
    console.log('|---|---:|---:|');
    for (const stylesheet of [false, true]) {
      const cells: string[] = [];
      for (const throttle of [1, 4]) {
        let worst = 0;
        for (let i = 0; i < runs; i++) worst = Math.max(worst, (await measure(browser, served.origin, { stylesheet, throttle })).cls);
        cells.push(worst.toFixed(4));
      }
      console.log(`| ${stylesheet ? 'with hub-kit.css' : 'without a stylesheet'} | ${cells.join(' | ')} |`);
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
