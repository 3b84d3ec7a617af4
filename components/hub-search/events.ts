/**
 * What `<hub-search>` tells the page: each event's detail, and the events in the global
 * event map, so `addEventListener('hub-search-select', …)` is typed and `emit` checks the
 * detail it is given.
 */
import type { SearchEntry } from '../../src/api/schema.js';

export interface HubSearchResultsDetail {
  query: string;
  /** Every matching entry. */
  total: number;
  /** The entries shown, at most `limit`. */
  entries: SearchEntry[];
}

export interface HubSearchSelectDetail {
  query: string;
  entry: SearchEntry;
  /** The filtered link that will be followed. */
  url: string;
}

export interface HubSearchReadyDetail {
  /** Entries in the index. */
  size: number;
  /** True when searching a saved copy the service could not confirm. */
  offline: boolean;
}

export interface HubSearchErrorDetail {
  error: Error;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'hub-search-ready': CustomEvent<HubSearchReadyDetail>;
    'hub-search-results': CustomEvent<HubSearchResultsDetail>;
    'hub-search-select': CustomEvent<HubSearchSelectDetail>;
    'hub-search-error': CustomEvent<HubSearchErrorDetail>;
  }
}
