/**
 * `hub-kit/client`: the keyless client without any element, for sites that build their own
 * UI. The same client the elements use, so a custom form shares their rate budgets, cache
 * and offline outbox when it goes through `sharedClient` and `cachedGet`.
 *
 * `HubClient` has a method per endpoint. A UI that calls only some endpoints can use the
 * functions behind those methods instead (`post`, `getBio`, `getPresence`, … with
 * `sharedTransport`, and `cachedCall`), so that its bundle holds only their schemas.
 */
export * from './api/index.js';
export { sharedClient } from './api/registry.js';
export { cachedCall, cachedGet, FRESHNESS_MS, type CachedGetOptions } from './cache/freshness.js';
export type { SwrResult } from './cache/swr.js';
export { enqueue, pending, flush, startOutbox, outboxEvents } from './outbox/outbox.js';
export type { OutboxEntry, DeliveredDetail, FailedDetail } from './outbox/outbox.js';
export { GROUP_LIMITS, EMAIL_LIMIT, normalizeEmail, type Limit, type LimitGroup } from './limits/rules.js';
export { budgetFor, type Budget, type BudgetOptions, type Decision } from './limits/budget.js';
export { hubPath, resolveRoute, type HubRoute } from './resolve/resolve-route.js';
