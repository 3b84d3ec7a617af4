/**
 * One function per public endpoint, each reaching only its own response schema, so that a
 * bundle holds the parsers of the endpoints it calls and no others. `HubClient` offers the
 * same calls as methods.
 */
import type { EndpointParams } from './endpoints.js';
import { ConfigError, UnexpectedResponseError } from './errors.js';
import {
  Bio,
  Presence,
  Resolved,
  SearchIndex,
  SubmitResponse,
  type ContactBody,
  type ResponseTypes,
  type SignupBody,
} from './schema.js';
import type { CallOptions, Conditional, GetEndpoint, PostEndpoint, SendRequest, Transport, Validators } from './transport.js';

/** The spec's hidden spam-trap field of every signup: a person leaves it empty. */
export const TRAP_NAME = 'website';

export interface GetOptions extends CallOptions {
  validators?: Validators | undefined;
}

/** A GET of one endpoint, with optional validators; answers `not-modified` on 304. */
export type Getter<N extends GetEndpoint> = (
  transport: Transport,
  params: EndpointParams[N],
  options?: GetOptions,
) => Promise<Conditional<ResponseTypes[N]>>;

export function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`hub-kit: ${what} is required.`);
  }
  return value;
}

/** The data of a call that sent no validators, so a 304 is not an answer. */
export async function dataOf<T>(answer: Promise<Conditional<T>>): Promise<T> {
  const result = await answer;
  if (result.status !== 'modified') throw new UnexpectedResponseError(304, 'Unexpected 304.', undefined);
  return result.data;
}

/**
 * `text` as a person sees it: without the invisible format characters (Unicode's Cf: a zero
 * width space, a soft hyphen, a byte order mark, direction marks…) that a paste from a
 * document or a chat can carry into an address nobody could mail. The zero width joiner and
 * non-joiner stay: a script that needs them (an address in Persian, say) writes them.
 */
export const visible = (text: string): string => text.replace(/(?![\u200c\u200d])\p{Cf}/gu, '');

/** A signup or contact POST, by endpoint name; the outbox replays submissions with it. */
export async function post<N extends PostEndpoint>(
  transport: Transport,
  name: N,
  params: EndpointParams[N],
  body: SignupBody | ContactBody,
  options: CallOptions & Pick<SendRequest, 'once' | 'resent'> = {},
): Promise<SubmitResponse> {
  // What is sent is the address the visitor sees.
  const email = requireText(typeof body?.email === 'string' ? visible(body.email).trim() : body?.email, 'an email address');
  // The spam trap travels with every submission; a person leaves it empty.
  const payload = { ...body, email, [TRAP_NAME]: body.website ?? '' };
  return dataOf(transport.send(name, params, SubmitResponse, { ...options, body: payload, email }));
}

export const getBio: Getter<'bio'> = (transport, params, options) => transport.send('bio', params, Bio, options);

export const getResolved: Getter<'resolve'> = (transport, params, options) =>
  transport.send('resolve', params, Resolved, options);

export const getSearchIndex: Getter<'searchIndex'> = (transport, params, options) =>
  transport.send('searchIndex', params, SearchIndex, options);

export const getPresence: Getter<'presence'> = (transport, params, options) =>
  transport.send('presence', params, Presence, options);

/** Every GET by endpoint name, for callers that choose the endpoint at run time. */
export const GETTERS: { readonly [N in GetEndpoint]: Getter<N> } = {
  bio: getBio,
  resolve: getResolved,
  searchIndex: getSearchIndex,
  presence: getPresence,
};
