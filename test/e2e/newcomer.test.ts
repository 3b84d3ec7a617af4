/**
 * A newcomer with the packed package and nothing else: `npm pack`, a new folder outside the
 * repository, docs/ssr.md read from the tarball and followed step by step (its install
 * lines, with the tarball in place of `hub-kit`, and its files), the stand-in started with
 * `npx hub-kit stand-in`, the Eleventy site built against it and served from another
 * origin. Then, in every browser (HUB_BROWSERS):
 *
 * - JavaScript off: the page shows the creator's profile, and the signup form posts to the
 *   service, which records the signup and sends the visitor back with ?hub-kit=subscribed,
 *   to the note that says it worked;
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
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wantedBrowsers, launch, type HarnessPage } from '../support/browser-harness.js';
import { packedInto } from '../support/packed.js';
import { run, type Run } from '../support/process.js';
import { unpinned } from '../support/recipe.js';
import { readSsrDoc } from '../support/ssr-doc.js';
import { pageWeight, serveStatic } from '../support/site-checks.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hub-kit-newcomer-'));
const site = join(work, 'my-site');
const SUCCESS = 'Check your inbox to confirm.';
/** The page's note for a visitor without JavaScript, back from the service. */
const LANDED = 'Thanks! Please check your inbox to confirm.';

let tarball: string;
let standIn: { run: Run; url: string };
let server: { origin: string; close(): void };
let origin: string;
let creator: string;
const buildEnv: Record<string, string> = {};
const buildOutput: string[] = [];

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

/** `npx hub-kit stand-in …` in the new project, in its own process group. */
const npxStandIn = (args: string[]): Run => run('npx', ['hub-kit', 'stand-in', ...args], { cwd: site });

before(async () => {
  assert.ok(existsSync(join(repo, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
  // The package exactly as it would be published.
  tarball = packedInto(work);

  // The doc, as the newcomer reads it: from the package.
  execFileSync('tar', ['-xzf', tarball, '-C', work, 'package/docs/ssr.md']);
  const doc = readSsrDoc(readFileSync(join(work, 'package', 'docs', 'ssr.md'), 'utf8'));

  mkdirSync(site);
  for (const line of doc.setup) {
    assert.deepEqual(unpinned(line), [], `docs/ssr.md: "${line}" installs a package without an exact version`);
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
  const started = npxStandIn(['--port', '0']);
  const listening = await started.line(/listening on http:\/\/127\.0\.0\.1:\d+/);
  standIn = { run: started, url: /http:\/\/127\.0\.0\.1:\d+/.exec(listening)![0] };

  // The rest of the doc's build, line by line: its variables (the stand-in's real URL for
  // HUB_BASE_URL, as the port is free-chosen here), Eleventy, then the key check.
  for (const line of doc.build.filter((l) => !l.startsWith('npx hub-kit stand-in'))) {
    if (line.startsWith('export ')) {
      for (const pair of line.slice(7).trim().split(/\s+/)) {
        const [name, value] = pair.split('=') as [string, string];
        buildEnv[name] = name === 'HUB_BASE_URL' ? standIn.url : value;
      }
      continue;
    }
    const [command, ...args] = line.split(/\s+/);
    buildOutput.push(sh(command!, args, buildEnv));
  }
  assert.ok(doc.build.some((line) => line.endsWith('npx @11ty/eleventy')), 'docs/ssr.md does not run Eleventy');
  assert.ok(doc.build.includes('node check-key.mjs _site'), 'docs/ssr.md does not check the built files for the key');

  server = await serveStatic(join(site, '_site'));
  origin = server.origin;
  creator = ((await (await fetch(`${standIn.url}/api/v1/tenants/demo/bio`)).json()) as { data: { name: string } }).data.name;
});

after(async () => {
  standIn?.run.stop();
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

const KEY = 'hk_test_valid';

/** The authenticated API, asked directly with the stand-in's test key. */
async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${standIn.url}${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
  assert.equal(response.status, 200, `GET ${path}`);
  return (await response.json()) as T;
}

const subscriberCount = async () => (await api<{ meta: { total: number } }>('/api/v1/subscribers?per_page=1')).meta.total;

/** Every file under a folder, as text. */
function filesUnder(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name), 'latin1')]),
  );
}

/** A command in the new project, with the key and the stand-in's address in its environment. */
const inProject = (command: string, args: string[], env: Record<string, string> = {}): Run =>
  run(command, args, { cwd: site, env: { HUB_API_KEY: KEY, HUB_BASE_URL: standIn.url, ...env } });

const hubKit = (args: string[], env: Record<string, string> = {}) => inProject('npx', ['hub-kit', ...args], env);

describe('posts pulled at build time, the key kept out of the site (docs/ssg.md)', () => {
  test('the posts page lists every post of the workspace, as text', async () => {
    const { data, meta } = await api<{ data: Array<{ title: string }>; meta: { total: number } }>('/api/v1/posts?per_page=100');
    const page = readFileSync(join(site, '_site', 'posts', 'index.html'), 'utf8');
    const items = page.match(/<li>/g) ?? [];
    assert.ok(meta.total > 0, 'the stand-in seeds posts');
    assert.equal(items.length, meta.total, 'one list item per post');
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const post of data.slice(0, 10)) assert.ok(page.includes(escape(post.title)), `"${post.title}" is not on the posts page`);
  });

  test('the key is in no built file, and the check says so', () => {
    for (const [file, body] of filesUnder(join(site, '_site'))) assert.ok(!body.includes(KEY), `${file} holds the key`);
    assert.match(buildOutput.join('\n'), /HUB_API_KEY is in none of the \d+ files of _site/);
  });

  test('the check fails the build, naming the file, when a page lets the key through', () => {
    const leaked = join(work, 'leaked-site');
    cpSync(join(site, '_site'), leaked, { recursive: true });
    writeFileSync(join(leaked, 'posts', 'debug.html'), `<pre>${JSON.stringify({ HUB_API_KEY: KEY })}</pre>`);
    const result = spawnSync(process.execPath, ['check-key.mjs', leaked], { cwd: site, encoding: 'utf8', env: { ...process.env, HUB_API_KEY: KEY } });
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.match(result.stderr, /debug\.html; remove it before publishing/);
  });
});

describe('a creator in the terminal, from the installed package', () => {
  const ROWS = 20_000;
  const BAD = [7, 12_345];
  let before = 0;
  let file = '';

  test(`imports ${ROWS.toLocaleString('en')} rows with a progress bar, paced with no 429, and writes the rejected rows`, async () => {
    before = await subscriberCount();
    file = join(site, 'list.csv');
    const lines = ['email,name'];
    for (let i = 0; i < ROWS + BAD.length; i++) lines.push(BAD.includes(i) ? `not-an-email-${i},Row ${i}` : `creator-${i}@example.com,"Reader, number ${i}"`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    // On a terminal (script(1) gives the command one): the bar redraws in place. The
    // stand-in's clock stands in for three minutes of pacing at 60 requests a minute.
    const run = inProject('script', ['-qec', 'npx hub-kit subscribers import list.csv', '/dev/null'], { HUB_KIT_STAND_IN_CLOCK: '1' });
    assert.equal(await run.exited, 0, run.output());
    const out = run.output();
    // The bar, redrawn in place (a carriage return, no new line) as it fills, up to 100 %.
    const bars = [...out.matchAll(/\r\x1b\[2K\[([#.]{24})\] (\d+)% [^\r\n]*ETA \d/g)].map((m) => Number(m[2]));
    assert.ok(bars.length >= 100, `${bars.length} redraws of the bar in:\n${JSON.stringify(out.slice(-600))}`);
    assert.ok(bars.every((share, i) => i === 0 || share >= bars[i - 1]!), 'the bar only fills');
    assert.equal(bars.at(-1), 100, JSON.stringify(out.slice(-600)));
    assert.match(out, /20,002 rows read, 20,000 sent in 200 requests \(20,000 created, 0 updated\), 2 rejected/);
    assert.equal(await subscriberCount(), before + ROWS);
    const log = (await (await fetch(`${standIn.url}/__stand-in/log`)).json()) as { requests: Array<{ path: string; status: number }> };
    const bulk = log.requests.filter((r) => r.path.endsWith('/subscribers/bulk'));
    assert.equal(bulk.length, 200);
    assert.deepEqual(bulk.filter((r) => r.status !== 200), [], 'no 429, nor any other failure');
    const rejected = readFileSync(`${file}.rejected.csv`, 'utf8').trim().split('\n');
    assert.equal(rejected.length, 3, 'a header and the two bad rows');
    assert.ok(!out.includes(KEY));
  });

  test('exports every subscriber back as CSV, quoted', async () => {
    // 200 pages at 60 requests a minute: again on the stand-in's clock.
    const run = hubKit(['subscribers', 'export', '--format', 'csv', '--out', 'backup.csv'], { HUB_KIT_STAND_IN_CLOCK: '1' });
    assert.equal(await run.exited, 0, run.output());
    const lines = readFileSync(join(site, 'backup.csv'), 'utf8').trim().split('\n');
    assert.match(lines[0]!, /^id,email,name,/);
    assert.equal(lines.length - 1, await subscriberCount());
    const mine = lines.filter((line) => line.includes(',creator-'));
    assert.equal(mine.length, ROWS);
    assert.ok(mine.some((line) => line.includes('"Reader, number 19999"')), 'a name with a comma comes back quoted');
    assert.ok(!run.output().includes(KEY));
  });

  test('watches posts: each new one printed once', async () => {
    const watch = hubKit(['posts', 'watch', '--interval', '1']);
    try {
      await watch.line(/Watching for new posts/);
      const title = `Fresh post ${Date.now()}`;
      await fetch(`${standIn.url}/__stand-in/posts`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title }) });
      await watch.line(new RegExp(title));
      // Two more polls answered after it, to see it printed only once.
      const polls = async () =>
        ((await (await fetch(`${standIn.url}/__stand-in/log`)).json()) as { requests: Array<{ method: string; path: string; status: number }> }).requests.filter(
          (r) => r.method === 'GET' && r.path.includes('/posts') && r.status === 200,
        ).length;
      const seen = await polls();
      for (const deadline = Date.now() + 60_000; (await polls()) < seen + 2; await new Promise((resolve) => setTimeout(resolve, 200))) {
        assert.ok(Date.now() < deadline, 'the watch stopped polling');
      }
      assert.equal(watch.output().split(title).length - 1, 1, watch.output());
      assert.ok(!watch.output().includes(KEY));
    } finally {
      watch.stop();
    }
  });
});

async function submit(page: HarnessPage, email: string): Promise<void> {
  await page.fill('signup-form input[type="email"]', email);
  await page.click('signup-form button[type="submit"]');
}

for (const browserName of wantedBrowsers()) {
  describe(`the Eleventy site in ${browserName}`, () => {
    test('JavaScript off: it shows the profile, and the form posts to the service', async () => {
      const browser = await launch(browserName, { javaScript: false });
      try {
        const page = await browser.newPage();
        await page.goto(`${origin}/`);
        const card = await page.visibleText('bio-card');
        assert.ok(card.includes(creator), `the card shows "${card}", not the creator's name "${creator}"`);
        assert.match(await page.visibleText('signup-form'), /Email.*Subscribe/);
        assert.ok(!(await page.visibleText('body')).includes(LANDED), 'the note shows before any post');

        const email = `nojs-${browserName}-${Date.now()}@example.com`;
        await submit(page, email);
        // The service records it and sends the visitor back to the page, marked, to the note
        // the fragment of the form's action names.
        await page.waitFor(() => location.search.includes('hub-kit=subscribed') && document.readyState === 'complete', [], { what: 'the way back to the page' });
        const back = new URL(await page.url());
        assert.equal(back.origin, origin);
        assert.equal(back.hash, '#hub-kit-subscribed');
        const text = await page.visibleText('body');
        assert.equal(text.split(LANDED).length - 1, 1, `back on the page, it reads "${text}"`);
        console.log(`Eleventy, ${browserName}, JavaScript off: back at ${back.pathname}${back.search}${back.hash}, reading "${text}"`);
        assert.ok((await subscribers()).includes(email), `the service did not record ${email}`);
      } finally {
        await browser.close();
      }
    });

    test('JavaScript on: it hydrates without console errors, and a signup shows its success text', async () => {
      const browser = await launch(browserName);
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

        const email = `js-${browserName}-${Date.now()}@example.com`;
        await submit(page, email);
        // What a sighted visitor reads in the form, shadow root included, until it answers.
        let text = '';
        const end = Date.now() + 20_000;
        while (!(text = await page.visibleText('signup-form')).includes(SUCCESS) && Date.now() < end) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        assert.ok(text.includes(SUCCESS), `after a signup the form reads "${text}", without "${SUCCESS}"`);
        assert.ok((await subscribers()).includes(email), `the service did not record ${email}`);
        const errors = await page.consoleErrors();
        console.log(`Eleventy, ${browserName}: ${errors.length} console errors`);
        assert.deepEqual(errors, []);
        if (browserName === wantedBrowsers()[0]) {
          // Everything the page fetches but its HTML is the kit's: client.js (Lit's hydration
          // support and the elements) and hub-kit.css; the HTML holds the rendered elements.
          const weight = await pageWeight(page);
          const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
          console.log(`Eleventy: the kit's files ${kib(weight.js + weight.css)} gzip (JS ${kib(weight.js)}, CSS ${kib(weight.css)}); the page's HTML ${kib(weight.html)}`);
        }
      } finally {
        await browser.close();
      }
    });
  });
}
