import type { LimitGroup } from '../limits/rules.js';
import { ConfigError } from './errors.js';

export type Method = 'GET' | 'POST';

/** The eight public, keyless endpoints of the service. */
export type EndpointName =
  | 'formSignup'
  | 'subscribe'
  | 'magicLink'
  | 'contact'
  | 'bio'
  | 'resolve'
  | 'searchIndex'
  | 'presence';

/** Path parameters each endpoint needs. */
export interface EndpointParams {
  formSignup: { form: string };
  subscribe: { tenant: string };
  magicLink: { tenant: string; resource: string };
  contact: { tenant: string };
  bio: { tenant: string };
  resolve: { tenant: string; path: string };
  searchIndex: { tenant: string };
  presence: { tenant: string };
}

export interface Endpoint<N extends EndpointName = EndpointName> {
  readonly name: N;
  readonly method: Method;
  /**
   * The path relative to the base URL, as a template: `{tenant}` is one percent-encoded
   * segment, `{path*}` several. The one place paths are written: `path()` builds from it,
   * `matchEndpoint()` reads it back.
   */
  readonly template: string;
  /** Path relative to the base URL; every segment is percent-encoded. */
  readonly path: (params: EndpointParams[N]) => string;
  readonly group: LimitGroup;
  /**
   * Whether the service upserts what this endpoint takes, by email: a subscriber, through
   * the form action URL or the tenant's subscribe. Sending one twice does no harm, and a 409
   * means the address is already subscribed, which is the visitor's goal.
   */
  readonly upsert: boolean;
  /**
   * Whether a request whose outcome is unknown (a timeout, a dropped connection, an answer
   * the browser hides) may be sent again without asking the visitor: every GET may; an
   * upsert may once; a contact message or a magic link may not, it would arrive (or email
   * the guide) twice.
   */
  readonly resend: boolean;
  /**
   * Whether the body carries an email address, and so counts against the per-email limit:
   * every POST of the service does, no GET does.
   */
  readonly takesEmail: boolean;
}

/**
 * One path segment, percent-encoded. `.` and `..` are refused rather than encoded: URL
 * parsers read `%2e` as a dot too, so an id of `..` would climb out of its endpoint
 * (`/api/v1/tenants/../bio` is `/api/v1/bio`). An empty id would change the path as well.
 */
function seg(value: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new ConfigError(`hub-kit: "${value}" is not a valid identifier: an id cannot be empty, "." or "..".`);
  }
  return encodeURIComponent(value);
}

/** `{name}` or `{name*}` in a template. */
const PARAM = /\{(\w+)(\*?)\}/g;

/**
 * A table row; the name is the key it is filed under. A `{path*}` keeps its slashes: each
 * of its segments is encoded on its own, empty ones dropped.
 */
const row = <N extends EndpointName>(name: N, method: Method, group: LimitGroup, template: string, upsert = false): Endpoint<N> => ({
  name,
  method,
  template,
  path: (params) =>
    template.replace(PARAM, (_, key: string, many: string) => {
      const value = (params as Record<string, string>)[key]!;
      return many ? value.split('/').filter(Boolean).map(seg).join('/') : seg(value);
    }),
  group,
  upsert,
  resend: method === 'GET' || upsert,
  takesEmail: method === 'POST',
});

const TENANT = '/api/v1/tenants/{tenant}';

/** The one endpoint table: method, path and limit group of every public endpoint. */
export const ENDPOINTS: { readonly [N in EndpointName]: Endpoint<N> } = {
  // The form action URL is the one public path without the /api/v1 prefix.
  formSignup: row('formSignup', 'POST', 'signup', '/api/subscribe/{form}', true),
  subscribe: row('subscribe', 'POST', 'signup', `${TENANT}/subscribe`, true),
  magicLink: row('magicLink', 'POST', 'signup', `${TENANT}/magic-links/{resource}`),
  contact: row('contact', 'POST', 'contact', `${TENANT}/contact`),
  bio: row('bio', 'GET', 'bio', `${TENANT}/bio`),
  resolve: row('resolve', 'GET', 'bio', `${TENANT}/resolve/{path*}`),
  searchIndex: row('searchIndex', 'GET', 'search-index', `${TENANT}/search-index`),
  presence: row('presence', 'GET', 'presence', `${TENANT}/presence`),
};

/** Where every path of the service's API starts, public or authenticated. */
export const API_ROOT = '/api/';

/**
 * The authenticated API's paths, for `hub-kit/server`, the stand-in and the `hub-kit`
 * command; no element uses them (an element never holds a key). The spec does not say where
 * the posts list is: `posts` is the default, which each of them lets a person change.
 */
export const AUTHENTICATED_PATHS = {
  subscribers: '/api/v1/subscribers',
  bulk: '/api/v1/subscribers/bulk',
  posts: '/api/v1/posts',
} as const;

/** A path as an option takes one (`postsPath`): from the root, with no query, fragment or space. */
export const isPath = (path: string): boolean => /^\/[^?#\s]*$/.test(path);

/** An endpoint found in a URL path, its parameters decoded, and what came before it. */
export type Match = { [N in EndpointName]: { name: N; params: EndpointParams[N]; prefix: string } }[EndpointName];

/**
 * The endpoint whose path ends `pathname` (trailing slashes allowed), read back from the
 * table's templates: the form action an author wrote, a request the stand-in received.
 * `prefix` is what precedes the endpoint's path (a base URL's path, a sandbox). Undefined
 * when no endpoint matches, or a segment does not decode.
 */
export function matchEndpoint(pathname: string, names: readonly EndpointName[] = Object.keys(ENDPOINTS) as EndpointName[]): Match | undefined {
  for (const name of names) {
    const keys: string[] = [];
    const source = ENDPOINTS[name].template.replace(PARAM, (_, key: string, many: string) => {
      keys.push(key);
      return many ? '(.+?)' : '([^/]+)';
    });
    const found = new RegExp(`^(.*?)${source}/*$`).exec(pathname);
    if (!found) continue;
    try {
      const params: Record<string, string> = {};
      keys.forEach((key, i) => (params[key] = found[i + 2]!.split('/').map(decodeURIComponent).join('/')));
      return { name, params, prefix: found[1]! } as Match;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
