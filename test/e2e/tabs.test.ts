/**
 * Twelve real tabs of one browser submit a signup in the same instant, and the service
 * still receives no more than the spec's ten a minute: the budget's read-decide-write must
 * be atomic across tabs, which in Firefox are separate processes. Repeated, in every browser
 * the harness drives (Firefox is the one where localStorage under a Web Lock let an
 * eleventh through). Each run is a page of the built dist/hub-kit.js on one origin, the
 * stand-in service on another.
 *
 *   node --import tsx --test test/e2e/tabs.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, type Served } from '../../src/stand-in/node.js';
import { wantedBrowsers, launch } from '../support/browser-harness.js';
import { serveScriptTag, type ScriptTagServer } from '../support/script-tag.js';
import { until } from '../support/until.js';

const SUCCESS = /check your inbox/i;
const RATE_LIMITED = /Too many attempts\. You can try again in/;
const ANSWERED = new RegExp(`${SUCCESS.source}|${RATE_LIMITED.source}|could not|went wrong`, 'i');

const TABS = 12;
const RUNS = 5;
const page = (base: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signup</title>
<script type="module" src="/hub-kit.js"></script></head>
<body><signup-form tenant="demo" base-url="${base}"></signup-form></body></html>`;

let service: Served;
let site: ScriptTagServer;
let siteOrigin: string;

before(async () => {
  service = await serve({ port: 0 });
  // localhost, where the service is 127.0.0.1: another origin, as a creator's site is.
  site = await serveScriptTag({ host: 'localhost', page: (url) => page(url.searchParams.get('base') ?? '') });
  siteOrigin = site.origin;
});
after(async () => {
  await site.close();
  await service.close();
});

interface Log {
  requests: Array<{ method: string; path: string; status: number }>;
}

for (const browserName of wantedBrowsers()) {
  describe(`${TABS} tabs of one ${browserName} submitting at once`, () => {
    test(`the service receives ten signups and no 429, in each of ${RUNS} runs`, { timeout: 600_000 }, async () => {
      const browser = await launch(browserName);
      const outcomes: string[] = [];
      try {
        const tabs = await Promise.all(Array.from({ length: TABS }, () => browser.newPage()));
        for (let run = 0; run < RUNS; run++) {
          // A new sandbox, so a new service base URL: the budget starts empty each run.
          const base = `${service.url}/__sandbox/tabs-${browserName}-${Date.now()}-${run}`;
          for (const tab of tabs) {
            await tab.goto(`${siteOrigin}/?base=${encodeURIComponent(base)}`);
            await tab.waitFor(() => !!document.querySelector('signup-form form'), [], { what: 'the form' });
          }
          // Every tab submits at the same wall-clock moment, from its own timer.
          const at = Date.now() + 1500;
          await Promise.all(
            tabs.map((tab, n) =>
              tab.evaluate(
                (when: number, email: string) => {
                  const form = document.querySelector('signup-form form') as HTMLFormElement;
                  (form.elements.namedItem('email') as HTMLInputElement).value = email;
                  setTimeout(() => form.requestSubmit(), Math.max(0, when - Date.now()));
                },
                at,
                `tab${n}.run${run}@example.com`,
              ),
            ),
          );
          // What each visitor reads once their tab has its answer.
          const read = await Promise.all(
            tabs.map(async (tab) => {
              let text = '';
              await until(async () => ANSWERED.test((text = await tab.visibleText('signup-form'))), () => `an answer in every tab (one reads "${text}")`, {
                timeoutMs: 240_000,
                intervalMs: 250,
              });
              return text;
            }),
          );
          const states = read.map((text) => (SUCCESS.test(text) ? 'success' : RATE_LIMITED.test(text) ? 'rate-limited' : text));
          // Anything a page might still send would be sent before it is gone: leave every
          // page, then count what the service received.
          for (const tab of tabs) await tab.goto('about:blank');
          const log = (await (await fetch(`${base}/__stand-in/log`)).json()) as Log;
          const posts = log.requests.filter((r) => r.method === 'POST');
          outcomes.push(`${posts.length} POSTs, ${posts.filter((r) => r.status === 429).length} × 429`);
          assert.equal(posts.filter((r) => r.status === 429).length, 0, `run ${run}: the service answered 429`);
          assert.equal(posts.length, 10, `run ${run}: ${posts.length} signups reached the service`);
          assert.deepEqual(
            [states.filter((s) => s === 'success').length, states.filter((s) => s === 'rate-limited').length],
            [10, 2],
            `run ${run}: the tabs read ${states.join(', ')}`,
          );
        }
      } finally {
        console.log(`${browserName}: ${outcomes.join('; ')}`);
        await browser.close();
      }
    });
  });
}
