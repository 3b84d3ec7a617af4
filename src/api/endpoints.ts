import type { LimitGroup } from '../limits/rules.js';

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
  /** Path relative to the base URL; every segment is percent-encoded. */
  readonly path: (params: EndpointParams[N]) => string;
  readonly group: LimitGroup;
  /** Whether the body carries an email address, and so counts against the per-email limit. */
  readonly takesEmail: boolean;
}

const seg = encodeURIComponent;
const tenantPath = (tenant: string) => `/api/v1/tenants/${seg(tenant)}`;

/** A resolve path keeps its slashes; each of its segments is encoded on its own. */
function resolvePath(path: string): string {
  return path
    .replace(/^\/+/, '')
    .split('/')
    .map((part) => seg(part))
    .join('/');
}

/** The one endpoint table: method, path and limit group of every public endpoint. */
export const ENDPOINTS: { readonly [N in EndpointName]: Endpoint<N> } = {
  formSignup: {
    name: 'formSignup',
    method: 'POST',
    // The form action URL is the one public path without the /api/v1 prefix.
    path: ({ form }) => `/api/subscribe/${seg(form)}`,
    group: 'signup',
    takesEmail: true,
  },
  subscribe: {
    name: 'subscribe',
    method: 'POST',
    path: ({ tenant }) => `${tenantPath(tenant)}/subscribe`,
    group: 'signup',
    takesEmail: true,
  },
  magicLink: {
    name: 'magicLink',
    method: 'POST',
    path: ({ tenant, resource }) => `${tenantPath(tenant)}/magic-links/${seg(resource)}`,
    group: 'signup',
    takesEmail: true,
  },
  contact: {
    name: 'contact',
    method: 'POST',
    path: ({ tenant }) => `${tenantPath(tenant)}/contact`,
    group: 'contact',
    takesEmail: true,
  },
  bio: {
    name: 'bio',
    method: 'GET',
    path: ({ tenant }) => `${tenantPath(tenant)}/bio`,
    group: 'bio',
    takesEmail: false,
  },
  resolve: {
    name: 'resolve',
    method: 'GET',
    path: ({ tenant, path }) => `${tenantPath(tenant)}/resolve/${resolvePath(path)}`,
    group: 'bio',
    takesEmail: false,
  },
  searchIndex: {
    name: 'searchIndex',
    method: 'GET',
    path: ({ tenant }) => `${tenantPath(tenant)}/search-index`,
    group: 'search-index',
    takesEmail: false,
  },
  presence: {
    name: 'presence',
    method: 'GET',
    path: ({ tenant }) => `${tenantPath(tenant)}/presence`,
    group: 'presence',
    takesEmail: false,
  },
};
