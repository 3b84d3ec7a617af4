/**
 * Browser tests: every *.test.ts below test/browser, in Chromium, Firefox and WebKit, against the
 * real stand-in service mounted in the test server (same origin) and, on demand, on its
 * own ports (another origin). Nothing mocks fetch.
 *
 * Run through `npm run test:browser`, which loads tsx so the TypeScript stand-in can be
 * imported here. HUB_BROWSERS=chromium,firefox,webkit picks browsers; a wanted browser that is
 * missing fails the run.
 */
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter, summaryReporter } from '@web/test-runner';
import { launchers } from './test/support/browsers.mjs';
import { inputCommandsPlugin } from './test/support/input-commands.mjs';
import { timingReporter } from './test/support/timing-reporter.mjs';
import { standInMiddleware, remoteStandInPlugin } from './test/support/stand-in-server.mjs';
import { cspPageMiddleware, scriptTagOriginPlugin } from './test/support/script-tag-plugin.mjs';

const browsers = await launchers();

// The tests of a dark system run in a group of their own, in browsers set to dark by their
// own settings. `npm run test:browser -- --group dark-system` runs them alone; a run of
// chosen --files leaves them out.
const DARK_FILES = 'test/browser/**/*-dark.test.ts';
const wantsDark = !process.argv.includes('--files') || process.argv.includes('--group');
const groups = wantsDark ? [{ name: 'dark-system', files: DARK_FILES, browsers: await launchers({ dark: true }) }] : [];

export default {
  rootDir: '.',
  files: ['test/browser/**/*.test.ts', `!${DARK_FILES}`],
  groups,
  nodeResolve: { exportConditions: ['browser', 'development'] },
  browsers,
  // Two cores: one file at a time per browser keeps the browsers from starving each other,
  // and WebKitWebDriver serves one session at a time anyway.
  concurrency: 1,
  concurrentBrowsers: 3,
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  // A soak run of the model-based tests (npm run soak) runs for as long as its sequences take.
  testsFinishTimeout: process.env.HUB_MODEL_RUNS ? Number(process.env.HUB_MODEL_RUNS) * 3 * 60_000 : 300_000,
  testFramework: {
    // HUB_TEST_GREP: only the tests whose full title matches (`npm run mutate` uses it).
    config: { ui: 'bdd', timeout: 20_000, ...(process.env.HUB_TEST_GREP ? { grep: process.env.HUB_TEST_GREP } : {}) },
  },
  middleware: [standInMiddleware(), cspPageMiddleware()],
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: new URL('./tsconfig.json', import.meta.url).pathname }),
    remoteStandInPlugin(),
    scriptTagOriginPlugin(),
    inputCommandsPlugin(),
  ],
  reporters: [defaultReporter(), summaryReporter({ flatten: false }), timingReporter()],
};
