/**
 * The one base-URL rule (src/api/base-url.ts) that the browser client, `hub-kit/server` and the
 * `hub-kit` command share: https, or plain http to this machine only. "This machine" is
 * matched on the whole host: a host that only starts or ends like a loopback name
 * (`localhost.evil.example`, `127.0.0.1.nip.io`, `evil-localhost`) is somebody else's, and
 * a key or a visitor's address sent there in plain http could be read on the way.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkBaseUrl, normalizeBaseUrl } from '../../../../src/api/base-url.js';
import { ConfigError } from '../../../../src/api/errors.js';

const WORDS = {
  missing: 'missing',
  invalid: (value: string) => `invalid ${value}`,
  insecure: (value: string) => `insecure ${value}`,
  credentials: 'credentials',
};

const refused = (value: string) => {
  assert.throws(() => checkBaseUrl(value, WORDS), (error: unknown) => error instanceof ConfigError && /insecure|invalid|credentials/.test(error.message), value);
};

describe('the base-URL rule', () => {
  it('takes plain http to loopback only: localhost, 127.0.0.0/8 (in any IPv4 spelling) and [::1]', () => {
    for (const value of ['http://localhost', 'http://LOCALHOST:8787/', 'http://127.0.0.1:1', 'http://127.255.0.9', 'http://127.1', 'http://0x7f.0.0.1', 'http://[::1]:2', 'http://[0:0:0:0:0:0:0:1]']) {
      assert.match(checkBaseUrl(value, WORDS), /^http:\/\//, value);
    }
  });

  it('refuses plain http to a host that only looks like loopback: another name around it, another address', () => {
    for (const value of [
      'http://localhost.evil.example',
      'http://localhost.evil.example:8787',
      'http://evil.example.localhost.',
      'http://localhost.',
      'http://notlocalhost',
      'http://evil-localhost',
      'http://localhostevil',
      'http://127.0.0.1.nip.io',
      'http://127.0.0.1.evil.example',
      'http://a127.0.0.1',
      'http://128.0.0.1',
      'http://126.255.255.255',
      'http://10.0.0.1',
      'http://[::2]',
      'http://[::ffff:7f00:1]',
      'http://0.0.0.0',
      'http://localhost@evil.example',
      'http://127.0.0.1@evil.example',
    ]) {
      refused(value);
    }
  });

  it('refuses, for any name put before or after a loopback name, plain http', () => {
    const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/);
    const loopback = fc.constantFrom('localhost', '127.0.0.1', '127.1.2.3');
    fc.assert(
      fc.property(loopback, label, fc.constantFrom('before', 'after', 'both', 'glued'), fc.option(fc.integer({ min: 1, max: 65535 })), (host, other, where, port) => {
        const name =
          where === 'before' ? `${other}.${host}` : where === 'after' ? `${host}.${other}` : where === 'both' ? `${other}.${host}.${other}` : `${host}${other}`;
        // A glued name can still be an IPv4 address (127.0.0.1 + "2" is 127.0.0.12): that one is loopback.
        // (A name that ends in a number but is no IPv4 address does not parse: refused as invalid.)
        fc.pre(!URL.canParse(`http://${name}`) || !/^127(\.\d{1,3}){3}$/.test(new URL(`http://${name}`).hostname));
        refused(`http://${name}${port === null ? '' : `:${port}`}`);
      }),
      { numRuns: 300 },
    );
  });

  it('https is taken for any host, and what the browser client gets is the origin and path, without a trailing slash', () => {
    assert.equal(checkBaseUrl('https://localhost.evil.example/hub/', WORDS), 'https://localhost.evil.example/hub');
    assert.equal(normalizeBaseUrl('https://example.com/hub/?x=1#y'), 'https://example.com/hub');
  });
});
