/**
 * Builds a web-test-runner launcher for each engine HUB_BROWSERS names (all three by
 * default).
 *
 * Here (and in CI) the engines are Debian's: Chromium through Playwright, Firefox ESR
 * through Puppeteer (WebDriver BiDi), WebKitGTK's MiniBrowser through WebKitWebDriver under
 * Xvfb. On a laptop, CHROME_PATH / FIREFOX_PATH / WEBKIT_DRIVER point at other binaries, and
 * Playwright's own Chromium is used when no path is found. An engine that is wanted and
 * missing fails the run (engine-paths.ts); HUB_BROWSERS is how a run leaves one out.
 */
import { playwrightLauncher } from '@web/test-runner-playwright';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { chromiumPath, firefoxPath, startWebKitDriver, wantedEngines, webkitPaths } from './engine-paths.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(130));
}

function chromium() {
  return playwrightLauncher({
    product: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  });
}

/** Firefox; `prefs` are set for the whole browser (e.g. a dark system theme). */
export function firefox(prefs = {}) {
  return puppeteerLauncher({
    launchOptions: { browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: prefs },
  });
}

async function webkit() {
  const { binary } = webkitPaths();
  const { port } = await startWebKitDriver();
  const launcher = webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    path: '/',
    logLevel: 'error',
    capabilities: {
      'webkitgtk:browserOptions': { binary, args: ['--automation'] },
    },
  });
  // Its label comes from browserName, which WebKitWebDriver must not be sent; name it here.
  const initialize = launcher.initialize.bind(launcher);
  launcher.initialize = async (config) => {
    await initialize(config);
    launcher.name = 'WebKit';
  };
  return launcher;
}

/** The launchers for the engines named in HUB_BROWSERS; a wanted engine that is missing throws. */
export async function launchers() {
  const makers = { chromium, firefox, webkit };
  const found = [];
  for (const name of wantedEngines()) found.push(await makers[name]());
  return found;
}
