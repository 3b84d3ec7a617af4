import { sharedTransport, type Transport } from '../../src/api/transport.js';
import { startOutbox } from '../../src/outbox/outbox.js';

/**
 * The one transport per service for the whole page, so that every element shares one
 * budget and one cache. `baseUrl` defaults to the page's origin. Throws ConfigError for a
 * bad URL.
 *
 * Any element that loads starts the outbox, so a submission queued while offline on one
 * page is sent by the next page of the site that has a hub-kit element.
 */
export function transportFor(baseUrl?: string | null): Transport {
  const transport = sharedTransport(baseUrl || globalThis.location.origin);
  startOutbox();
  return transport;
}
