/**
 * What the framework tests check on a built site, in a real browser of each browser:
 *
 * - with JavaScript: the page loads several times (the first with a cold cache) without a
 *   console error, the element takes over the form (and, where a framework hydrates, after
 *   it has), and a signup shows the success text and reaches the stand-in;
 * - without JavaScript: what the visitor sees, and whether the form posts to the service
 *   and comes back to the page;
 * - the bytes a page fetches (gzip -9 of its HTML, scripts and stylesheets), so that the
 *   bytes the kit adds are the difference with the same site's page without it.
 *
 * Plus a static file server for sites built to a folder.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, type BrowserName, type HarnessPage } from './browser-harness.js';
import { until } from './until.js';

/** The stand-in's answer to a signup, which the element shows. */
export const SUCCESS = 'Check your inbox to confirm.';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves a built folder as a static host would: `/x/` is `/x/index.html`, `/x` may be `/x.html`. */
export async function serveStatic(root: string): Promise<{ origin: string; close(): void }> {
  const server = http.createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const candidates = [join(root, path), join(root, path, 'index.html'), join(root, `${path}.html`)];
    const file = candidates.find((f) => f.startsWith(root) && existsSync(f) && statSync(f).isFile());
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

export interface Weight {
  html: number;
  js: number;
  css: number;
  total: number;
  files: string[];
}

/**
 * gzip -9 bytes of what the page fetched from its own origin: the document, its scripts
 * (modules they import included) and stylesheets. Inline scripts and styles count with the
 * document.
 */
export async function pageWeight(page: HarnessPage): Promise<Weight> {
  const urls = await page.evaluate(() => {
    const found = new Set<string>([location.origin + location.pathname]);
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!['fetch', 'xmlhttprequest', 'beacon', 'img', 'image'].includes(entry.initiatorType)) found.add(entry.name);
    }
    for (const s of document.querySelectorAll<HTMLScriptElement>('script[src]')) found.add(s.src);
    for (const l of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]')) found.add(l.href);
    return [...found].filter((url) => new URL(url).origin === location.origin);
  });
  const weight: Weight = { html: 0, js: 0, css: 0, total: 0, files: [] };
  for (const url of urls) {
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    const kind = type.includes('html') ? 'html' : type.includes('javascript') ? 'js' : type.includes('css') ? 'css' : undefined;
    if (!response.ok || !kind) continue;
    const bytes = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    weight[kind] += bytes;
    weight.total += bytes;
    weight.files.push(`${new URL(url).pathname} ${bytes}`);
  }
  return weight;
}

/** `a − b`, part by part, in KiB with one decimal, for a report line. */
export function added(a: Weight, b: Weight): string {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  return `${kib(a.total - b.total)} gzip (JS ${kib(a.js - b.js)}, CSS ${kib(a.css - b.css)}, HTML ${kib(a.html - b.html)})`;
}

async function recorded(standIn: string, email: string): Promise<boolean> {
  const records = (await (await fetch(`${standIn}/__stand-in/records`)).json()) as { subscribers: Array<{ email: string }> };
  return records.subscribers.some((s) => s.email === email);
}

async function untilText(page: HarnessPage, selector: string, expected: string): Promise<string> {
  let text = '';
  const read = async () => (text = await page.visibleText(selector)).includes(expected);
  await until(read, () => `"${expected}" in ${selector}, which reads "${text}"`, { timeoutMs: 20_000, intervalMs: 200 });
  return text;
}

/** The element has upgraded and holds a form. */
const upgraded = () => {
  const el = document.querySelector('signup-form') as (HTMLElement & { formElement?: HTMLFormElement | null }) | null;
  return Boolean(el && customElements.get('signup-form') && el.formElement?.isConnected);
};

/**
 * Two tasks after the last check: what a framework reports after hydrating has been
 * reported. (Not animation frames: WebKit's pages here are background tabs, which get none.)
 */
const settled = () => new Promise<boolean>((resolve) => setTimeout(() => setTimeout(() => resolve(true))));

export interface WithJavaScript {
  url: string;
  standIn: string;
  /** Loads before the signup; the first has a cold cache. */
  loads: number;
  /** Runs in the page: true once the framework has hydrated (or mounted) the element. */
  hydrated?: () => boolean;
  /** The line the app itself shows after a signup (from the element's success event). */
  appText?: (email: string) => string;
  label: string;
  /** Sign up on the last load (default true); false checks the loads alone. */
  signup?: boolean;
}

/** Loads the page `loads` times, then signs up on the last load (unless told not to); returns every console error seen. */
export async function signupWithJavaScript(browserName: BrowserName, options: WithJavaScript): Promise<{ errors: string[]; weight: Weight }> {
  const browser = await launch(browserName);
  try {
    const errors: string[] = [];
    let page: HarnessPage | undefined;
    for (let i = 0; i < options.loads; i++) {
      if (page) {
        errors.push(...(await page.consoleErrors()));
        await page.close();
      }
      page = await browser.newPage();
      await page.goto(options.url);
      await page.waitFor(upgraded, [], { what: 'the element to take over its form' });
      if (options.hydrated) await page.waitFor(options.hydrated, [], { what: 'the framework to hydrate' });
      await page.evaluate(settled);
    }
    const weight = await pageWeight(page!);
    if (options.signup === false) {
      errors.push(...(await page!.consoleErrors()));
      return { errors, weight };
    }
    // One form on the page, adopted rather than doubled.
    assert.equal(await page!.evaluate(() => document.querySelectorAll('signup-form form').length), 1);

    const email = `${options.label}-${browserName}-${Date.now()}@example.com`;
    await page!.fill('signup-form input[type="email"]', email);
    await page!.click('signup-form button[type="submit"]');
    const text = await untilText(page!, 'signup-form', SUCCESS);
    assert.ok(text.includes(SUCCESS), `after a signup the form reads "${text}", without "${SUCCESS}"`);
    if (options.appText) {
      const line = options.appText(email);
      const body = await untilText(page!, 'body', line);
      assert.ok(body.includes(line), `the app did not show "${line}": "${body}"`);
    }
    assert.ok(await recorded(options.standIn, email), `the service did not record ${email}`);
    errors.push(...(await page!.consoleErrors()));
    return { errors, weight };
  } finally {
    await browser.close();
  }
}

export interface WithoutJavaScript {
  /** What the visitor reads on the page. */
  before: string;
  /** Where the form's post brought the visitor back to, if the page had a form. */
  landed?: string;
  /** What the visitor reads there. */
  after?: string;
}

/**
 * With scripts off: what the page shows, and, if it has a form, a signup through it. The
 * service must record it and send the visitor back to the page with ?hub-kit=subscribed
 * (and the fragment of the form's action, which names the note that says it worked).
 */
export async function signupWithoutJavaScript(browserName: BrowserName, url: string, standIn: string, label: string): Promise<WithoutJavaScript> {
  const browser = await launch(browserName, { javaScript: false });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    const before = await page.visibleText('body');
    if (!(await page.evaluate(() => document.querySelector('signup-form form') !== null))) return { before };
    const email = `nojs-${label}-${browserName}-${Date.now()}@example.com`;
    await page.fill('signup-form input[type="email"]', email);
    await page.click('signup-form button[type="submit"]');
    await page.waitFor(() => location.search.includes('hub-kit=subscribed') && document.readyState === 'complete', [], { what: 'the way back to the page' });
    assert.ok(await recorded(standIn, email), `the service did not record ${email}`);
    return { before, landed: await page.url(), after: await page.visibleText('body') };
  } finally {
    await browser.close();
  }
}

/**
 * A page with `<bio-card tenant="demo">` given its profile by the framework (`data`, and
 * `noPresence`): what the card reads once those reads that it may have started before the
 * framework set them have been answered. The signal: a second card of the same tenant, added
 * now without data, shows the service's profile and presence, which come from the same
 * requests (or the cache they filled).
 */
export async function shownGivenProfile(page: HarnessPage, standIn: string): Promise<string> {
  await page.waitFor(() => Boolean(document.querySelector('bio-card')?.shadowRoot?.querySelector('[part="name"]')), [], { what: 'the card' });
  await page.evaluate((base: string) => {
    const second = document.createElement('bio-card');
    second.id = 'second-card';
    second.setAttribute('tenant', 'demo');
    second.setAttribute('base-url', base);
    document.body.append(second);
  }, standIn);
  await page.waitFor(() => Boolean(document.querySelector('#second-card')?.shadowRoot?.querySelector('[part="online"]')), [], { what: 'the second card\'s presence' });
  const text = await page.evaluate(() => document.querySelector('bio-card')!.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim());
  await page.evaluate(() => document.querySelector('#second-card')!.remove());
  return text;
}

/**
 * The page a server renders at `url`, checked to hold the form of hub-kit/markup inside
 * `<signup-form>` (a framework's comment marker may stand between them), posting to the
 * stand-in's form action; returned for more checks.
 */
export async function serverRenderedForm(url: string, standIn: string): Promise<string> {
  const html = await (await fetch(url)).text();
  const action = `${standIn}/api/subscribe/demo-form#hub-kit-subscribed`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  assert.match(html, new RegExp(`<signup-form>(?:<!---->)?<form class="hub-form" method="post" action="${action}">`));
  return html;
}
