/**
 * `hub-kit/client`: the keyless client without any element, for sites that build their own
 * UI. The same client the elements use, so a custom form shares their rate budgets, cache
 * and offline outbox when it goes through `sharedClient` and `cachedGet`.
 */
export * from './api/index.js';
export { sharedClient } from './api/registry.js';
export { cachedGet, FRESHNESS_MS, type CachedGetOptions } from './cache/freshness.js';
export type { SwrResult } from './cache/swr.js';
export { enqueue, pending, flush, startOutbox, outboxEvents } from './outbox/outbox.js';
export type { OutboxEntry, DeliveredDetail, FailedDetail } from './outbox/outbox.js';
export { GROUP_LIMITS, EMAIL_LIMIT, normalizeEmail, type Limit, type LimitGroup } from './limits/rules.js';
