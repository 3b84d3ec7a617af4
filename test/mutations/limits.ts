/**
 * Planted faults in the rules every submission keeps: the spam trap and the visitor's
 * allowances (src/limits), and how long a 429 asks a client to wait (src/timing). Each row's
 * tests must go red with it (scripts/mutate.ts).
 */
import type { Mutation } from './types.js';

const LIMITS = 'test/browser/src/limits/limits.test.ts';

export default [
  {
    promise: 'a stalled IndexedDB gives no second allowance: the budget goes on from what it had counted',
    file: 'src/cache/store.ts',
    find: '    if (!mirrored) return;\n    if (value === undefined)',
    replace: '    return;\n    if (value === undefined)',
    tests: ['test/browser/src/cache/storage-stall.test.ts'],
    grep: 'second allowance',
  },
  {
    promise: 'every submission carries the spam trap as the form has it, so the service can drop a bot’s',
    file: 'src/api/calls.ts',
    find: "const payload = { ...body, email, [TRAP_NAME]: body.website ?? '' };",
    replace: 'const payload = { ...body, email, [TRAP_NAME]: undefined };',
    tests: ['test/browser/components/signup-form/signup-form.test.ts'],
    grep: 'trap is filled',
  },
  {
    promise: 'the form action, subscribe and magic links share one signup allowance (10 a minute)',
    file: 'src/api/endpoints.ts',
    find: "magicLink: row('magicLink', 'POST', 'signup',",
    replace: "magicLink: row('magicLink', 'POST', 'contact',",
    tests: [LIMITS],
    grep: 'signup allowance',
  },
  {
    promise: 'a visitor sends at most 5 contact messages a minute',
    file: 'src/limits/rules.ts',
    find: 'contact: { max: 5, windowSeconds: 60 },',
    replace: 'contact: { max: 6, windowSeconds: 60 },',
    tests: [LIMITS],
    grep: 'contact allows 5|Limits table',
  },
  {
    promise: 'one address is sent at most 10 times in 10 minutes per group, whoever sends it',
    file: 'src/limits/budget.ts',
    find: 'hash === undefined ? undefined : logResetAt(state.emails[group]?.[hash] ?? [], EMAIL_LIMIT, marginMs),',
    replace: 'undefined,',
    tests: [LIMITS],
    grep: 'per 10 minutes',
  },
  {
    promise: 'a 429’s wait is read from Retry-After first, X-RateLimit-Reset only without one',
    file: 'src/timing/retry-after.ts',
    find: "const after = headers.get('Retry-After')?.trim() ?? '';",
    replace: "const after = headers.has('X-RateLimit-Reset') ? '' : (headers.get('Retry-After')?.trim() ?? '');",
    tests: ['test/node/src/timing/timing.test.ts'],
    grep: 'Retry-After',
  },
];
