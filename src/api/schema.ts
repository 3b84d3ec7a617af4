/**
 * The one schema module: every response body the kit reads is parsed here, the public
 * endpoints' for the elements and the authenticated API's for hub-kit/server.
 *
 * The service's spec leaves the payloads "not shown"; the shapes below are the assumed ones
 * that the kit, its stand-in and its tests agree on. Every object keeps its extra fields
 * (`loose`), nulls are read as "missing", and a `data` envelope is unwrapped.
 * When the real payloads are known, this is the one file to change.
 *
 * zod/mini is used on purpose: it tree-shakes to a few KB where classic zod costs ~90 KB.
 * What the elements read takes even less of it: zod's core string schema, parsed with
 * zod/mini's `safeParse` (see `text`).
 */
import * as z from 'zod/mini';
import { $ZodString, type $ZodType } from 'zod/v4/core';

/** A body may be the object itself or `{ "data": … }`. */
export function unwrap(body: unknown): unknown {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: unknown }).data;
  }
  return body;
}

/**
 * Builds a zod schema with the page's enumerable properties of Object.prototype hidden, and
 * puts them back exactly as they were.
 *
 * zod 4 installs a schema class's methods on its first instance with a `for...in` over its
 * own table of them, and takes every key it meets for one of its own (`members()` in
 * zod's v4/core/util): on a page where a script added an enumerable property to
 * Object.prototype (old libraries still do), the first schema throws, and with it every
 * element's module. The fix belongs upstream (iterate own keys only); until then, this.
 * Only construction needs it: a schema built once parses on such a page as on any other.
 */
function plain<T>(build: () => T): T {
  // zod compiles a fast object parser with `new Function` when it can, and probes for that
  // ability once. Under a strict CSP (no 'unsafe-eval') the probe fails, but the browser
  // still reports a securitypolicyviolation for it. Our payloads are small; parse without
  // it. Said here, before each schema is built, rather than once as the module loads: a
  // bundle whose element reads no answer with zod (the forms) then carries none of zod.
  z.config({ jitless: true });
  const keys = Object.keys(Object.prototype);
  const show = (enumerable: boolean) => {
    for (const key of keys) Object.defineProperty(Object.prototype, key, { enumerable });
  };
  show(false);
  try {
    return build();
  } finally {
    show(true);
  }
}

// Every zod call goes through these local builders. Their annotation tells a bundler that
// a schema nobody reads can be dropped: esbuild does not carry zod's own annotations across
// its re-exports, so without them every schema here would ship with every element.
//
// A required text field is zod's string schema, `$ZodString`: the class of zod's core that
// zod/mini's `z.string()` builds on, checked with zod/mini's `safeParse` (in `loose`).
// `z.string()` would add the methods zod/mini gives every schema it returns (parse,
// parseAsync, check, clone, brand…), which nothing here calls: 0.6 KB gzip in every element
// that reads a profile or the search index.
/* @__NO_SIDE_EFFECTS__ */
function text() {
  return plain(() => new $ZodString({ type: 'string' }));
}

/** What the transport and the elements ask of a schema. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
  /** Reads a 2xx body its own way, instead of as JSON: the search index, which a worker reads. */
  raw?: (response: Response) => Promise<unknown>;
}

/**
 * A schema whose parsed value is then put in its final form. zod checks only what an entry
 * cannot do without; the optional fields are read here one by one, so that a badly typed
 * one (`tags` as a string, `online` as text) is dropped on its own and the rest of the
 * entry kept. Doing this by hand rather than with zod's optional, union, catch and
 * transform parsers also keeps those parsers out of every element's bundle. `finish` may
 * refuse the entry (answer undefined) for a required field zod has no cheap parser for:
 * an id that is a string or a number.
 */
/* @__NO_SIDE_EFFECTS__ */
function then<I, O>(schema: Parser<I>, finish: (data: I) => O | undefined): Parser<O> {
  return {
    safeParse(input) {
      const parsed = schema.safeParse(input);
      const data = parsed.success ? finish(parsed.data) : undefined;
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}
/* @__NO_SIDE_EFFECTS__ */
function custom<T>(check: (value: unknown) => boolean) {
  return plain(() => z.custom<T>(check));
}
/** An id: a string, or a number the service may send instead. */
const isId = (value: unknown) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
/* @__NO_SIDE_EFFECTS__ */
function idOrNumber() {
  return custom<string | number>((value) => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)));
}

// The optional fields' readers: the value when it has the right type, otherwise missing.
// Services written in PHP often send `null` for an empty field; it reads as missing too.
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const texts = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
/** `{ field: ["message", …] }`, keeping the fields whose messages are strings. */
function fieldErrors(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    const list = texts(messages);
    if (list) errors[key] = list;
  }
  return errors;
}
/** Items of a list that fail their schema are dropped one by one; a list that is not a list is empty. */
function keep<T>(items: unknown, item: Parser<T>): T[] {
  const kept: T[] = [];
  for (const entry of Array.isArray(items) ? items : []) {
    const parsed = item.safeParse(entry);
    if (parsed.success) kept.push(parsed.data);
  }
  return kept;
}

/**
 * Any object, whatever it holds. zod checks what a body cannot do without; a body with no
 * such field (a submission's answer, an error's, presence, a page's meta) only has to be an
 * object, checked here by hand, so that an element that reads nothing else (the forms)
 * carries none of zod's parsers.
 */
const anyObject: Parser<Record<string, unknown>> = {
  safeParse: (value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? { success: true, data: value as Record<string, unknown> } : { success: false },
};

/**
 * An object whose fields in `shape` each pass their zod schema, every other field kept as it
 * is: what `z.looseObject(shape)` accepts, and the same object back. zod checks each required
 * field; that the body is an object is `anyObject`'s one line. zod's object parser (its key
 * walk, catch-all handling and the compiled fast path it keeps for non-strict CSPs) would
 * add 1.3 KB gzip to every element that reads a profile or the search index for that check.
 */
/* @__NO_SIDE_EFFECTS__ */
function loose<T extends Record<string, $ZodType>>(shape: T): Parser<{ [K in keyof T]: z.output<T[K]> } & Record<string, unknown>> {
  const fields = Object.entries(shape);
  return then(anyObject, (body) =>
    fields.every(([key, schema]) => z.safeParse(schema, body[key]).success) ? (body as { [K in keyof T]: z.output<T[K]> } & Record<string, unknown>) : undefined,
  );
}

/** Any 2xx answer of a signup, magic-link or contact endpoint. */
export interface SubmitResponse {
  /** Shown to the visitor when present. */
  message?: string | undefined;
  /** Set by the client for a 409 of a signup: the address was already subscribed. */
  already?: boolean | undefined;
  [extra: string]: unknown;
}
export const SubmitResponse: Parser<SubmitResponse> = then(anyObject, (body) => ({ ...body, message: str(body.message) }));

/** A 422 answer: a summary and errors per field. */
export interface ValidationBody {
  message?: string | undefined;
  errors?: Record<string, string[]> | undefined;
  [extra: string]: unknown;
}
export const ValidationBody: Parser<ValidationBody> = then(anyObject, (body) => ({
  ...body,
  message: str(body.message),
  errors: fieldErrors(body.errors),
}));

/** Any other error body; the spec's 401 and 429 bodies have just `message`. */
export const MessageBody = SubmitResponse;

export interface BioLink {
  url: string;
  title?: string | undefined;
  [extra: string]: unknown;
}
export const BioLink: Parser<BioLink> = then(loose({ url: text() }), (link) => ({ ...link, title: str(link.title) }));

export interface BioSocial {
  url: string;
  network?: string | undefined;
  [extra: string]: unknown;
}
export const BioSocial: Parser<BioSocial> = then(loose({ url: text() }), (social) => ({
  ...social,
  network: str(social.network),
}));

/** A creator's public profile. Only `name` is sure to be there. */
export interface Bio {
  name: string;
  handle?: string | undefined;
  avatar_url?: string | undefined;
  bio?: string | undefined;
  links?: BioLink[] | undefined;
  socials?: BioSocial[] | undefined;
  [extra: string]: unknown;
}
/** GET …/bio */
export const Bio: Parser<Bio> = then(loose({ name: text() }), (bio) => ({
  ...bio,
  handle: str(bio.handle),
  avatar_url: str(bio.avatar_url),
  bio: str(bio.bio),
  links: keep(bio.links, BioLink),
  socials: keep(bio.socials, BioSocial),
}));

/** GET …/resolve/{path} */
export interface Resolved {
  type: string;
  url?: string | undefined;
  title?: string | undefined;
  [extra: string]: unknown;
}
export const Resolved: Parser<Resolved> = then(loose({ type: text() }), (resolved) => ({
  ...resolved,
  url: str(resolved.url),
  title: str(resolved.title),
}));

/** One entry of the search index. `id`, `title` and `url` are required. */
export interface SearchEntry {
  id: string;
  title: string;
  url: string;
  type?: string | undefined;
  excerpt?: string | undefined;
  tags?: string[] | undefined;
  /** The entry's longer text, when the service sends one: its `content`, or else its `body`. Searched, never shown. */
  content?: string | undefined;
  published_at?: string | undefined;
  [extra: string]: unknown;
}
export const SearchEntry: Parser<SearchEntry> = then(loose({ title: text(), url: text() }), (entry) => isId(entry.id) ? ({
  ...entry,
  // An id the service may send as a number is read as a string.
  id: String(entry.id),
  type: str(entry.type),
  excerpt: str(entry.excerpt),
  tags: texts(entry.tags),
  content: str(entry.content) ?? str(entry.body),
  published_at: str(entry.published_at),
}) : undefined);

/** GET …/search-index: entries missing a required field are skipped, not fatal. */
export const SearchIndex: Parser<SearchEntry[]> = {
  safeParse: (input) => ({ success: true, data: keep(input, SearchEntry) }),
};
export type SearchIndex = SearchEntry[];

export interface Presence {
  live?: boolean | undefined;
  online?: number | undefined;
  updated_at?: string | undefined;
  [extra: string]: unknown;
}
/** GET …/presence: every field optional, unknown fields passed through. */
export const Presence: Parser<Presence> = then(anyObject, (presence) => ({
  ...presence,
  live: typeof presence.live === 'boolean' ? presence.live : undefined,
  online: typeof presence.online === 'number' && Number.isFinite(presence.online) ? presence.online : undefined,
  updated_at: str(presence.updated_at),
}));

/** The response schema of each endpoint, by endpoint name. */
export const RESPONSE_SCHEMAS = {
  formSignup: SubmitResponse,
  subscribe: SubmitResponse,
  magicLink: SubmitResponse,
  contact: SubmitResponse,
  bio: Bio,
  resolve: Resolved,
  searchIndex: SearchIndex,
  presence: Presence,
} as const;

export interface ResponseTypes {
  formSignup: SubmitResponse;
  subscribe: SubmitResponse;
  magicLink: SubmitResponse;
  contact: SubmitResponse;
  bio: Bio;
  resolve: Resolved;
  searchIndex: SearchIndex;
  presence: Presence;
}

// ---------------------------------------------------------------------------------------
// The authenticated API (spec/assumed-payloads.md, "Authenticated API"), read by
// hub-kit/server only. Kept here with the rest, as the spec asks: one module to change when
// the real payloads are known. No element reads them, so no browser bundle carries them.

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** A subscriber of GET /api/v1/subscribers: only `id` and `email` are sure to be there. */
export interface Subscriber {
  id: string;
  email: string;
  name?: string | undefined;
  status?: string | undefined;
  fields?: Record<string, string> | undefined;
  created_at?: string | undefined;
  updated_at?: string | undefined;
  [extra: string]: unknown;
}
export const Subscriber: Parser<Subscriber> = then(loose({ id: idOrNumber(), email: text() }), (item) => {
  const raw = item.fields;
  const fields =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? Object.fromEntries(
          Object.entries(raw)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
  return {
    ...item,
    id: String(item.id),
    name: str(item.name),
    status: str(item.status),
    fields,
    created_at: str(item.created_at),
    updated_at: str(item.updated_at),
  };
});

/** A post of the posts list: only `id` is sure to be there. */
export interface Post {
  id: string;
  title?: string | undefined;
  slug?: string | undefined;
  url?: string | undefined;
  excerpt?: string | undefined;
  published_at?: string | undefined;
  updated_at?: string | undefined;
  [extra: string]: unknown;
}
export const Post: Parser<Post> = then(loose({ id: idOrNumber() }), (item) => ({
  ...item,
  id: String(item.id),
  title: str(item.title),
  slug: str(item.slug),
  url: str(item.url),
  excerpt: str(item.excerpt),
  published_at: str(item.published_at),
  updated_at: str(item.updated_at),
}));

/** `meta` of a paged list; any count may be missing. */
export interface PageMeta {
  current_page?: number | undefined;
  per_page?: number | undefined;
  last_page?: number | undefined;
  total?: number | undefined;
  [extra: string]: unknown;
}
export const PageMeta: Parser<PageMeta> = then(anyObject, (meta) => ({
  ...meta,
  current_page: count(meta.current_page),
  per_page: count(meta.per_page),
  last_page: count(meta.last_page),
  total: count(meta.total),
}));

/** `{ data: [...], meta, links }`; a list without meta or links is read too. */
export interface PageBody {
  data: unknown[];
  meta?: PageMeta | undefined;
  links?: { next: string | null; [extra: string]: unknown } | undefined;
  [extra: string]: unknown;
}
export const PageBody: Parser<PageBody> = then(
  loose({ data: custom<unknown[]>((value) => Array.isArray(value)) }),
  (body) => {
    const links = body.links && typeof body.links === 'object' ? (body.links as Record<string, unknown>) : undefined;
    const meta = PageMeta.safeParse(body.meta);
    return {
      ...body,
      meta: meta.success ? meta.data : undefined,
      links: links && { ...links, next: str(links.next) ?? null },
    };
  },
);

/** The answer to POST /api/v1/subscribers/bulk. */
export interface BulkResult {
  created: number;
  updated: number;
  [extra: string]: unknown;
}
const isCount = (value: unknown) => count(value) !== undefined;
export const BulkResult: Parser<BulkResult> = then(
  loose({ created: custom<number>(isCount), updated: custom<number>(isCount) }),
  (result) => result,
);

/** Body of a signup request (form action, subscribe, magic-links). */
export interface SignupBody {
  email: string;
  name?: string;
  /** Free string map: source, tags, custom fields. */
  fields?: Record<string, string>;
  /** The spam trap. A person leaves it empty; the client always sends it. */
  website?: string;
}

/** Body of a contact request. */
export interface ContactBody {
  name?: string;
  email: string;
  message: string;
  website?: string;
}

/** A response's body: its JSON, its text when that is not JSON (an HTML error page), or undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
