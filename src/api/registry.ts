/**
 * One HubClient per service per page, so every element and the outbox share one budget
 * and one set of in-flight requests. It lives in the core, not with the elements, so the
 * outbox can replay a submission through the same client without importing UI code.
 */
import { normalizeBaseUrl } from './base-url.js';
import { HubClient } from './hub-client.js';

const clients = new Map<string, HubClient>();

/** The page's client for `baseUrl` (normalized first). Throws ConfigError for a bad URL. */
export function sharedClient(baseUrl: string): HubClient {
  const normalized = normalizeBaseUrl(baseUrl);
  let client = clients.get(normalized);
  if (!client) {
    client = new HubClient({ baseUrl: normalized });
    clients.set(normalized, client);
  }
  return client;
}
