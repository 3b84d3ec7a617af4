/**
 * The one timing module (src/timing): which header a wait comes from, how a skewed clock and
 * a reset in milliseconds are read, the cap, backoff with jitter, and the abortable sleep.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoff } from '../../../../src/timing/backoff.js';
import { MAX_WAIT_MS, retryDelay } from '../../../../src/timing/retry-after.js';
import { sleep } from '../../../../src/timing/sleep.js';

const NOW = Date.UTC(2026, 0, 31, 10, 0, 0);
const at = (ms: number) => new Date(ms).toUTCString();
const h = (headers: Record<string, string>) => new Headers(headers);

describe('retryDelay', () => {
  it('prefers Retry-After, whatever X-RateLimit-Reset says', () => {
    assert.equal(retryDelay(h({ 'Retry-After': '30', 'X-RateLimit-Reset': String(NOW / 1000 + 3600) }), NOW), 30_000);
    assert.equal(retryDelay(h({ 'Retry-After': '30', 'X-RateLimit-Reset': String(NOW + 86_400_000) }), NOW), 30_000);
    assert.equal(retryDelay(h({ 'Retry-After': '30', 'X-RateLimit-Reset': String(NOW / 1000 - 60) }), NOW), 30_000);
  });

  it('reads Retry-After as an HTTP date, on the service’s clock when Date says it', () => {
    assert.equal(retryDelay(h({ 'Retry-After': at(NOW + 90_000) }), NOW), 90_000);
    // The visitor's clock is 2 h behind the service's; the date is 90 s after the answer's Date.
    const serverNow = NOW + 2 * 3600_000;
    assert.equal(retryDelay(h({ 'Retry-After': at(serverNow + 90_000), Date: at(serverNow) }), NOW), 90_000);
  });

  it('uses X-RateLimit-Reset only without Retry-After (or with one that cannot be read), as Unix seconds', () => {
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': String(NOW / 1000 + 40) }), NOW), 40_000);
    assert.equal(retryDelay(h({ 'Retry-After': 'soon', 'X-RateLimit-Reset': String(NOW / 1000 + 40) }), NOW), 40_000);
  });

  it('reads an X-RateLimit-Reset too large for seconds as milliseconds', () => {
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': String(NOW + 30_000) }), NOW), 30_000);
  });

  it('measures X-RateLimit-Reset from the answer’s Date: a visitor clock 2 h behind waits 30 s, not 2 h', () => {
    const serverNow = NOW + 2 * 3600_000;
    const headers = h({ 'X-RateLimit-Reset': String(serverNow / 1000 + 30), Date: at(serverNow) });
    assert.equal(retryDelay(headers, NOW), 30_000);
    // And 2 h ahead: 30 s, not none.
    const behind = NOW - 2 * 3600_000;
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': String(behind / 1000 + 30), Date: at(behind) }), NOW), 30_000);
  });

  it('caps every wait at the spec’s longest window, ten minutes', () => {
    assert.equal(MAX_WAIT_MS, 600_000);
    assert.equal(retryDelay(h({ 'Retry-After': '86400' }), NOW), MAX_WAIT_MS);
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': String(NOW / 1000 + 7200) }), NOW), MAX_WAIT_MS);
    assert.equal(retryDelay(h({ 'Retry-After': at(NOW + 86_400_000) }), NOW), MAX_WAIT_MS);
  });

  it('gives nothing for a moment already past or nothing readable, so the caller backs off', () => {
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': String(NOW / 1000 - 60) }), NOW), undefined);
    assert.equal(retryDelay(h({ 'Retry-After': '0' }), NOW), undefined);
    assert.equal(retryDelay(h({ 'Retry-After': at(NOW - 1000) }), NOW), undefined);
    assert.equal(retryDelay(h({}), NOW), undefined);
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': 'tomorrow' }), NOW), undefined);
    // A small number is no Unix time: "30" is 1970.
    assert.equal(retryDelay(h({ 'X-RateLimit-Reset': '30' }), NOW), undefined);
  });

  it('reads a Date it cannot parse as no skew', () => {
    assert.equal(retryDelay(h({ Date: 'yesterday', 'X-RateLimit-Reset': String(NOW / 1000 + 40) }), NOW), 40_000);
  });
});

describe('backoff', () => {
  it('doubles from the first wait, half fixed and half random, up to the most', () => {
    assert.deepEqual([1, 2, 3, 4].map((n) => backoff(n, 1000, 60_000, () => 0)), [500, 1000, 2000, 4000]);
    assert.deepEqual([1, 2, 3, 4].map((n) => backoff(n, 1000, 60_000, () => 1)), [1000, 2000, 4000, 8000]);
    assert.equal(backoff(20, 1000, 60_000, () => 1), 60_000);
    assert.equal(backoff(20, 1000, 60_000, () => 0), 30_000);
  });

  it('spreads clients that failed together', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoff(3, 1000, 60_000)));
    assert.ok(waits.size > 40);
    for (const wait of waits) assert.ok(wait >= 2000 && wait <= 4000);
  });
});

describe('sleep', () => {
  const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

  it('resolves after the time', async () => {
    const started = performance.now();
    await sleep(30);
    assert.ok(performance.now() - started >= 25);
  });

  it('rejects with the signal’s reason when it aborts, and leaves no timer behind', async () => {
    const before = timers();
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(waiting, /stop/);
    assert.equal(timers(), before);
  });

  it('rejects at once for a signal already aborted', async () => {
    await assert.rejects(sleep(60_000, AbortSignal.abort(new Error('already'))), /already/);
  });
});
