/**
 * Builds a web-test-runner launcher for each browser HUB_BROWSERS names (all three by
 * default).
 *
 * Here (and in CI) the browsers are Debian's: Chromium through Playwright, Firefox ESR
 * through Puppeteer (WebDriver BiDi), WebKitGTK's MiniBrowser through WebKitWebDriver under
 * Xvfb. On a laptop, CHROME_PATH / FIREFOX_PATH / WEBKIT_DRIVER point at other binaries, and
 * Playwright's own Chromium is used when no path is found. A browser that is wanted and
 * missing fails the run (browser-paths.ts); HUB_BROWSERS is how a run leaves one out.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { CHROMIUM_ARGS, chromiumPath, firefoxPath, startWebKitDriver, wantedBrowsers, webkitPaths } from './browser-paths.ts';

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`hub-kit tests: the test runner got ${signal}; stopping.`);
    process.exit(130);
  });
}
// Whatever ends the runner early, its log says how it ended.
process.on('exit', (code) => {
  if (code) console.error(`hub-kit tests: the test runner exits with code ${code}.`);
});

// The runner stops on an uncaught exception, which is what an unhandled rejection becomes:
// say what it was, with its cause, before it does.
process.on('unhandledRejection', (reason) => {
  console.error('hub-kit tests: an unhandled rejection in the test runner:', reason, reason?.cause ? ['caused by', reason.cause] : '');
  throw reason;
});

/**
 * How long a test page may take to load: the runner's own start timeout, not the browser
 * driver's 30 s default. On a loaded machine a page took longer than 30 s; trying it again
 * then reloaded a page whose tests had begun, and they were lost ("interrupted because the
 * page was reloaded").
 */
const PAGE_LOAD_MS = 120_000;
const patientPage = async ({ context }) => {
  const page = await context.newPage();
  page.setDefaultNavigationTimeout(PAGE_LOAD_MS);
  // The runner needs the document, not its load event: a test file whose tests begin while
  // the page loads (Firefox, the client's tests of a closed port) held \`load\` back past two
  // minutes, and the page was started again under its running tests.
  const goto = page.goto.bind(page);
  page.goto = (url, options) => goto(url, { waitUntil: 'domcontentloaded', ...options });
  return page;
};

/**
 * How long one try at starting a test page may take. The runner's own start timeout
 * (web-test-runner.config.mjs, `browserStartTimeout`) leaves room for two tries and the
 * reset between them, so that a second try never runs for a session the runner has already
 * failed: that try once navigated the browser under the next file's running tests.
 */
export const START_TRY_MS = process.env.HUB_TEST_STALL_FIRST_WEBKIT_START ? 20_000 : 100_000;

/**
 * HUB_TEST_STALL_FIRST_WEBKIT_START: a way to see the retry below at work on a real WebKit.
 * Read here only, and only by a run that sets it: START_TRY_MS is then 20 s, and the first
 * WebKit page start of the process stalls for STALL_MS, longer than a try may take:
 *
 * - `page` (or `1`): the page's navigation is held by a local server for STALL_MS before it
 *   is sent on to the test page, as a test server slow to answer holds it;
 * - `load`: the test page is served and its tests begin, but an image that a local server
 *   holds for STALL_MS keeps its load event, and so WebDriver's navigation, from ending;
 * - `session`: the WebDriver session (MiniBrowser) is started STALL_MS late.
 *
 * `HUB_BROWSERS=webkit HUB_TEST_STALL_FIRST_WEBKIT_START=1 npm run test:browser -- --files …`
 * is to say once that a start was retried (or, `load`, that its tests were waited for), and
 * to run and pass every file.
 */
const STALL = process.env.HUB_TEST_STALL_FIRST_WEBKIT_START;
// Past the bounds of both tries, as a start that would not have ended within the retry either.
const STALL_MS = 2 * START_TRY_MS;
let stalled = false;
const stallsNow = (how) => {
  if (!STALL || stalled || (STALL === '1' ? 'page' : STALL) !== how) return false;
  stalled = true;
  console.error(`hub-kit tests: HUB_TEST_STALL_FIRST_WEBKIT_START=${STALL}: this WebKit start (its ${how}) stalls for ${STALL_MS / 1000} s.`);
  return true;
};

/** A local server that holds each request STALL_MS, then answers it with `answer`; its address. */
async function holding(answer) {
  const server = createServer((request, response) => setTimeout(() => answer(response), STALL_MS));
  server.unref();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}/`;
}

/** `url`, reached through a server that holds the request STALL_MS first (`page`). */
const heldBack = (url) => holding((response) => response.writeHead(302, { location: url }).end());

/** The test server's middleware for `load`: the first test page gets an image held STALL_MS. */
export function stallMiddleware() {
  return async (ctx, next) => {
    await next();
    if (STALL !== 'load' || !ctx.query['wtr-session-id'] || typeof ctx.body !== 'string' || !ctx.response.is('html') || stalled) return;
    if (!wantedBrowsers().includes('webkit') || !/AppleWebKit/.test(ctx.get('user-agent')) || /Chrome/.test(ctx.get('user-agent'))) return;
    if (!stallsNow('load')) return;
    const held = await holding((response) => response.writeHead(204).end());
    const img = `<img src="${held}" alt="">`;
    ctx.body = ctx.body.includes('</body>') ? ctx.body.replace('</body>', `${img}</body>`) : ctx.body + img;
  };
}

/**
 * The test server's record of each bounded try at starting a page (startTriesMiddleware, in
 * web-test-runner.config.mjs): a try's page address carries its number (TRY_PARAM); the
 * server notes the tries whose page it has begun to serve, and serves no page to a try that
 * was given up. A try is given up only if its page has not been served, and both happen in
 * one turn of the event loop, so a try is either given up before its page can run a test,
 * or it is not given up at all.
 */
const TRY_PARAM = 'hub-start-try';
const servedTries = new Set();
const givenUpTries = new Set();
let lastTry = 0;

export function startTriesMiddleware() {
  return async (ctx, next) => {
    const n = Number(ctx.query[TRY_PARAM]);
    if (n) {
      if (givenUpTries.has(n)) {
        ctx.status = 410;
        ctx.body = 'hub-kit tests: this try at starting a test page was given up.';
        return;
      }
      servedTries.add(n);
    }
    return next();
  };
}

/**
 * `promise`, or, once `ms` have passed, what `late()` says: `true` to stop waiting for it
 * and go on as if it had ended well, or else an error. The promise itself is then left to
 * end on its own, and what it ends with goes nowhere.
 */
function within(promise, ms, what, late = () => false) {
  promise.catch(() => {});
  let timer;
  const bound = new Promise((resolve, reject) => {
    timer = setTimeout(() => (late() ? resolve() : reject(new Error(`${what} took over ${ms / 1000} s`))), ms);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/**
 * A page that fails to start (a browser that crashed, a driver that refused a session or
 * did not answer) is tried once more, saying so with the reason, instead of ending the run.
 *
 * `start(id, url, attempt)` is one try, and `reset(id)` readies the launcher for the next
 * after a failed one. Unbounded (Chromium, Firefox: their own timeouts end a try), a try has
 * ended before the reset. Bounded (WebKit), a try that takes over START_TRY_MS is given up
 * (`attempt.givenUp`) before the reset, unless the test server has served its page: its tests
 * may be running, and the runner's own timeouts are left to end a page whose tests never
 * begin. A try given up must not touch the launcher again, and the server serves it no page.
 */
function startingTwice(launcher, label, start, reset = async () => {}, bounded = false) {
  const tryStart = (id, url) => {
    if (!bounded) return start(id, url, { givenUp: false });
    const n = ++lastTry;
    const attempt = { givenUp: false };
    const address = new URL(url);
    address.searchParams.set(TRY_PARAM, String(n));
    const late = () => {
      if (servedTries.has(n)) {
        console.error(`hub-kit tests: ${label}: a test page took over ${START_TRY_MS / 1000} s to start, but the test server has served it and its tests may be running; waiting for them.`);
        return true;
      }
      givenUpTries.add(n);
      attempt.givenUp = true;
      return false;
    };
    const trying = start(id, address.href, attempt);
    // What a try given up ends with is said, and goes no further.
    trying.then(
      () => attempt.givenUp && console.error(`hub-kit tests: ${label}: a try given up ended late; its page was not served.`),
      (error) => attempt.givenUp && console.error(`hub-kit tests: ${label}: a try given up ended late (${error?.message ?? error}); nothing of it reaches the runner.`),
    );
    return within(trying, START_TRY_MS, `starting a ${label} test page`, late);
  };
  launcher.startSession = async (id, url) => {
    try {
      return await tryStart(id, url);
    } catch (error) {
      // A page that is there but slow to load is not started again: its tests may be running
      // (the runner's own start timeout ends a page whose tests never begin).
      if (/navigation timeout|timeout.*exceeded/i.test(error?.message ?? '')) {
        console.error(`hub-kit tests: ${label}: a test page is slow to load (${error.message}); waiting for its tests.`);
        return;
      }
      console.error(`hub-kit tests: ${label} could not start a test page (${error?.message ?? error}); trying once more.`);
      await reset(id);
      try {
        return await tryStart(id, url);
      } catch (again) {
        console.error(`hub-kit tests: ${label} could not start that test page again (${again?.message ?? again}); its file fails, and the next file gets a new browser.`);
        await reset(id);
        throw again;
      }
    }
  };
  return launcher;
}

/**
 * The reset between two tries for Playwright's and Puppeteer's launchers. The failed try's
 * page is closed (it is left open otherwise, and the next try gets a new one). A browser
 * launch that failed is forgotten: both launchers keep the rejected promise of a launch and
 * hand it to every later start (`__launchBrowserPromise`, `__startBrowserPromise`), so the
 * second try, and every later file of the runner, would fail with the first one's error.
 * Nothing of the try is still running: an unbounded try has ended before its reset.
 */
function closingFailedPage(launcher, pageOf, launchPromise) {
  return async (id) => {
    const page = launcher.activePages.get(id)?.[pageOf];
    launcher.activePages.delete(id);
    launcher[launchPromise] = undefined;
    if (page && !page.isClosed()) await Promise.race([page.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
}

function chromium({ dark = false } = {}) {
  const launcher = playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    createPage: patientPage,
    ...(dark ? { createBrowserContext: ({ browser }) => browser.newContext({ colorScheme: 'dark' }) } : {}),
  });
  return startingTwice(launcher, 'Chromium', launcher.startSession.bind(launcher), closingFailedPage(launcher, 'playwrightPage', '__launchBrowserPromise'));
}

function firefox({ dark = false } = {}) {
  const launcher = puppeteerLauncher({
    launchOptions: {
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      // Firefox's own setting for a dark system: prefers-color-scheme follows it.
      extraPrefsFirefox: dark ? { 'ui.systemUsesDarkTheme': 1 } : {},
    },
    createPage: patientPage,
  });
  return startingTwice(launcher, 'Firefox', launcher.startSession.bind(launcher), closingFailedPage(launcher, 'puppeteerPage', '__startBrowserPromise'));
}

async function webkit({ dark = false, args = [] } = {}) {
  const { binary } = webkitPaths();
  // WebKitGTK reads prefers-color-scheme from the GTK theme.
  const { port } = await startWebKitDriver(dark ? { GTK_THEME: 'Adwaita:dark' } : {});
  const launcher = webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    capabilities: {
      // No page cache: a test file's page kept for Back can hold an IndexedDB transaction
      // open, and the next files' transactions on that store then wait for minutes (seen
      // in 2 of 3 full runs; 0 of 3 without it). The kit survives that stall on its own
      // (storage-stall.test.ts), but each file's tests must start from a store that answers.
      'webkitgtk:browserOptions': { binary, args: ['--automation', '--enable-page-cache=false', ...args] },
    },
  });
  // Its label comes from browserName, which WebKitWebDriver must not be sent; name it here.
  const initialize = launcher.initialize.bind(launcher);
  launcher.initialize = async (config) => {
    await initialize(config);
    launcher.name = 'WebKit';
  };
  // HUB_TEST_STALL_FIRST_WEBKIT_START=session (above).
  if (STALL === 'session') {
    const createDriverManager = launcher.createDriverManager;
    launcher.createDriverManager = async function () {
      if (stallsNow('session')) await new Promise((resolve) => setTimeout(resolve, STALL_MS));
      return createDriverManager.call(this);
    };
  }
  // The launcher's own startSession does not wait for the page to open (a refused session
  // would be an unhandled rejection, which stops the whole run): open it and wait here. A
  // failed start gets a new session of MiniBrowser.
  //
  // A try may be given up while it still runs (startingTwice), and then whatever it does
  // late must not reach the launcher. The launcher's own way to a session does not allow
  // that: ensureManagerInitialized() hands a second try the first try's session still being
  // made (the promise it keeps), keeps one that failed and hands it to every later start,
  // and a session made late is set on the launcher, its driver and driverManager, over the
  // second try's. So each try makes its session on an object of its own that inherits the
  // launcher's settings (createDriverManager sets driver, driverManager and its heartbeat on
  // `this`), and the launcher takes it only if the try is still wanted; a session made for a
  // try given up is deleted. A try navigates with the driverManager it began with, never
  // one made later for another try.
  const open = async (id, url, attempt) => {
    if (!launcher.driverManager) {
      const own = Object.create(launcher);
      Object.assign(own, { driver: undefined, debugDriver: undefined, driverManager: undefined, pendingHeartbeat: undefined });
      await launcher.createDriverManager.call(own);
      if (attempt.givenUp || launcher.driverManager) {
        console.error('hub-kit tests: WebKit: a WebDriver session came after its try was given up; it is deleted.');
        await own.stop();
        throw new Error('a WebDriver session made for a try given up (deleted)');
      }
      Object.assign(launcher, { driver: own.driver, driverManager: own.driverManager, pendingHeartbeat: own.pendingHeartbeat });
    }
    const manager = launcher.driverManager;
    const target = stallsNow('page') ? await heldBack(url) : url;
    if (attempt.givenUp || manager !== launcher.driverManager) throw new Error('a try given up');
    await manager.startSession(id, target);
  };
  // The launcher lets go of its session at once, before the session is deleted: a deletion
  // that answers late (the library's own stop() sets driver and driverManager to undefined
  // when it ends, over a session made since) or a try that ends late finds nothing of the
  // launcher's to change. Deleting the session ends what its tries still wait for in
  // WebDriver ("invalid session id"), and a try given up no longer hears of it.
  const reset = async () => {
    const { driver, pendingHeartbeat } = launcher;
    clearInterval(pendingHeartbeat);
    Object.assign(launcher, { driver: undefined, driverManager: undefined, pendingHeartbeat: undefined, __managerPromise: undefined });
    // A driver that no longer answers may not answer this either: a minute at most.
    if (driver) await Promise.race([driver.deleteSession().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 60_000))]);
  };
  // The runner asks for a page's address when its connection closes while its tests run; the
  // launcher's own getBrowserUrl throws without a session (as between a reset and the next
  // try), in a handler of the runner's where that is an unhandled rejection.
  launcher.getBrowserUrl = (id) => launcher.driverManager?.getBrowserUrl(id);
  // Leaving a finished page (the runner navigates to about:blank) once timed out in a loaded
  // WebKitWebDriver after every test of the file had passed, and the run ended in an error:
  // say so, and give the next file a new browser.
  const stopSession = launcher.stopSession.bind(launcher);
  launcher.stopSession = async (id) => {
    try {
      return await stopSession(id);
    } catch (error) {
      console.error(`hub-kit tests: WebKit did not leave a finished test page (${error?.message ?? error}); the next file gets a new browser.`);
      await reset();
      return { testCoverage: undefined };
    }
  };
  return startingTwice(launcher, 'WebKit', open, reset, true);
}

/**
 * The launchers for the browsers named in HUB_BROWSERS; a wanted browser that is missing
 * throws. `dark: true` gives browsers whose system colour scheme is dark.
 */
export async function launchers({ dark = false } = {}) {
  const makers = { chromium, firefox, webkit };
  const found = [];
  for (const name of wantedBrowsers()) found.push(await makers[name]({ dark }));
  return found;
}

/**
 * Browsers set to block cookies and site data, each by its own setting, as a visitor sets it:
 *
 * - Chromium: a profile whose preferences block cookies for every site (Settings, Privacy,
 *   "Block all cookies"): localStorage, IndexedDB and Web Locks refuse the page. Playwright
 *   will not start Chromium on a profile directory of one's own, so Puppeteer drives it.
 * - Firefox: `network.cookie.cookieBehavior` 2, "Block all cookies": localStorage,
 *   IndexedDB, BroadcastChannel and Web Locks throw SecurityError.
 * - WebKit: WebKitGTK has no one switch for it; its settings that turn off local storage and
 *   the HTML5 databases (IndexedDB), with cookies refused: `localStorage` is null and there
 *   is no `indexedDB`. Web Locks and BroadcastChannel stay.
 */
export async function blockedStorageLaunchers() {
  const makers = {
    chromium() {
      const profile = mkdtempSync(join(tmpdir(), 'hub-kit-blocked-'));
      mkdirSync(join(profile, 'Default'));
      writeFileSync(join(profile, 'Default', 'Preferences'), JSON.stringify({ profile: { default_content_setting_values: { cookies: 2 } } }));
      return puppeteerLauncher({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true, userDataDir: profile }, createPage: patientPage });
    },
    firefox() {
      return puppeteerLauncher({
        launchOptions: { browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: { 'network.cookie.cookieBehavior': 2 } },
        createPage: patientPage,
      });
    },
    webkit() {
      return webkit({ args: ['--enable-html5-local-storage=false', '--enable-html5-database=false', '--cookies-policy=never'] });
    },
  };
  const found = [];
  for (const name of wantedBrowsers()) found.push(await makers[name]());
  return found;
}
