/**
 * The one mapping from an error to what the visitor is told (src/api/advice.ts), and the
 * brand check it reads errors with, which holds for errors of another copy of the kit.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { adviceFor } from '../../../../src/api/advice.js';
import * as errors from '../../../../src/api/errors.js';

const {
  ConfigError,
  HttpError,
  NetworkError,
  OfflineError,
  RateLimitedError,
  RedirectError,
  TimeoutError,
  UnconfirmedError,
  UnexpectedResponseError,
  ValidationError,
  isHubError,
} = errors;

describe('adviceFor', () => {
  const cases: Array<[string, unknown, string, string?]> = [
    ['a 429 or a spent budget', new RateLimitedError(30, new Date(), false), 'rateLimited'],
    ['a 422', new ValidationError('The email is invalid.', { email: ['The email is invalid.'] }, { message: 'The email is invalid.' }), 'invalid', 'The email is invalid.'],
    ['an unknown outcome', new UnconfirmedError(new NetworkError()), 'unconfirmed'],
    ['the browser offline', new OfflineError(), 'offline'],
    ['no answer to a read', new NetworkError(), 'unreachable'],
    ['a timeout', new TimeoutError(10_000), 'unreachable'],
    ['a bad option', new ConfigError('hub-kit: no tenant'), 'config'],
    ['a redirect', new RedirectError(302, 'moved', undefined), 'config'],
    ['a 404', new HttpError(404, 'Not found.', { message: 'Not found.' }), 'notFound', 'Not found.'],
    ['a 400 with a message', new HttpError(400, 'x', { message: 'Please use your work address.' }), 'badRequest', 'Please use your work address.'],
    ['a 400 without', new HttpError(400, 'The service answered 400.', undefined), 'badRequest'],
    ['a 403', new HttpError(403, 'x', { message: '  ' }), 'forbidden'],
    ['a 413', new HttpError(413, 'x', 'Payload Too Large'), 'tooLarge'],
    ['a 409 of a contact message', new HttpError(409, 'x', { message: 'Received already.' }), 'refused', 'Received already.'],
    ['a 410', new HttpError(410, 'x', null), 'refused'],
    ['a 408', new HttpError(408, 'x', undefined), 'error'],
    ['a 500', new HttpError(500, 'x', { message: 'Server Error' }), 'error', 'Server Error'],
    ['a 2xx that is not the service’s', new UnexpectedResponseError(200, 'x', '<html>'), 'error'],
    ['an error that is not the kit’s', new TypeError('oops'), 'error'],
    ['not an error at all', 'oops', 'error'],
  ];
  for (const [what, error, kind, said] of cases) {
    it(`${what}: ${kind}${said ? `, with the service's words` : ''}`, () => {
      const advice = adviceFor(error);
      assert.equal(advice.kind, kind);
      assert.equal(advice.said, said);
    });
  }
});

describe('isHubError', () => {
  it('holds for an error of another copy of the kit, where instanceof does not', async () => {
    // A second instance of the same module: what a page with two copies of the kit has.
    const other = (await import(`../../../../src/api/errors.ts?copy=${Date.now()}`)) as typeof errors;
    assert.notEqual(other.RateLimitedError, RateLimitedError);
    const theirs = new other.RateLimitedError(30, new Date(), true);
    assert.ok(!(theirs instanceof RateLimitedError));
    assert.ok(isHubError(theirs));
    assert.ok(isHubError(theirs, 'RateLimitedError'));
    assert.ok(!isHubError(theirs, 'ValidationError'));
    assert.equal(adviceFor(theirs).kind, 'rateLimited');
    assert.equal(adviceFor(new other.HttpError(403, 'x', { message: 'No.' })).said, 'No.');
  });

  it('does not hold for other errors and values', () => {
    for (const value of [new Error('x'), { name: 'HttpError', status: 500 }, null, undefined, 'HttpError']) assert.ok(!isHubError(value));
  });

  it('every HTTP answer error is an HttpError with a status', () => {
    for (const error of [
      new ValidationError('x', {}),
      new UnexpectedResponseError(200, 'x', undefined),
      new RedirectError(0, 'x', undefined),
    ]) {
      assert.ok(error instanceof HttpError);
      assert.equal(typeof error.status, 'number');
    }
    assert.equal(new ValidationError('x', {}).status, 422);
  });
});
