/**
 * The keyless client: one typed method per public endpoint, for sites that build their own
 * UI. Each method is the function of the same endpoint in calls.ts; the elements import
 * those functions directly, so they carry only the endpoints they use.
 */
import type { EndpointParams } from './endpoints.js';
import { GETTERS, dataOf, getBio, getPresence, getResolved, getSearchIndex, post, requireText, type GetOptions } from './calls.js';
import type { Bio, ContactBody, Presence, Resolved, ResponseTypes, SearchIndex, SignupBody, SubmitResponse } from './schema.js';
import { Transport, type CallOptions, type ClientOptions, type Conditional, type GetEndpoint, type PostEndpoint } from './transport.js';

export {
  Transport,
  sharedTransport,
  type CallOptions,
  type ClientOptions,
  type Conditional,
  type GetEndpoint,
  type Parser,
  type PostEndpoint,
  type SendRequest,
  type Validators,
} from './transport.js';
export { GETTERS, dataOf, getBio, getPresence, getResolved, getSearchIndex, post, type GetOptions, type Getter } from './calls.js';

const tenantParams = (tenant: string) => ({ tenant: requireText(tenant, 'a tenant slug') });

export class HubClient extends Transport {
  // The endpoint methods are async so that a missing argument rejects like every other
  // failure, rather than throwing before the caller holds a promise to catch.

  /** POST /api/subscribe/{form}: the form action URL. */
  async formSignup(form: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    return post(this, 'formSignup', { form: requireText(form, 'a form identifier') }, body, options);
  }

  /** POST /api/v1/tenants/{tenant}/subscribe */
  async subscribe(tenant: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    return post(this, 'subscribe', tenantParams(tenant), body, options);
  }

  /** POST /api/v1/tenants/{tenant}/magic-links/{resource}: "send me the guide". */
  async magicLink(tenant: string, resource: string, body: SignupBody, options?: CallOptions): Promise<SubmitResponse> {
    const params = { ...tenantParams(tenant), resource: requireText(resource, 'a resource identifier') };
    return post(this, 'magicLink', params, body, options);
  }

  /** POST /api/v1/tenants/{tenant}/contact */
  async contact(tenant: string, body: ContactBody, options?: CallOptions): Promise<SubmitResponse> {
    requireText(body?.message, 'a message');
    return post(this, 'contact', tenantParams(tenant), body, options);
  }

  /** GET /api/v1/tenants/{tenant}/bio */
  async bio(tenant: string, options?: CallOptions): Promise<Bio> {
    return dataOf(getBio(this, tenantParams(tenant), options));
  }

  /** GET /api/v1/tenants/{tenant}/resolve/{path} */
  async resolve(tenant: string, path: string, options?: CallOptions): Promise<Resolved> {
    const params = { ...tenantParams(tenant), path: typeof path === 'string' ? path : '' };
    return dataOf(getResolved(this, params, options));
  }

  /** GET /api/v1/tenants/{tenant}/search-index; entries missing id, title or url are skipped. */
  async searchIndex(tenant: string, options?: CallOptions): Promise<SearchIndex> {
    return dataOf(getSearchIndex(this, tenantParams(tenant), options));
  }

  /** GET /api/v1/tenants/{tenant}/presence */
  async presence(tenant: string, options?: CallOptions): Promise<Presence> {
    return dataOf(getPresence(this, tenantParams(tenant), options));
  }

  /** A signup or contact POST, by endpoint name. */
  post<N extends PostEndpoint>(
    name: N,
    params: EndpointParams[N],
    body: SignupBody | ContactBody,
    options?: CallOptions,
  ): Promise<ResponseTypes[N]> {
    return post(this, name, params, body, options);
  }

  /** A GET with optional validators; answers `not-modified` on 304. */
  get<N extends GetEndpoint>(name: N, params: EndpointParams[N], options?: GetOptions): Promise<Conditional<ResponseTypes[N]>> {
    return (GETTERS[name] as (t: Transport, p: EndpointParams[N], o?: GetOptions) => Promise<Conditional<ResponseTypes[N]>>)(
      this,
      params,
      options,
    );
  }
}

/** Creates a client for one service. */
export function createClient(options: ClientOptions): HubClient {
  return new HubClient(options);
}
