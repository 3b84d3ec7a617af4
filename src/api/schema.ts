/**
 * The one schema module: every response body the kit reads is parsed here.
 *
 * The service's spec leaves the public payloads "not shown"; the shapes below are the
 * assumed ones (see docs/payloads.md). Every object keeps its extra fields
 * (`z.looseObject`), nulls are read as "missing", and a `data` envelope is unwrapped.
 * When the real payloads are known, this is the one file to change.
 *
 * zod/mini is used on purpose: it tree-shakes to a few KB where classic zod costs ~90 KB.
 */
import * as z from 'zod/mini';

// zod compiles a fast object parser with `new Function` when it can, and probes for that
// ability once. Under a strict CSP (no 'unsafe-eval') the probe fails, but the browser
// still reports a securitypolicyviolation for it. Our payloads are small; parse without it.
z.config({ jitless: true });

/** A body may be the object itself or `{ "data": … }`. */
export function unwrap(body: unknown): unknown {
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: unknown }).data;
  }
  return body;
}

// Every zod call goes through these local builders. Their annotation tells a bundler that
// a schema nobody reads can be dropped: esbuild does not carry zod's own annotations across
// its re-exports, so without them every schema here would ship with every element.
/* @__NO_SIDE_EFFECTS__ */
function loose<T extends Record<string, z.ZodMiniType>>(shape: T) {
  return z.looseObject(shape);
}
/* @__NO_SIDE_EFFECTS__ */
function text() {
  return z.string();
}
// A few shapes are checked by hand rather than with z.record, z.array, z.union, z.boolean
// and z.number: those parsers are the largest part of zod a bundle would carry for them,
// and the checks are one line each.
const isList = (value: unknown): value is unknown[] | null => value === null || Array.isArray(value);
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isId = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
/** `{ field: ["message", …] }` */
const isFieldErrors = (value: unknown): value is Record<string, string[]> =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every(isTexts);
/* @__NO_SIDE_EFFECTS__ */
function textList() {
  return z.custom<string[]>(isTexts);
}
/* @__NO_SIDE_EFFECTS__ */
function fieldErrors() {
  return maybe(z.custom<Record<string, string[]>>(isFieldErrors));
}
// Services written in PHP often send `null` for an empty optional field.
/* @__NO_SIDE_EFFECTS__ */
function maybe<T extends z.ZodMiniType>(schema: T) {
  return z.optional(z.nullable(schema));
}
/* @__NO_SIDE_EFFECTS__ */
function optionalString() {
  return maybe(text());
}
/* @__NO_SIDE_EFFECTS__ */
function maybeBoolean() {
  return maybe(z.custom<boolean>((value) => typeof value === 'boolean'));
}
/* @__NO_SIDE_EFFECTS__ */
function maybeNumber() {
  return maybe(z.custom<number>((value) => typeof value === 'number' && Number.isFinite(value)));
}
/** What the transport and the elements ask of a schema. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}
type Parsed<P> = P extends Parser<infer T> ? T : never;

/**
 * A schema whose parsed value is then put in its final form: numeric ids read as strings,
 * list items that fail their schema dropped. Done here, after zod has checked the shape,
 * rather than with z.pipe and z.transform, whose parsers would add a third of a KB to
 * every element's bundle for two one-line steps.
 */
/* @__NO_SIDE_EFFECTS__ */
function then<I, O>(schema: Parser<I>, finish: (data: I) => O): Parser<O> {
  return {
    safeParse(input) {
      const parsed = schema.safeParse(input);
      return parsed.success ? { success: true, data: finish(parsed.data) } : parsed;
    },
  };
}
/* @__NO_SIDE_EFFECTS__ */
function idOrNumber() {
  return z.custom<string | number>(isId);
}
/** A list that may be missing or null; its items are checked one by one by `keep`. */
/* @__NO_SIDE_EFFECTS__ */
function list() {
  return z.optional(z.custom<unknown[] | null>(isList));
}
/** Items of a list that fail their schema are dropped one by one, not the whole body. */
function keep<T>(items: unknown[] | null | undefined, item: Parser<T>): T[] {
  const kept: T[] = [];
  for (const entry of items ?? []) {
    const parsed = item.safeParse(entry);
    if (parsed.success) kept.push(parsed.data);
  }
  return kept;
}

/** Any 2xx answer of a signup, magic-link or contact endpoint. */
export const SubmitResponse = loose({
  message: optionalString(),
});
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/** A 422 answer: a summary and errors per field. */
export const ValidationBody = loose({
  message: optionalString(),
  errors: fieldErrors(),
});
export type ValidationBody = z.infer<typeof ValidationBody>;

/** Any other error body; the spec's 401 and 429 bodies have just `message`. */
export const MessageBody = loose({ message: optionalString() });

export const BioLink = loose({
  title: optionalString(),
  url: text(),
});
export type BioLink = z.infer<typeof BioLink>;

export const BioSocial = loose({
  network: optionalString(),
  url: text(),
});
export type BioSocial = z.infer<typeof BioSocial>;

/** GET …/bio */
export const Bio = then(
  loose({
    name: text(),
    handle: optionalString(),
    avatar_url: optionalString(),
    bio: optionalString(),
    links: list(),
    socials: list(),
  }),
  (bio) => ({ ...bio, links: keep(bio.links, BioLink), socials: keep(bio.socials, BioSocial) }),
);
export type Bio = Parsed<typeof Bio>;

/** GET …/resolve/{path} */
export const Resolved = loose({
  type: text(),
  url: optionalString(),
  title: optionalString(),
});
export type Resolved = z.infer<typeof Resolved>;

/** One entry of the search index. `id`, `title` and `url` are required. */
export const SearchEntry = then(
  loose({
    id: idOrNumber(),
    title: text(),
    url: text(),
    type: optionalString(),
    excerpt: optionalString(),
    tags: maybe(textList()),
    published_at: optionalString(),
  }),
  // An id the service may send as a number is read as a string.
  (entry) => ({ ...entry, id: String(entry.id) }),
);
export type SearchEntry = Parsed<typeof SearchEntry>;

/** GET …/search-index: entries missing a required field are skipped, not fatal. */
export const SearchIndex = then(list(), (entries) => keep(entries, SearchEntry));
export type SearchIndex = SearchEntry[];

/** GET …/presence: every field optional, unknown fields passed through. */
export const Presence = loose({
  live: maybeBoolean(),
  online: maybeNumber(),
  updated_at: optionalString(),
});
export type Presence = z.infer<typeof Presence>;

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
