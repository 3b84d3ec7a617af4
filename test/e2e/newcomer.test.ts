/**
 * A newcomer with the packed package and nothing else: `npm pack`, a new folder outside the
 * repository, docs/ssr.md read from the tarball and followed step by step (its install
 * lines, with the tarball in place of `hub-kit`, and its files), the stand-in started with
 * `npx hub-kit stand-in`, the Eleventy site built against it and served from another
 * origin. Then, in every engine (HUB_BROWSERS):
 *
 * - JavaScript off: the page shows the creator's profile, and the signup form posts to the
 *   service, which records the signup and sends the visitor back with ?hub-kit=subscribed;
 * - JavaScript on: the elements hydrate without a console error, and a signup shows the
 *   success text on screen.
 *
 * Also `npx hub-kit stand-in` refuses a bad flag and a port in use, and running the
 * `hub-kit/stand-in` module as a script says how to start the service.
 *
 *   node --import tsx --test test/e2e/newcomer.test.ts     (after `npm run build`)
 *
 * Needs the npm registry (Eleventy and friends are installed from it), as CI has.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engines, launch, type HarnessPage } from '../support/engines.js';
import { readSsrDoc } from '../support/ssr-doc.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hub-kit-newcomer-'));
const site = join(work, 'my-site');
const SUCCESS = 'Check your inbox to confirm.';

let tarball: string;
let standIn: { child: ChildProcess; url: string };
let server: http.Server;
let origin: string;
let creator: string;

/** Runs a command in the new project; its output is kept for the failure message. */
function sh(command: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, {
      cwd: site,
      encoding: 'utf8',
      env: { ...process.env, ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 300_000,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

/** Starts `npx hub-kit stand-in …` in its own process group; resolves with its exit or URL. */
function npxStandIn(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn('npx', ['hub-kit', 'stand-in', ...args], { cwd: site, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

function stop(child: ChildProcess): void {
  // npx runs the command as a child of its own: end the whole group it leads.
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

before(async () => {
  assert.ok(existsSync(join(repo, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  // The package exactly as it would be published.
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
  ) as [{ filename: string }];
  tarball = join(work, packed[0].filename);

  // The doc, as the newcomer reads it: from the package.
  execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/docs/ssr.md']);
  const doc = readSsrDoc(readFileSync(join(work, 'package', 'docs', 'ssr.md'), 'utf8'));

  mkdirSync(site);
  for (const line of doc.setup) {
    const [command, ...args] = line.split(/\s+/);
    // The package is not on a registry: the tarball stands in for its name.
    sh(command!, args.map((arg) => (arg === 'hub-kit' ? tarball : arg)));
  }
  for (const [path, body] of doc.files) {
    mkdirSync(dirname(join(site, path)), { recursive: true });
    writeFileSync(join(site, path), body);
  }

  // The doc's build: the stand-in (on a free port: this machine is shared), then Eleventy.
  assert.ok(doc.build.some((line) => line.startsWith('npx hub-kit stand-in')), 'docs/ssr.md does not start the stand-in');
  const run = npxStandIn(['--port', '0']);
  const started = Date.now();
  let match: RegExpMatchArray | null = null;
  while (!(match = run.output().match(/listening on (http:\/\/127\.0\.0\.1:\d+)/))) {
    if (run.child.exitCode !== null || Date.now() - started > 60_000) {
      throw new Error(`npx hub-kit stand-in did not start:\n${run.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  standIn = { child: run.child, url: match[1]! };

  const eleventy = doc.build.find((line) => line.endsWith('npx @11ty/eleventy'));
  assert.ok(eleventy, 'docs/ssr.md does not run Eleventy');
  sh('npx', ['@11ty/eleventy'], { HUB_BASE_URL: standIn.url });

  const out = join(site, '_site');
  server = http.createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(out, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(out) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  creator = ((await (await fetch(`${standIn.url}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } }).data.name;
});

after(async () => {
  if (standIn) stop(standIn.child);
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

async function subscribers(): Promise<string[]> {
  const records = (await (await fetch(`${standIn.url}/__stand-in/records`)).json()) as { subscribers: Array<{ email: string }> };
  return records.subscribers.map((s) => s.email);
}

describe('npx hub-kit stand-in, from the installed package', () => {
  test('serves the seeded tenant at the URL it printed', async () => {
    const response = await fetch(`${standIn.url}/api/v1/tenants/demo/bio`);
    assert.equal(response.status, 200);
  });

  test('refuses a bad flag with exit code 2 and says which', async () => {
    const run = npxStandIn(['--prot', '8787']);
    assert.equal(await run.exited, 2);
    assert.match(run.output(), /Unknown option "--prot"/);
  });

  test('exits 1 and says so when the port is in use', async () => {
    const port = new URL(standIn.url).port;
    const run = npxStandIn(['--port', port]);
    assert.equal(await run.exited, 1);
    assert.match(run.output(), new RegExp(`port ${port} is already in use`));
  });

  test('the hub-kit/stand-in module, run as a script, says how to start the service', () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [join(site, 'node_modules/hub-kit/dist/stand-in.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        return { code: 0, stderr: '' };
      } catch (error) {
        const e = error as { status: number; stderr: string };
        return { code: e.status, stderr: e.stderr };
      }
    })();
    assert.equal(result.code, 2);
    assert.match(result.stderr, /npx hub-kit stand-in/);
  });
});

async function submit(page: HarnessPage, email: string): Promise<void> {
  await page.fill('signup-form input[type="email"]', email);
  await page.click('signup-form button[type="submit"]');
}

for (const engine of engines()) {
  describe(`the Eleventy site in ${engine}`, () => {
    test('JavaScript off: it shows the profile, and the form posts to the service', async () => {
      const browser = await launch(engine, { javaScript: false });
      try {
        const page = await browser.newPage();
        await page.goto(`${origin}/`);
        const card = await page.visibleText('bio-card');
        assert.ok(card.includes(creator), `the card shows "${card}", not the creator's name "${creator}"`);
        assert.match(await page.visibleText('signup-form'), /Email.*Subscribe/);

        const email = `nojs-${engine}-${Date.now()}@example.com`;
        await submit(page, email);
        // The service records it and sends the visitor back to the page, marked.
        await page.waitFor(() => location.search.includes('hub-kit=subscribed'), [], { what: 'the way back to the page' });
        assert.equal(new URL(await page.url()).origin, origin);
        assert.ok((await subscribers()).includes(email), `the service did not record ${email}`);
      } finally {
        await browser.close();
      }
    });

    test('JavaScript on: it hydrates without console errors, and a signup shows its success text', async () => {
      const browser = await launch(engine);
      try {
        const page = await browser.newPage();
        await page.goto(`${origin}/`);
        await page.waitFor(
          () =>
            ['bio-card', 'signup-form'].every((tag) => {
              const el = document.querySelector(tag) as (HTMLElement & { hasUpdated?: boolean }) | null;
              return Boolean(customElements.get(tag) && el?.hasUpdated);
            }),
          [],
          { what: 'the elements to hydrate' },
        );
        // Hydrated, not rendered twice: one card, one form, as the server wrote them.
        assert.equal(await page.evaluate(() => document.querySelector('bio-card')!.shadowRoot!.querySelectorAll('[part~="name"]').length), 1);
        assert.equal(await page.evaluate(() => document.querySelectorAll('signup-form form').length), 1);
        assert.ok((await page.visibleText('bio-card')).includes(creator));

        const email = `js-${engine}-${Date.now()}@example.com`;
        await submit(page, email);
        // What a sighted visitor reads in the form, shadow root included, until it answers.
        let text = '';
        const end = Date.now() + 20_000;
        while (!(text = await page.visibleText('signup-form')).includes(SUCCESS) && Date.now() < end) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        assert.ok(text.includes(SUCCESS), `after a signup the form reads "${text}", without "${SUCCESS}"`);
        assert.ok((await subscribers()).includes(email), `the service did not record ${email}`);
        assert.deepEqual(await page.consoleErrors(), []);
      } finally {
        await browser.close();
      }
    });
  });
}
