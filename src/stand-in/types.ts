/**
 * The data the stand-in serves, one object per tenant (a tenant is one workspace). The seed
 * file holds two of these; tests add their own with `POST /__stand-in/tenants`.
 *
 * Payload parts (`bio`, `search_index`, `presence.data`) are served as given, so a test can
 * hand the kit odd or hostile payloads. A URL in them that starts with a single `/` is made
 * absolute from the request's origin when served, so seeded pages work on any host and port.
 */

/** A signup form, addressed by its identifier in the form action URL. */
export interface FormData {
  id: string;
  name?: string;
}

/** A resource offered through the magic-links endpoint. */
export interface ResourceData {
  id: string;
  title?: string;
}

/** A resolve target for a path that is not an entry of the search index. */
export interface PathData {
  type: string;
  url?: string;
  title?: string;
  [extra: string]: unknown;
}

/**
 * Presence: either a fixed payload (`data`, served as is) or a simulation driven by the
 * stand-in's clock, so that it changes over time yet is the same for the same moment.
 */
export interface PresenceData {
  data?: Record<string, unknown>;
  /** Most visitors online at once in the simulation. Default 40. */
  peak?: number;
  /** The creator goes live every this many seconds ... Default 3600. */
  live_every?: number;
  /** ... for this many seconds. Default 900. */
  live_for?: number;
  /** Seconds per presence update; the payload changes at most this often. Default 30. */
  step?: number;
}

/** A subscriber of the tenant's workspace, as the authenticated API lists it. */
export interface SubscriberData {
  email: string;
  name?: string;
  /** Default `subscribed`. */
  status?: string;
  fields?: Record<string, string>;
  /** Default: the moment the tenant was added. */
  created_at?: string;
  updated_at?: string;
}

/** A post of the tenant's workspace, as the authenticated API lists it. */
export interface PostData {
  id: string;
  title: string;
  /** Default: the last segment of `url`. */
  slug?: string;
  /** Root-relative URLs are made absolute when served, as in the other payloads. */
  url?: string;
  excerpt?: string;
  published_at?: string;
  /** Default: `published_at`. */
  updated_at?: string;
}

export interface TenantData {
  slug: string;
  /** GET …/bio's `data`. */
  bio?: unknown;
  forms?: Array<FormData | string>;
  resources?: Array<ResourceData | string>;
  /** GET …/search-index's `data`: entries as the service would send them. */
  search_index?: unknown[];
  /** Extra resolve paths (redirects, pages outside the index), keyed without slashes at the ends. */
  paths?: Record<string, PathData>;
  presence?: PresenceData;
  /** The workspace's subscribers, for the authenticated API. */
  subscribers?: SubscriberData[];
  /** The workspace's posts, for the authenticated API; without it, the `post` entries of `search_index`. */
  posts?: PostData[];
  /** Last-Modified of bio and search index; the moment the tenant was added when missing. */
  updated_at?: string;
}

export interface SeedData {
  tenants: TenantData[];
}
