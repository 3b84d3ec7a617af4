/**
 * The demo's "behind the scenes" panel: what the stand-in service received and stored,
 * so a visitor can watch the spam trap and the rate budgets at work. It belongs to the
 * demo, not to the kit: a real site has no such window into the service.
 */
import { html, nothing, render } from 'lit';
import { sharedClient } from '../src/api/registry.js';
import { RateLimitedError } from '../src/api/errors.js';
// The shapes the stand-in's control endpoints answer with.
import type { LoggedRequest, Records } from '../src/stand-in/handler.js';

const KIT_EVENTS = [
  'signup-form-success',
  'signup-form-error',
  'signup-form-queued',
  'contact-form-success',
  'contact-form-error',
  'contact-form-queued',
];

let records: Records = { subscribers: [], contacts: [], magic_links: [] };
let log: LoggedRequest[] = [];
let note = '';
let busy = false;

async function control<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`/__stand-in/${path}`, { cache: 'no-store', ...init });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

async function refresh(): Promise<void> {
  try {
    [records, log] = await Promise.all([
      control<Records>('records'),
      control<{ requests: LoggedRequest[] }>('log').then((body) => body.requests),
    ]);
  } catch {
    note = 'The stand-in service is not answering.';
  }
  draw();
}

/** A bot fills every field it finds, the hidden one too. */
async function fillTheTrap(): Promise<void> {
  const form = document.querySelector('signup-form form');
  const trap = form?.querySelector<HTMLInputElement>('input[name="website"]');
  const email = form?.querySelector<HTMLInputElement>('input[type="email"], input[name="email"]');
  if (form instanceof HTMLFormElement && trap && email) {
    email.value = `bot-${Date.now()}@spam.example`;
    trap.value = 'https://cheap-pills.example';
    note = 'A bot filled every field, the hidden "website" trap too, and submitted.';
    draw();
    form.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 600));
    trap.value = '';
  } else {
    // Before the form element has loaded, send what a bot would send.
    await sharedClient(location.origin)
      .formSignup('demo-form', { email: `bot-${Date.now()}@spam.example`, website: 'https://cheap-pills.example' })
      .catch(() => undefined);
    note = 'A bot posted with the hidden "website" trap filled.';
  }
  await refresh();
}

/** Fifteen signups in a row: the budget lets the first ten leave and holds the rest. */
async function hammer(): Promise<void> {
  busy = true;
  draw();
  const client = sharedClient(location.origin);
  let sent = 0;
  let held = 0;
  let wait = 0;
  for (let i = 1; i <= 15; i++) {
    try {
      await client.formSignup('demo-form', { email: `reader${i}-${Date.now()}@example.com`, fields: { source: 'hammer' } });
      sent++;
    } catch (error) {
      if (error instanceof RateLimitedError && !error.sent) {
        held++;
        wait = error.retryAfter;
      } else if (error instanceof RateLimitedError) {
        wait = error.retryAfter;
      }
    }
  }
  busy = false;
  note =
    held > 0
      ? `${sent} signups sent, ${held} held back in the browser: the signup budget (10 a minute) is spent for ${wait} s. The service never had to answer 429.`
      : `${sent} signups sent.`;
  await refresh();
}

async function reset(): Promise<void> {
  await control('reset', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).catch(() => undefined);
  note = 'The stand-in forgot everything. (The browser still remembers its own budget.)';
  await refresh();
}

function time(at: string | number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString('en', { hour12: false });
}

function outcomeLabel(entry: LoggedRequest): string {
  if (entry.outcome === 'spam') return 'spam: looked saved, was not';
  return entry.outcome;
}

function draw(): void {
  const host = document.getElementById('stand-in-panel');
  if (!host) return;
  const api = log.filter((entry) => !entry.path.includes('/__stand-in/'));
  const recent = api.slice(-14).reverse();
  const spam = api.filter((entry) => entry.outcome === 'spam').length;
  const limited = api.filter((entry) => entry.status === 429).length;
  const subscribers = records.subscribers.slice(-6).reverse();
  render(
    html`<div class="panel-head">
        <h2 id="panel-title">Behind the scenes</h2>
        <p class="panel-lede">
          What the service running beside this demo received. Part of the demo, not of the kit.
        </p>
      </div>
      <dl class="stats">
        <div><dt>Subscribers</dt><dd data-stat="subscribers">${records.subscribers.length}</dd></div>
        <div><dt>Guide requests</dt><dd data-stat="magic-links">${records.magic_links.length}</dd></div>
        <div><dt>Messages</dt><dd data-stat="contacts">${records.contacts.length}</dd></div>
        <div><dt>Spam caught</dt><dd data-stat="spam">${spam}</dd></div>
        <div><dt>429 answers</dt><dd data-stat="rate-limited">${limited}</dd></div>
      </dl>
      <div class="panel-actions">
        <button type="button" data-action="trap" @click=${fillTheTrap}>Be a bot: fill the spam trap</button>
        <button type="button" data-action="hammer" ?disabled=${busy} @click=${hammer}>
          ${busy ? 'Sending…' : 'Hammer the signup 15 times'}
        </button>
        <button type="button" class="quiet" data-action="reset" @click=${reset}>Reset the service</button>
      </div>
      <p class="panel-note" role="status">${note}</p>
      <h3>Latest subscribers</h3>
      ${subscribers.length
        ? html`<ul class="subscribers">
            ${subscribers.map(
              (s) =>
                html`<li><span class="email">${s.email}</span><span class="via">${s.form ? `form ${s.form}` : s.tenant}</span></li>`,
            )}
          </ul>`
        : html`<p class="empty">Nobody yet: subscribe with the form on this page.</p>`}
      <h3>Requests received</h3>
      ${recent.length
        ? html`<table class="log">
            <thead>
              <tr><th scope="col">Time</th><th scope="col">Request</th><th scope="col">Status</th><th scope="col">Outcome</th></tr>
            </thead>
            <tbody>
              ${recent.map(
                (entry) =>
                  html`<tr class="outcome-${entry.outcome}">
                    <td>${time(entry.at)}</td>
                    <td><code>${entry.method} ${entry.path.replace(/^\/api\/v1\/tenants\//, '…/')}</code></td>
                    <td>${entry.status}</td>
                    <td>${outcomeLabel(entry)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="empty">No requests yet.</p>`}
      ${nothing}`,
    host,
  );
}

let timer: ReturnType<typeof setInterval> | undefined;
function poll(): void {
  clearInterval(timer);
  if (document.visibilityState === 'visible') timer = setInterval(refresh, 3000);
}

export function startPanel(): void {
  for (const type of KIT_EVENTS) document.addEventListener(type, () => void refresh());
  document.addEventListener('visibilitychange', poll);
  poll();
  void refresh();
}

startPanel();
