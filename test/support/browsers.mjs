/**
 * Finds the three browser engines and builds a web-test-runner launcher for each.
 *
 * Here (and in CI) the engines are Debian's: Chromium through Playwright, Firefox ESR
 * through Puppeteer (WebDriver BiDi), WebKitGTK's MiniBrowser through WebKitWebDriver under
 * Xvfb. On a laptop, CHROME_PATH / FIREFOX_PATH / WEBKIT_DRIVER point at other binaries, and
 * Playwright's own Chromium is used when no path is found. A missing engine is skipped with
 * a clear line, except under CI=true, where it is an error.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const firstExisting = (...paths) => paths.find((path) => path && existsSync(path));

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(port, timeoutMs = 15_000) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() - started > timeoutMs) reject(new Error(`nothing listened on port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

const children = [];
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => process.exit(130));
}

function chromium() {
  const executablePath = firstExisting(process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser');
  // Without a path, Playwright's own download is used; if that is missing too, launching fails loudly.
  return playwrightLauncher({
    product: 'chromium',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
  });
}

function firefox() {
  const executablePath = firstExisting(process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox');
  if (!executablePath) return undefined;
  return puppeteerLauncher({
    launchOptions: { browser: 'firefox', executablePath, headless: true },
  });
}

async function webkit() {
  const driver = firstExisting(process.env.WEBKIT_DRIVER, '/usr/bin/WebKitWebDriver');
  const binary = firstExisting(
    process.env.WEBKIT_BROWSER,
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  );
  if (!driver || !binary) return undefined;

  const env = { ...process.env };
  if (!env.DISPLAY) {
    if (!existsSync('/usr/bin/Xvfb')) return undefined;
    // A display number unlikely to clash with another run on the same machine.
    const display = `:${90 + Math.floor(Math.random() * 400)}`;
    const xvfb = spawn('/usr/bin/Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: 'ignore',
    });
    children.push(xvfb);
    env.DISPLAY = display;
  }
  const port = await freePort();
  const webdriver = spawn(driver, [`--port=${port}`], { env, stdio: 'ignore' });
  children.push(webdriver);
  await waitForPort(port);
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

/** The launchers for the engines named in HUB_BROWSERS (default: all three). */
export async function launchers() {
  const wanted = (process.env.HUB_BROWSERS || 'chromium,firefox,webkit')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const makers = { chromium, firefox, webkit };
  const found = [];
  for (const name of wanted) {
    const make = makers[name];
    if (!make) throw new Error(`HUB_BROWSERS: unknown engine "${name}" (chromium, firefox, webkit)`);
    const launcher = await make();
    if (launcher) {
      found.push(launcher);
    } else if (process.env.CI === 'true') {
      throw new Error(`${name} is required under CI=true but was not found (see .ci/run)`);
    } else {
      console.warn(`hub-kit tests: ${name} not found on this machine, skipping it (see README, "Tests").`);
    }
  }
  return found;
}
