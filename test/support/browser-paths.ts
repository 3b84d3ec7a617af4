/**
 * Where the three browsers are, which of them a run wants, and the processes WebKit needs.
 * Shared by the web-test-runner launchers (browsers.mjs) and the Node harness (browser-harness.ts),
 * so both apply one rule: every browser HUB_BROWSERS names (all three by default) must be
 * found, or the run fails. Running fewer browsers is a choice made with HUB_BROWSERS, never
 * something a machine decides by lacking a browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BrowserName = 'chromium' | 'firefox' | 'webkit';
export const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox', 'webkit'];

/** Chromium's flags for a test run, in web-test-runner's launcher and the Node harness alike. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const firstExisting = (...paths: Array<string | undefined>) => paths.find((path) => path && existsSync(path));

/** The browsers HUB_BROWSERS names (comma separated), or all three. */
export function wantedBrowsers(): BrowserName[] {
  const names = (process.env.HUB_BROWSERS || BROWSER_NAMES.join(','))
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    if (!BROWSER_NAMES.includes(name as BrowserName)) {
      throw new Error(`HUB_BROWSERS: unknown browser "${name}" (chromium, firefox, webkit)`);
    }
  }
  return [...new Set(names as BrowserName[])];
}

export class MissingBrowserError extends Error {
  override name = 'MissingBrowserError';
  constructor(browserName: BrowserName, looked: string) {
    const others = BROWSER_NAMES.filter((e) => e !== browserName).join(',');
    super(
      `${browserName} was not found on this machine (looked for ${looked}). Install it (README, "Tests"), ` +
        `or leave it out on purpose with HUB_BROWSERS=${others}.`,
    );
  }
}

/** Chromium: CHROME_PATH, Debian's package, or Playwright's own download. */
export function chromiumPath(): string {
  const found = firstExisting(process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser');
  if (found) return found;
  try {
    const { chromium } = createRequire(import.meta.url)('playwright') as typeof import('playwright');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // No Playwright browser either: reported below.
  }
  throw new MissingBrowserError('chromium', 'CHROME_PATH, /usr/bin/chromium, Playwright\'s Chromium');
}

/** Firefox: FIREFOX_PATH, Debian's ESR, or a plain `firefox`. */
export function firefoxPath(): string {
  const found = firstExisting(process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox');
  if (found) return found;
  throw new MissingBrowserError('firefox', 'FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox');
}

/** WebKitGTK: its WebDriver and the MiniBrowser it drives, and Xvfb when there is no display. */
export function webkitPaths(): { driver: string; binary: string } {
  const driver = firstExisting(process.env.WEBKIT_DRIVER, '/usr/bin/WebKitWebDriver');
  const binary = firstExisting(
    process.env.WEBKIT_BROWSER,
    '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
    '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  );
  if (!driver || !binary) {
    throw new MissingBrowserError('webkit', 'WEBKIT_DRIVER, /usr/bin/WebKitWebDriver and WebKitGTK\'s MiniBrowser');
  }
  if (!process.env.DISPLAY && !existsSync('/usr/bin/Xvfb')) {
    throw new MissingBrowserError('webkit', 'a DISPLAY or /usr/bin/Xvfb to give MiniBrowser one');
  }
  return { driver, binary };
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
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

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
});

/**
 * Where the browsers' helper processes write what they say (WebKitWebDriver, Xvfb):
 * `test-results/processes.log`, appended to by every run on this clone, so that a browser
 * that would not start leaves its reason behind. The test stage report prints its end when
 * a browser stage fails.
 */
export const PROCESS_LOG = fileURLToPath(new URL('../../test-results/processes.log', import.meta.url));

function logFd(label: string): number {
  mkdirSync(dirname(PROCESS_LOG), { recursive: true });
  const fd = openSync(PROCESS_LOG, 'a');
  writeSync(fd, `\n--- ${new Date().toISOString()} ${label} (pid ${process.pid})\n`);
  return fd;
}

/**
 * Starts a process that dies with this one (or earlier, through the returned stop()); its
 * output goes to PROCESS_LOG. `extra` are more pipes, from file descriptor 3 on.
 */
export function spawnOwned(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  extra: Array<'pipe'> = [],
): { child: ChildProcess; stop: () => void } {
  const fd = logFd(`${command} ${args.join(' ')}`);
  const child = spawn(command, args, { env, stdio: ['ignore', fd, fd, ...extra] });
  closeSync(fd);
  // Killed on exit (above); it must not keep this process alive by itself.
  child.unref();
  children.add(child);
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (code || (signal && signal !== 'SIGTERM')) console.error(`${command} ended (${signal ?? `exit ${code}`}); what it said is in ${PROCESS_LOG}`);
  });
  return { child, stop: () => child.kill('SIGTERM') };
}

let display: Promise<string> | undefined;

/**
 * Xvfb on a display it chooses itself (`-displayfd`: the X server takes the first free
 * number, which it locks, and writes it to the pipe), so two runs on one machine never
 * share or fight over a display.
 */
function startXvfb(): Promise<string> {
  const { child } = spawnOwned('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], process.env, ['pipe']);
  const pipe = child.stdio[3] as NodeJS.ReadableStream;
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb named no display within 30 s; see ${PROCESS_LOG}`)), 30_000);
    pipe.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) {
        clearTimeout(timer);
        (pipe as unknown as { destroy(): void }).destroy();
        resolve(`:${said.trim()}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb ended (exit ${code}) before naming a display; see ${PROCESS_LOG}`));
    });
  });
}

/** The environment with a DISPLAY: the caller's, or one Xvfb started once for this process. */
export async function withDisplay(): Promise<NodeJS.ProcessEnv> {
  if (process.env.DISPLAY) return { ...process.env };
  display ??= startXvfb();
  // A failed start is tried again by the next caller.
  display.catch(() => (display = undefined));
  return { ...process.env, DISPLAY: await display };
}

/** Starts WebKitWebDriver on a free port and waits until it listens; `env` adds to its environment. */
export async function startWebKitDriver(env: NodeJS.ProcessEnv = {}): Promise<{ port: number; stop: () => void }> {
  const { driver } = webkitPaths();
  const port = await freePort();
  const { stop } = spawnOwned(driver, [`--port=${port}`], { ...(await withDisplay()), ...env });
  try {
    await waitForPort(port, 60_000);
  } catch (error) {
    stop();
    throw new Error(`WebKitWebDriver did not listen on port ${port}; see ${PROCESS_LOG}`, { cause: error });
  }
  return { port, stop };
}
