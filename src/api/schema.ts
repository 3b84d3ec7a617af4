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

// Services written in PHP often send `null` for an empty optional field.
const optionalString = () => z.optional(z.nullable(z.string()));

/** Any 2xx answer of a signup, magic-link or contact endpoint. */
export const SubmitResponse = z.looseObject({
  message: optionalString(),
});
export type SubmitResponse = z.infer<typeof SubmitResponse>;

/** A 422 answer: a summary and errors per field. */
export const ValidationBody = z.looseObject({
  message: optionalString(),
  errors: z.optional(z.nullable(z.record(z.string(), z.array(z.string())))),
});
export type ValidationBody = z.infer<typeof ValidationBody>;

/** Any other error body; the spec's 401 and 429 bodies have just `message`. */
export const MessageBody = z.looseObject({ message: optionalString() });

export const BioLink = z.looseObject({
  title: optionalString(),
  url: z.string(),
});
export type BioLink = z.infer<typeof BioLink>;

export const BioSocial = z.looseObject({
  network: optionalString(),
  url: z.string(),
});
export type BioSocial = z.infer<typeof BioSocial>;

/** Items of a list that fail their schema are dropped one by one, not the whole body. */
const lenientList = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.optional(z.nullable(z.array(z.unknown()))),
    z.transform((list): z.infer<T>[] => {
      const kept: z.infer<T>[] = [];
      for (const entry of list ?? []) {
        const parsed = item.safeParse(entry);
        if (parsed.success) kept.push(parsed.data as z.infer<T>);
      }
      return kept;
    }),
  );

/** GET …/bio */
export const Bio = z.looseObject({
  name: z.string(),
  handle: optionalString(),
  avatar_url: optionalString(),
  bio: optionalString(),
  links: lenientList(BioLink),
  socials: lenientList(BioSocial),
});
export type Bio = z.infer<typeof Bio>;

/** GET …/resolve/{path} */
export const Resolved = z.looseObject({
  type: z.string(),
  url: optionalString(),
  title: optionalString(),
});
export type Resolved = z.infer<typeof Resolved>;

/** One entry of the search index. `id`, `title` and `url` are required. */
export const SearchEntry = z.looseObject({
  id: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((id) => String(id)),
  ),
  title: z.string(),
  url: z.string(),
  type: optionalString(),
  excerpt: optionalString(),
  tags: z.optional(z.nullable(z.array(z.string()))),
  published_at: optionalString(),
});
export type SearchEntry = z.infer<typeof SearchEntry>;

/** GET …/search-index: entries missing a required field are skipped, not fatal. */
export const SearchIndex = lenientList(SearchEntry);
export type SearchIndex = SearchEntry[];

/** GET …/presence: every field optional, unknown fields passed through. */
export const Presence = z.looseObject({
  live: z.optional(z.nullable(z.boolean())),
  online: z.optional(z.nullable(z.number())),
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
