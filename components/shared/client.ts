import { HubClient } from '../../src/api/client.js';
import { normalizeBaseUrl } from '../../src/api/base-url.js';
import { startOutbox } from '../../src/outbox/outbox.js';

const clients = new Map<string, HubClient>();

/**
 * The one client per service for the whole page, so that every element shares one budget
 * and one cache. `baseUrl` defaults to the page's origin. Throws ConfigError for a bad URL.
 *
 * Any element that loads starts the outbox, so a submission queued while offline on one
 * page is sent by the next page of the site that has a hub-kit element.
 */
export function clientFor(baseUrl?: string | null): HubClient {
  const normalized = normalizeBaseUrl(baseUrl || globalThis.location.origin);
  let client = clients.get(normalized);
  if (!client) {
    client = new HubClient({ baseUrl: normalized });
    clients.set(normalized, client);
  }
  startOutbox();
  return client;
}
