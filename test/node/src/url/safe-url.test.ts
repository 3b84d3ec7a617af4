import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeUrl, LINK_SCHEMES, WEB_SCHEMES, displayHost } from '../../../../src/url/safe-url.js';
import { UNSAFE_URLS } from '../../../fixtures/hostile.js';

test('keeps http, https and (when allowed) mailto', () => {
  assert.equal(safeUrl('https://example.com/a?b=1', WEB_SCHEMES), 'https://example.com/a?b=1');
  assert.equal(safeUrl('  http://example.com ', WEB_SCHEMES), 'http://example.com/');
  assert.equal(safeUrl('HTTPS://EXAMPLE.com/', WEB_SCHEMES), 'https://example.com/');
  assert.equal(safeUrl('mailto:ada@example.com', LINK_SCHEMES), 'mailto:ada@example.com');
  assert.equal(safeUrl('mailto:ada@example.com', WEB_SCHEMES), undefined);
});

test('drops script-bearing schemes in any casing, behind whitespace or control characters', () => {
  // The URL forms every hostile-payload suite shares.
  for (const value of UNSAFE_URLS) {
    assert.equal(safeUrl(value, LINK_SCHEMES), undefined, JSON.stringify(value));
  }
});

test('refuses relative values without a base, non-strings, hostless and credentialed URLs', () => {
  assert.equal(safeUrl('/posts/1', WEB_SCHEMES), undefined);
  assert.equal(safeUrl('/posts/1', WEB_SCHEMES, 'https://hub.example'), 'https://hub.example/posts/1');
  assert.equal(safeUrl(42 as unknown, WEB_SCHEMES), undefined);
  assert.equal(safeUrl(null, WEB_SCHEMES), undefined);
  assert.equal(safeUrl('https://bank.example@evil.example/', WEB_SCHEMES), undefined);
  assert.equal(safeUrl('', WEB_SCHEMES), undefined);
});

test('displayHost shows the host or the mail address', () => {
  assert.equal(displayHost('https://www.example.com/x'), 'example.com');
  assert.equal(displayHost('mailto:ada@example.com'), 'ada@example.com');
});
