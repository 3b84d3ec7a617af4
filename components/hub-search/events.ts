/**
 * What `<hub-search>` tells the page: each event's detail, and the events in the global
 * event map, so `addEventListener('hub-search-select', …)` is typed and `emit` checks the
 * detail it is given (components/shared/emit.ts).
 */
import type { SearchEntry } from '../../src/api/schema.js';
import type { EventsOf } from '../shared/emit.js';

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

declare module '../shared/emit.js' {
  interface HubEvents {
    'hub-search': {
      ready: HubSearchReadyDetail;
      results: HubSearchResultsDetail;
      select: HubSearchSelectDetail;
      error: HubSearchErrorDetail;
    };
  }
}

declare global {
  interface GlobalEventHandlersEventMap extends EventsOf<'hub-search'> {}
}
