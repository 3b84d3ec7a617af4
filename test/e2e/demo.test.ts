/**
 * The demo creator site, end to end, in a real Chromium: Vite serves it with the stand-in
 * on the same origin, as `npm start` does, on a free port.
 *
 *   node --import tsx --test test/e2e/demo.test.ts
 *
 * CHROME_PATH picks the browser; /usr/bin/chromium otherwise.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { chromium, type Browser, type Page } from 'playwright';

const root = fileURLToPath(new URL('../..', import.meta.url));
const executablePath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

let server: ViteDevServer;
let browser: Browser;
let origin: string;

before(async () => {
  server = await createServer({
    root: `${root}/demo`,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'error',
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  const address = server.httpServer!.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(origin + path);
  return page;
}

const stat = (page: Page, name: string) => page.locator(`[data-stat="${name}"]`);

test('the script-tag home page shows the creator, subscribes a reader and catches a bot', async () => {
  const page = await open('/');
  // Playwright's CSS locators pierce shadow roots: this is the card's rendered name.
  await page.locator('bio-card [part="name"]').waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('bio-card [part="name"]').textContent(), 'Abdullah Metz');
  await assert.doesNotReject(stat(page, 'subscribers').waitFor());
  assert.equal(await stat(page, 'subscribers').textContent(), '0');

  const form = page.locator('signup-form[form="demo-form"]');
  const email = `reader-${Date.now()}@example.com`;
  await form.locator('input[type="email"]').fill(email);
  await form.locator('button[type="submit"], button:not([type])').first().click();

  // The panel hears the element's success event and shows what the service stored.
  await page.waitForFunction(() => document.querySelector('[data-stat="subscribers"]')?.textContent === '1', null, {
    timeout: 15_000,
  });
  assert.match((await page.locator('.subscribers').textContent()) ?? '', new RegExp(email.replace(/[.+]/g, '\\$&')));

  await page.getByRole('button', { name: 'Be a bot: fill the spam trap' }).click();
  await page.waitForFunction(() => document.querySelector('[data-stat="spam"]')?.textContent === '1', null, {
    timeout: 15_000,
  });
  // It looked like a success to the bot, and nothing was saved.
  assert.equal(await stat(page, 'subscribers').textContent(), '1');
  const records = (await (await fetch(`${origin}/__stand-in/records`)).json()) as { subscribers: { email: string }[] };
  assert.deepEqual(
    records.subscribers.map((s) => s.email),
    [email],
  );
  assert.deepEqual((page as Page & { errors?: string[] }).errors, []);
  await page.close();
});

test('the npm-style links page builds the same elements from imports', async () => {
  const page = await open('/app.html');
  const name = page.locator('bio-card [part="name"]');
  await name.waitFor({ timeout: 20_000 });
  assert.equal(await name.getAttribute('aria-level'), '1');
  assert.equal(await page.title(), 'Abdullah Metz · Links');
  assert.ok(await page.locator('signup-form').count());
  assert.deepEqual((page as Page & { errors?: string[] }).errors, []);
  await page.close();
});

test('the Hub page resolves its own path, following a moved address', async () => {
  const page = await open('/hub/old/welcome');
  await page.waitForURL(/\/hub\/posts\/ten-questions-about-podcasting-answered$/, { timeout: 15_000 });
  await page.locator('h1', { hasText: 'Ten questions about podcasting, answered' }).waitFor();
  // The page's placeholder goes once the answer is shown.
  assert.equal(await page.getByText('Looking this page up…').count(), 0);
  await page.goto(`${origin}/hub/nothing-here`);
  await page.locator('h1', { hasText: 'Nothing lives here' }).waitFor();
  assert.equal(await page.getByText('Looking this page up…').count(), 0);
  await page.close();
});
