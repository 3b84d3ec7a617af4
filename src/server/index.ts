/**
 * `hub-kit/server`: the service's authenticated API, for servers, build steps and command
 * lines (Node, Deno, Bun, workers). Never import it into a page: the API key is a secret
 * of the workspace. See docs/server.md.
 */
export { HubApi } from './hub-api.js';
export type { ChangesOptions, HubApiOptions, ListOptions, Page, PostsListOptions } from './hub-api.js';
export type { Clock } from './pacing.js';
export type { Post, PageMeta, Subscriber } from '../api/schema.js';
export type { ConsentCheck, InvalidRow, SubscriberStatus, UpsertOptions, UpsertProgress, UpsertResult } from './upsert.js';
export { normalizeEmail } from './upsert.js';
export * from './errors.js';
