/**
 * Real browsers for Node tests, one small interface over three of them:
 *
 *   const browser = await launch('firefox', { javaScript: false });
 *   const page = await browser.newPage();   // a real tab of that one browser
 *   await page.goto(url);
 *   await page.waitFor(() => document.title !== '', [], { what: 'a title' });
 *   const text = await page.visibleText('main');
 *   expect(await page.consoleErrors()).to.deep.equal([]);
 *   await browser.close();
 *
 * - Chromium: puppeteer-core over CDP. Firefox: puppeteer-core over WebDriver BiDi. Both
 *   drive the executables browser-paths.ts finds; pages are tabs of one browser process, and
 *   any number can be open and busy at once.
 * - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver (webdriverio, WebDriver
 *   classic), under Xvfb when there is no display. Its pages are windows of one session;
 *   WebDriver talks to one window at a time, so their commands take turns.
 * - `javaScript: false` turns off the pages' own scripts, as a visitor's setting would;
 *   `evaluate` and friends still run (they are the test's eyes, not the page's code).
 * - Console errors: console.error calls, uncaught exceptions and unhandled rejections (and,
 *   in Chromium and Firefox, what the browser itself logs as an error, such as a failed
 *   load). WebDriver classic has no console, so for WebKit the harness puts the browser
 *   behind a small local proxy that adds one recording script at the top of every http
 *   HTML page (its hash is added to the page's CSP, if any); https traffic is tunnelled
 *   untouched. WebKit's record is per document: `goto` keeps what the previous document
 *   recorded, a navigation the page makes itself (a form post) starts a new one.
 *
 * Every wanted browser must be there: launch() throws a MissingBrowserError otherwise, and
 * HUB_BROWSERS (browser-paths.ts) is how a run leaves one out.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import puppeteer, { type Browser as PptrBrowser, type Page as PptrPage } from 'puppeteer-core';
import { remote } from 'webdriverio';
import {
  CHROMIUM_ARGS,
  chromiumPath,
  firefoxPath,
  startWebKitDriver,
  wantedBrowsers,
  webkitPaths,
  type BrowserName,
} from './browser-paths.js';

export { BROWSER_NAMES, MissingBrowserError, type BrowserName } from './browser-paths.js';

/** The browsers this run must cover (HUB_BROWSERS, default all three). */
export { wantedBrowsers };

export interface LaunchOptions {
  /** The pages' own scripts run (default true). */
  javaScript?: boolean;
  /** Firefox only: extra prefs for the whole browser, e.g. `{ 'ui.systemUsesDarkTheme': 1 }`. */
  firefoxPrefs?: Record<string, string | number | boolean>;
}

export interface WaitOptions {
  /** Milliseconds before giving up; default 20 s, since the machine may be busy. */
  timeout?: number;
  /** What is awaited, for the error message. */
  what?: string;
}

export interface HarnessPage {
  readonly browserName: BrowserName;
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page; arguments and result travel as JSON. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>>;
  /** Evaluates `fn` until it returns something truthy, and returns that. */
  waitFor<A extends unknown[], R>(fn: (...args: A) => R, args?: A, options?: WaitOptions): Promise<Awaited<R>>;
  /**
   * The text a sighted visitor can read inside the first match of `selector` (default the
   * body), shadow roots included, in document order, whitespace collapsed. Hidden,
   * zero-sized and visually hidden (screen-reader only) text is left out.
   */
  visibleText(selector?: string): Promise<string>;
  /** Types into a light-DOM field, with the browser's own input events. */
  fill(selector: string, value: string): Promise<void>;
  /** Clicks a light-DOM element, with the browser's own input events. */
  click(selector: string): Promise<void>;
  url(): Promise<string>;
  consoleErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface HarnessBrowser {
  readonly browserName: BrowserName;
  newPage(): Promise<HarnessPage>;
  close(): Promise<void>;
}

export async function launch(browserName: BrowserName, options: LaunchOptions = {}): Promise<HarnessBrowser> {
  const javaScript = options.javaScript ?? true;
  if (browserName === 'webkit') return launchWebKit(javaScript);
  return launchPuppeteer(browserName, javaScript, options.firefoxPrefs ?? {});
}

// ---------------------------------------------------------------------------------------
// What runs in the page. Plain JavaScript source, so that no compiler helper (tsx names
// functions with `__name`) ends up in a function the page cannot resolve.

/** An expression calling `fn(...args)` in the page, with tsx's `__name` helper stubbed. */
function expression(fn: (...args: never[]) => unknown, args: unknown[]): string {
  return `(async () => { const __name = (f) => f; return (${fn.toString()})(...${JSON.stringify(args)}); })()`;
}

const VISIBLE_TEXT = `(selector) => {
  const root = selector ? document.querySelector(selector) : document.body;
  if (!root) throw new Error('visibleText: nothing matches ' + selector);
  const hiddenBox = (el) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return true;
    if (Number(style.opacity) === 0) return true;
    const rect = el.getBoundingClientRect();
    const tiny = rect.width <= 1 && rect.height <= 1;
    if (tiny && (style.overflow !== 'visible' || style.clip !== 'auto')) return true;
    if (/inset\\(\\s*50%/.test(style.clipPath)) return true;
    return false;
  };
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent;
      if (!text.trim()) return;
      const range = document.createRange();
      range.selectNodeContents(node);
      const shown = [...range.getClientRects()].some((r) => r.width > 0 && r.height > 0);
      if (shown) parts.push(text);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
    if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = node.localName;
      if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return;
      if (hiddenBox(node)) return;
      if (tag === 'slot') {
        const assigned = node.assignedNodes({ flatten: false });
        for (const child of assigned.length ? assigned : node.childNodes) walk(child);
        return;
      }
      if (tag === 'input' || tag === 'textarea') {
        if (node.type !== 'hidden' && node.value) parts.push(' ' + node.value + ' ');
        return;
      }
      if (node.shadowRoot) {
        walk(node.shadowRoot);
        return;
      }
      const display = getComputedStyle(node).display;
      const block = !display.startsWith('inline');
      if (block) parts.push('\\n');
      for (const child of node.childNodes) walk(child);
      if (block) parts.push('\\n');
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return parts.join('').replace(/\\s+/g, ' ').trim();
}`;

/** Records console errors, uncaught exceptions and rejections of one document (WebKit). */
const RECORDER = `(() => {
  if (window.__hubKitConsoleErrors) return;
  const list = [];
  Object.defineProperty(window, '__hubKitConsoleErrors', { value: list });
  const text = (value) => (value instanceof Error ? value.name + ': ' + value.message : String(value));
  addEventListener('error', (event) => {
    if (event.target === window || event.error) list.push(text(event.error ?? event.message));
  });
  addEventListener('unhandledrejection', (event) => list.push('Unhandled rejection: ' + text(event.reason)));
  const original = console.error;
  console.error = function (...args) {
    list.push(args.map(text).join(' '));
    return original.apply(this, args);
  };
})();`;

// ---------------------------------------------------------------------------------------
// Chromium and Firefox: puppeteer-core.

// Out of /dev/shm, which containers keep small: the e2e suites open many tabs at once.
const HARNESS_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

/**
 * One browser process per kind (browser, scripts on or off, prefs) for the whole test file:
 * starting Firefox costs seconds of CPU, and a file launches many times. Each launch() gets
 * a browser context of its own (its own cookies, storage and HTTP cache, as a new profile
 * would have), and closing it closes the context. The process closes itself a few seconds
 * after its last context, unless another launch() takes it first, so a file's process can
 * end when its tests do.
 */
interface Shared {
  browser: Promise<PptrBrowser>;
  open: number;
  idle?: NodeJS.Timeout;
}
const shared = new Map<string, Shared>();
const IDLE_MS = 3000;

function startPuppeteer(browserName: 'chromium' | 'firefox', javaScript: boolean, firefoxPrefs: Record<string, string | number | boolean>): Promise<PptrBrowser> {
  return browserName === 'chromium'
    ? puppeteer.launch({
        browser: 'chrome',
        executablePath: chromiumPath(),
        headless: true,
        args: HARNESS_CHROMIUM_ARGS,
        protocolTimeout: 120_000,
      })
    : puppeteer.launch({
        browser: 'firefox',
        executablePath: firefoxPath(),
        headless: true,
        protocolTimeout: 120_000,
        // Scripts off through the pref, for the whole browser: what a visitor who turned
        // JavaScript off has. Puppeteer's own script evaluation still runs.
        extraPrefsFirefox: { ...(javaScript ? {} : { 'javascript.enabled': false }), ...firefoxPrefs },
      });
}

async function launchPuppeteer(
  browserName: 'chromium' | 'firefox',
  javaScript: boolean,
  firefoxPrefs: Record<string, string | number | boolean>,
): Promise<HarnessBrowser> {
  // Chromium turns scripts off per page, so one process serves both.
  const key = JSON.stringify([browserName, browserName === 'firefox' && javaScript, firefoxPrefs]);
  let entry = shared.get(key);
  if (!entry) {
    const start = () => startPuppeteer(browserName, javaScript, firefoxPrefs);
    entry = {
      browser: start().catch((error: unknown) => {
        console.error(`harness: ${browserName} did not start (${(error as Error).message}); trying once more.`);
        return start();
      }),
      open: 0,
    };
    shared.set(key, entry);
    // A browser that did not start is started afresh by the next launch().
    entry.browser.catch(() => shared.delete(key));
  }
  const mine = entry;
  clearTimeout(mine.idle);
  mine.open++;
  let browser: PptrBrowser;
  try {
    browser = await mine.browser;
  } catch (error) {
    mine.open--;
    throw error;
  }
  // A process that crashed since is replaced.
  if (!browser.connected) {
    shared.delete(key);
    mine.open--;
    return launchPuppeteer(browserName, javaScript, firefoxPrefs);
  }
  const context = await browser.createBrowserContext();
  let closed = false;
  return {
    browserName,
    async newPage() {
      const page = await context.newPage();
      if (!javaScript && browserName === 'chromium') await page.setJavaScriptEnabled(false);
      return puppeteerPage(browserName, page);
    },
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => {});
      if (--mine.open === 0) {
        mine.idle = setTimeout(() => {
          if (shared.get(key) === mine) shared.delete(key);
          void browser.close().catch(() => {});
        }, IDLE_MS);
      }
    },
  };
}

function puppeteerPage(browserName: BrowserName, page: PptrPage): HarnessPage {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
  const self: HarnessPage = {
    browserName,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    },
    evaluate: (fn, ...args) => page.evaluate(expression(fn, args)) as never,
    waitFor: (fn, args, options) => poll(self, fn, args ?? ([] as never), options),
    visibleText: (selector) => page.evaluate(`(${VISIBLE_TEXT})(${JSON.stringify(selector ?? '')})`) as Promise<string>,
    // Through evaluate and raw mouse and keyboard input: puppeteer's waitForSelector polls
    // with page script, which a page without JavaScript does not run in Firefox, and its
    // element clicks close Firefox's tab there.
    async fill(selector, value) {
      const { x, y } = await centre(self, selector);
      await page.mouse.click(x, y, { count: 3 });
      await page.keyboard.type(value);
    },
    async click(selector) {
      const { x, y } = await centre(self, selector);
      await page.mouse.click(x, y);
    },
    url: async () => page.url(),
    consoleErrors: async () => [...errors],
    close: () => page.close(),
  };
  return self;
}

// ---------------------------------------------------------------------------------------
// WebKit: WebKitWebDriver.

/** A browser that could not start is started once more, saying why (a loaded machine can take minutes). */
async function launchWebKit(javaScript: boolean): Promise<HarnessBrowser> {
  try {
    return await startWebKit(javaScript);
  } catch (error) {
    console.error(`harness: WebKit did not start (${(error as Error).message}); trying once more.`);
    return startWebKit(javaScript);
  }
}

async function startWebKit(javaScript: boolean): Promise<HarnessBrowser> {
  const { binary } = webkitPaths();
  const driver = await startWebKitDriver();
  const proxy = javaScript ? await recordingProxy() : undefined;
  // No page cache, as in the browser tests (test/support/browsers.mjs): a page kept for
  // Back must not hold IndexedDB transactions the next page waits on.
  const args = ['--automation', '--enable-page-cache=false'];
  // JavaScript off, as a visitor's setting has it (so `(scripting: none)` matches, which
  // turning off only the markup's scripts does not); WebDriver's own scripts still run.
  if (!javaScript) args.push('--enable-javascript=false');
  let session: WebdriverIO.Browser;
  try {
    session = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      logLevel: 'error',
      connectionRetryTimeout: 120_000,
      capabilities: {
        'webkitgtk:browserOptions': { binary, args },
        ...(proxy ? { proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${proxy.port}`, sslProxy: `127.0.0.1:${proxy.port}` } } : {}),
      } as WebdriverIO.Capabilities,
    });
  } catch (error) {
    driver.stop();
    proxy?.close();
    throw error;
  }
  // The first window stays unused; each page gets a tab of its own.
  let current = await session.getWindowHandle();
  let queue: Promise<unknown> = Promise.resolve();
  /** One window at a time: switch to `handle`, then run `work`. */
  const turn = <T>(handle: string, work: () => Promise<T>): Promise<T> => {
    const run = queue.then(async () => {
      if (current !== handle) {
        await session.switchToWindow(handle);
        current = handle;
      }
      return work();
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    browserName: 'webkit',
    async newPage() {
      const { handle } = await turn(current, () => session.createWindow('tab'));
      return webkitPage(session, handle, turn, javaScript);
    },
    async close() {
      await queue.catch(() => undefined);
      await session.deleteSession().catch(() => undefined);
      driver.stop();
      proxy?.close();
    },
  };
}

function webkitPage(
  session: WebdriverIO.Browser,
  handle: string,
  turn: <T>(handle: string, work: () => Promise<T>) => Promise<T>,
  javaScript: boolean,
): HarnessPage {
  const earlier: string[] = [];
  const run = <T>(source: string) => turn(handle, () => session.execute(`return ${source}`) as Promise<T>);
  const recorded = () =>
    javaScript ? run<string[] | null>('window.__hubKitConsoleErrors ? [...window.__hubKitConsoleErrors] : null') : Promise.resolve(null);
  const self: HarnessPage = {
    browserName: 'webkit',
    async goto(url) {
      earlier.push(...((await recorded().catch(() => null)) ?? []));
      await turn(handle, () => session.url(url));
    },
    evaluate: (fn, ...args) => run(expression(fn, args)),
    waitFor: (fn, args, options) => poll(self, fn, args ?? ([] as never), options),
    visibleText: (selector) => run(`(${VISIBLE_TEXT})(${JSON.stringify(selector ?? '')})`),
    async fill(selector, value) {
      await turn(handle, async () => {
        const field = await session.$(selector);
        await field.waitForExist({ timeout: 20_000 });
        await field.setValue(value);
      });
    },
    async click(selector) {
      await turn(handle, async () => {
        const target = await session.$(selector);
        await target.waitForExist({ timeout: 20_000 });
        await target.click();
      });
    },
    url: () => turn(handle, () => session.getUrl()),
    async consoleErrors() {
      return [...earlier, ...((await recorded()) ?? [])];
    },
    // Leaves the page instead of closing the tab: WebKitWebDriver now and then closes a
    // different tab than the one asked for (seen with a dozen open), which ends another
    // page's life under it. The emptied tab goes with the session.
    async close() {
      await turn(handle, () => session.url('about:blank'));
    },
  };
  return self;
}

/**
 * An http proxy that adds RECORDER at the top of every HTML page it passes, and tunnels
 * https (CONNECT) untouched.
 */
async function recordingProxy(): Promise<{ port: number; close: () => void }> {
  const script = `<script>${RECORDER}</script>`;
  const hash = `'sha256-${createHash('sha256').update(RECORDER).digest('base64')}'`;
  const allowRecorder = (policy: string) =>
    policy
      .split(';')
      .map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        if (name !== 'script-src' && name !== 'script-src-elem') return directive;
        return [name, ...sources.filter((s) => s !== "'none'"), hash].join(' ');
      })
      .join(';');
  const addsScriptSrc = (policy: string) =>
    /(^|;)\s*script-src(-elem)?\s/.test(policy) || !/(^|;)\s*default-src\s/.test(policy)
      ? allowRecorder(policy)
      : `${policy}; script-src ${policy.match(/default-src([^;]*)/)![1]!.replace("'none'", '').trim()} ${hash}`;

  const server = http.createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const headers = { ...request.headers };
    delete headers['accept-encoding'];
    delete headers['proxy-connection'];
    const upstream = http.request(target, { method: request.method, headers }, (answer) => {
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.includes('text/html')) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        let html = Buffer.concat(chunks).toString('utf8');
        const head = /<head[^>]*>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
        const at = head ? head.index + head[0].length : 0;
        html = html.slice(0, at) + script + html.slice(at);
        html = html.replace(
          /(<meta[^>]+http-equiv=["']?content-security-policy["']?[^>]*content=")([^"]*)(")/gi,
          (_, before: string, policy: string, after: string) => before + addsScriptSrc(policy) + after,
        );
        const out = { ...answer.headers };
        delete out['content-length'];
        delete out['transfer-encoding'];
        const csp = out['content-security-policy'];
        if (typeof csp === 'string') out['content-security-policy'] = addsScriptSrc(csp);
        response.writeHead(answer.statusCode ?? 502, out);
        response.end(html);
      });
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client, head) => {
    const [host, port] = (request.url ?? '').split(':');
    const upstream = net.connect(Number(port) || 443, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

// ---------------------------------------------------------------------------------------

/** Waits for `selector`, scrolls it into view and returns its centre in the viewport. */
async function centre(page: HarnessPage, selector: string): Promise<{ x: number; y: number }> {
  await poll(page, (s: string) => document.querySelector(s) !== null, [selector], { what: selector });
  return page.evaluate((s: string) => {
    const element = document.querySelector(s)!;
    element.scrollIntoView({ block: 'center', inline: 'center' });
    const rect = element.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }, selector);
}

async function poll<A extends unknown[], R>(
  page: HarnessPage,
  fn: (...args: A) => R,
  args: A,
  { timeout = 20_000, what = fn.toString().slice(0, 120) }: WaitOptions = {},
): Promise<Awaited<R>> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await page.evaluate(fn, ...args);
      if (value) return value;
      last = value;
    } catch (error) {
      // A page in the middle of navigating cannot answer; ask again.
      last = error;
    }
    if (Date.now() > end) {
      throw new Error(`${page.browserName}: timed out after ${timeout} ms waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
