/**
 * The data the stand-in is given: what it serves, one object per tenant (a tenant is one
 * workspace), and the faults a test arms. The seed file holds two tenants; tests add their
 * own with `POST /__stand-in/tenants`.
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

/**
 * A fault, armed through `POST /__stand-in/faults` (faults.ts answers with it): what sits in
 * front of the service, or goes wrong inside it, for the next matching API requests.
 */
export interface FaultRule {
  /** Substring of the request path and query (within the instance) that the fault applies to. */
  path: string;
  /** Only this method; any method but OPTIONS when missing, so preflights still pass. */
  method?: string;
  /**
   * The answer's status. Without it (and without `redirect` or `drop`) the request is only
   * delayed, then handled normally.
   */
  status?: number;
  /** How many matching requests get the fault. Default 1. */
  times?: number;
  /** Let this many matching requests through untouched first, e.g. 4 to fault the 5th. Default 0. */
  skip?: number;
  /** Wait this long before answering (at most 120000); ends early when the client goes away. */
  delayMs?: number;
  /**
   * Hold the request, then answer as the rule says, when a test lets go of every held
   * request (`POST /__stand-in/faults/release`), when the client goes away, or after 120 s.
   * With `store`, the service has it meanwhile: a send in flight that a test can leave.
   */
  hold?: boolean;
  /**
   * `false`: the answer, the fault's or the service's own, has no CORS headers, so a
   * browser script cannot read it (nor learn that it arrived).
   */
  cors?: boolean;
  /** Send `X-RateLimit-Reset` this many seconds after the stand-in's now (its skewed now, with `clockSkew`). */
  reset?: number;
  /** `X-RateLimit-Reset` as the spec has it, Unix `seconds` (the default), or in `milliseconds`, as some services send it. */
  resetUnit?: 'seconds' | 'milliseconds';
  /** The answer's `Date` header (and `reset`) come from a clock this many seconds ahead of the stand-in's; negative is behind. */
  clockSkew?: number;
  /** Headers of the answer. `null` leaves out a header the stand-in would add (CORS, for instance). */
  headers?: Record<string, string | null>;
  /** Sent as is when a string, as JSON otherwise. */
  body?: unknown;
  /** The `Location` of a redirect; the status is then 301, 302 (the default), 303, 307 or 308. */
  redirect?: string;
  /** Destroy the connection instead of answering, after the request (and its body) was read. */
  drop?: boolean;
  /**
   * Send the answer's status, headers and the first half of its body, then nothing more, as a
   * stalled proxy or a CDN cut off mid-answer: the body ends in a cut-off connection when a
   * test lets go of held requests (`POST /__stand-in/faults/release`), the client goes away,
   * or 120 s pass.
   */
  stall?: boolean;
  /**
   * Let the service handle the request first, as it normally would (a POST is saved, the
   * request counts against its limits and is logged with its real outcome); the fault then
   * replaces the answer, or drops the connection. Without it, the service never sees the request.
   */
  store?: boolean;
}

/** A rule as the stand-in keeps it once armed: how many matching requests it still takes, and lets by first. */
export type ArmedFault = FaultRule & { times: number; skip: number };
