/**
 * What `<bio-card>` tells the page: each event's detail, and the events in the global event
 * map, so `addEventListener('bio-card-load', …)` is typed and `emit` checks the detail it is
 * given.
 */
import type { Bio, Presence } from '../../src/api/schema.js';
import type { EventsOf } from '../shared/emit.js';

export interface BioCardLoadDetail {
  bio: Bio;
  /** `data` when the page supplied it (server rendering), otherwise where the cache found it. */
  source: 'data' | 'network' | 'cache';
  fresh: boolean;
}

export interface BioCardErrorDetail {
  error: Error;
}

export interface BioCardPresenceDetail {
  presence: Presence;
}

declare module '../shared/emit.js' {
  interface HubEvents {
    'bio-card': {
      load: BioCardLoadDetail;
      error: BioCardErrorDetail;
      presence: BioCardPresenceDetail;
    };
  }
}

declare global {
  interface GlobalEventHandlersEventMap extends EventsOf<'bio-card'> {}
}
