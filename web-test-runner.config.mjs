/**
 * Browser tests: every *.test.ts below test/browser, in Chromium, Firefox and WebKit, against the
 * real stand-in service mounted in the test server (same origin) and, on demand, on its
 * own ports (another origin). Nothing mocks fetch.
 *
 * Run through `npm run test:browser`, which loads tsx so the TypeScript stand-in can be
 * imported here. HUB_BROWSERS=chromium,firefox,webkit picks browsers; a wanted browser that is
 * missing fails the run.
 */
import { readdirSync, statSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { blockedStorageLaunchers, launchers, stallMiddleware, startTriesMiddleware } from './test/support/browsers.mjs';
import { freePort } from './test/support/browser-paths.ts';
import { inputCommandsPlugin } from './test/support/input-commands.mjs';
import { timingReporter } from './test/support/timing-reporter.mjs';
import { grepReporter } from './test/support/grep-reporter.mjs';
import { standInMiddleware, remoteStandInPlugin } from './test/support/stand-in-server.mjs';
import { cspPageMiddleware, scriptTagOriginPlugin } from './test/support/script-tag-plugin.mjs';

const browsers = await launchers();
const GREP = process.env.HUB_TEST_GREP;

// HUB_SHARD=i/n: this process runs the i-th of n shares of the test files (npm test runs each
// browser as two processes side by side: one file at a time each, as a run of one has it).
// Files are dealt largest first, so that the shares take about as long.
const SHARD = process.env.HUB_SHARD?.split('/').map(Number);
function share([index, count]) {
  const all = readdirSync('test/browser', { recursive: true })
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('-dark.test.ts') && !name.endsWith('-blocked-storage.test.ts'))
    .map((name) => `test/browser/${name}`)
    .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));
  return all.filter((_, n) => n % count === index - 1);
}

// The tests of a dark system run in a group of their own, in browsers set to dark by their
// own settings. `npm run test:browser -- --group dark-system` runs them alone; a run of
// chosen --files leaves them out, and so do all shards but the first.
const DARK_FILES = 'test/browser/**/*-dark.test.ts';
const wantsDark = (!process.argv.includes('--files') || process.argv.includes('--group')) && (!SHARD || SHARD[0] === 1);
const groups = wantsDark ? [{ name: 'dark-system', files: DARK_FILES, browsers: await launchers({ dark: true }) }] : [];
// The same for browsers that block cookies and site data (test/support/browsers.mjs says how
// each is set): `--group blocked-storage` runs them alone.
const BLOCKED_FILES = 'test/browser/**/*-blocked-storage.test.ts';
if (wantsDark) groups.push({ name: 'blocked-storage', files: BLOCKED_FILES, browsers: await blockedStorageLaunchers() });

export default {
  rootDir: '.',
  // A port the system gives out now, not the first free one from 8000 up: runners started
  // side by side (npm test) would all find 8000 free and then fight over it.
  port: await freePort(),
  files: SHARD ? share(SHARD) : ['test/browser/**/*.test.ts', `!${DARK_FILES}`, `!${BLOCKED_FILES}`],
  groups,
  nodeResolve: { exportConditions: ['browser', 'development'] },
  browsers,
  // One file at a time per browser: a file's page has the browser to itself (npm test runs
  // more files at once as more processes, HUB_SHARD).
  concurrency: 1,
  concurrentBrowsers: 3,
  // Two tries at starting a page (test/support/browsers.mjs, START_TRY_MS each) and a reset
  // of the browser between them.
  browserStartTimeout: 300_000,
  testsStartTimeout: 120_000,
  // A file's whole run. The model-based suite took 310 s in Chromium with the machine kept
  // busy (two CPU-bound processes beside npm test); a soak run of it (npm run soak) runs for
  // as long as its sequences take.
  testsFinishTimeout: process.env.HUB_MODEL_RUNS ? Number(process.env.HUB_MODEL_RUNS) * 3 * 60_000 : 600_000,
  testFramework: {
    // Generous, for a loaded machine: a test that waits for what it asserts is not made faster
    // by a short timeout, only flakier (WebKit's rate-budget tests took over 20 s under load).
    // HUB_TEST_GREP runs only the tests whose full title matches it (npm run mutate's rows);
    // test/support/grep-reporter.mjs says how each of them ended.
    config: { ui: 'bdd', timeout: 60_000, ...(GREP ? { grep: GREP } : {}) },
  },
  // startTriesMiddleware: no test page for a WebKit start that was given up (browsers.mjs);
  // stallMiddleware acts only for HUB_TEST_STALL_FIRST_WEBKIT_START=load.
  middleware: [startTriesMiddleware(), standInMiddleware(), cspPageMiddleware(), stallMiddleware()],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
    remoteStandInPlugin(),
    scriptTagOriginPlugin(),
    inputCommandsPlugin(),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), timingReporter(), ...(GREP ? [grepReporter(GREP)] : [])],
};
