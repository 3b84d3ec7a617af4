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
   * Whether a request whose outcome is unknown (a timeout, a dropped connection) may be
   * sent again without asking the visitor: every GET may; a signup may once, since the
   * service upserts by email; a contact message may not, it would arrive twice.
   */
  readonly resend: boolean;
  /** Path relative to the base URL; every segment is percent-encoded. */
  readonly path: (params: EndpointParams[N]) => string;
  readonly group: LimitGroup;
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
const tenantPath = (tenant: string) => `/api/v1/tenants/${seg(tenant)}`;

/** A resolve path keeps its slashes; each of its segments is encoded on its own, empty ones dropped. */
function resolvePath(path: string): string {
  return path
    .split('/')
    .filter(Boolean)
    .map(seg)
    .join('/');
}

/** A table row; the name is the key it is filed under. */
const row = <N extends EndpointName>(
  name: N,
  method: Method,
  group: LimitGroup,
  path: (params: EndpointParams[N]) => string,
): Endpoint<N> => ({ name, method, path, group, takesEmail: method === 'POST', resend: group !== 'contact' });

/** The one endpoint table: method, path and limit group of every public endpoint. */
export const ENDPOINTS: { readonly [N in EndpointName]: Endpoint<N> } = {
  // The form action URL is the one public path without the /api/v1 prefix.
  formSignup: row('formSignup', 'POST', 'signup', ({ form }) => `/api/subscribe/${seg(form)}`),
  subscribe: row('subscribe', 'POST', 'signup', ({ tenant }) => `${tenantPath(tenant)}/subscribe`),
  magicLink: row('magicLink', 'POST', 'signup', ({ tenant, resource }) => `${tenantPath(tenant)}/magic-links/${seg(resource)}`),
  contact: row('contact', 'POST', 'contact', ({ tenant }) => `${tenantPath(tenant)}/contact`),
  bio: row('bio', 'GET', 'bio', ({ tenant }) => `${tenantPath(tenant)}/bio`),
  resolve: row('resolve', 'GET', 'bio', ({ tenant, path }) => `${tenantPath(tenant)}/resolve/${resolvePath(path)}`),
  searchIndex: row('searchIndex', 'GET', 'search-index', ({ tenant }) => `${tenantPath(tenant)}/search-index`),
  presence: row('presence', 'GET', 'presence', ({ tenant }) => `${tenantPath(tenant)}/presence`),
};
