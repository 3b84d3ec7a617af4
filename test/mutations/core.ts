/**
 * Planted faults in the core every client shares: the base-URL rule, `hub-kit/server` and
 * the `hub-kit` command. Each row's tests must go red with it (scripts/mutate.ts).
 */
import type { Mutation } from './types.js';

export default [
  {
    promise: 'plain http only to this machine: a host that merely ends like loopback is refused',
    file: 'src/api/base-url.ts',
    find: '|\\[::1\\])$/;',
    replace: '|\\[::1\\])/;',
    tests: ['test/node/src/api/base-url.test.ts'],
  },
  {
    promise: 'plain http only to this machine: a host that merely starts like loopback is refused',
    file: 'src/api/base-url.ts',
    find: 'const LOOPBACK = /^(?:',
    replace: 'const LOOPBACK = /(?:',
    tests: ['test/node/src/api/base-url.test.ts'],
  },
  {
    promise: 'the API key goes to its own origin only: a next link to another port or scheme is not followed',
    file: 'src/server/hub-api.ts',
    find: 'if (url.origin !== base.origin ||',
    replace: 'if (url.hostname !== base.hostname ||',
    tests: ['test/node/src/server/server.test.ts'],
    grep: 'next link',
  },
  {
    promise: 'the API key goes to its own origin only: a next link to another host is not followed',
    file: 'src/server/hub-api.ts',
    find: 'if (url.origin !== base.origin ||',
    replace: 'if (false ||',
    tests: ['test/node/src/server/server.test.ts'],
    grep: 'next link',
  },
  {
    promise: 'hub-kit/server waits what Retry-After says, before X-RateLimit-Reset, and no longer',
    file: 'src/server/hub-api.ts',
    find: 'const told = retryDelay(response.headers, now) ?? 60_000;',
    replace:
      "const told = retryDelay(response.headers.has('X-RateLimit-Reset') ? new Headers([...response.headers].filter(([name]) => name !== 'retry-after')) : response.headers, now) ?? 60_000;",
    tests: ['test/node/src/server/server.test.ts'],
    grep: '429',
  },
  {
    promise: 'hub-kit/server: repeated 429s back off, within bounds',
    file: 'src/server/hub-api.ts',
    find: 'attempt > 0 ? backoffMs(attempt) + told : told',
    replace: 'told',
    tests: ['test/node/src/server/server.test.ts'],
    grep: '429',
  },
  {
    promise: 'the hub-kit command never subscribes again someone who unsubscribed, unless --resubscribe',
    file: 'bin/commands/subscribers/index.ts',
    find: "resubscribe: flags.has('resubscribe'),",
    replace: 'resubscribe: true,',
    tests: ['test/node/bin/cli-api.test.ts'],
    grep: 'resubscribe',
  },
  {
    promise: 'hub-kit/server never subscribes again someone who unsubscribed, unless resubscribe is set',
    file: 'src/server/upsert.ts',
    find: "const guarded = item.status === 'subscribed' && !options.resubscribe;",
    replace: 'const guarded = false;',
    tests: ['test/node/src/server/server.test.ts'],
  },
] satisfies Mutation[];
