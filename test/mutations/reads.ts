/**
 * Planted faults in the reads of the elements: the cache every read goes through, and the
 * polling behind presence. Each row's tests must go red with it (scripts/mutate.ts).
 */
import type { Mutation } from './types.js';

export default [
  {
    promise: 'one request for a stale read: two callers asking at once share it',
    file: 'src/cache/swr.ts',
    find: '  if (request) return request;\n  const failed = failures.get(key);',
    replace: '  const failed = failures.get(key);',
    tests: ['test/browser/src/cache/cache.test.ts'],
  },
  {
    promise: 'a stale copy from another origin is revalidated without a CORS preflight (the browser sends If-None-Match)',
    file: 'src/api/transport.ts',
    find: "cache: validators ? 'no-store' : 'no-cache',",
    replace: "cache: 'no-store', headers: { ...headers, 'If-None-Match': '\"x\"' },",
    tests: ['test/browser/src/cache/cache.test.ts'],
  },
  {
    promise: 'a failed load backs off: no request for it while the backoff lasts, whoever asks',
    file: 'src/cache/swr.ts',
    find: 'if (failed && now() < failed.until && !options.retry) return Promise.reject(failed.error);',
    replace: '',
    tests: ['test/browser/src/cache/cache.test.ts'],
  },
  {
    promise: 'a hidden page asks for nothing: presence stops polling while the page is hidden',
    file: 'components/controllers/poll.ts',
    find: " || document.visibilityState === 'hidden') return;",
    replace: ') return;',
    tests: ['test/browser/controllers/poll.test.ts'],
  },
  {
    promise: 'presence is refreshed no sooner than the interval the card asks for',
    file: 'components/controllers/poll.ts',
    find: 'const timer = setTimeout(() => void this.#next(), wait);',
    replace: 'const timer = setTimeout(() => void this.#next(), 0);',
    tests: ['test/browser/controllers/poll.test.ts'],
  },
] satisfies Mutation[];
