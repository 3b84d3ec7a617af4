/**
 * The authenticated API's payloads, as spec/assumed-payloads.md ("Authenticated API")
 * assumes them: read leniently (extra fields kept, nulls read as missing, numeric ids as
 * strings), so that the real service's shapes are a change to this one file. The error
 * bodies (422, 401, 429) are the public endpoints' too, and come from the kit's schema module.
 */
import * as z from 'zod';
import { MessageBody, ValidationBody, unwrap } from '../api/schema.js';

export { MessageBody, ValidationBody, unwrap };

const id = z.union([z.string(), z.number()]).transform(String);
const optionalText = z.string().nullish().transform((v) => v ?? undefined);

/** A subscriber: only `id` and `email` are sure to be there. */
export const Subscriber = z.looseObject({
  id,
  email: z.string(),
  name: optionalText,
  status: optionalText,
  fields: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((fields) =>
      fields ? Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)])) : undefined,
    ),
  created_at: optionalText,
  updated_at: optionalText,
});
export type Subscriber = z.infer<typeof Subscriber>;

export const Post = z.looseObject({
  id,
  title: optionalText,
  slug: optionalText,
  url: optionalText,
  excerpt: optionalText,
  published_at: optionalText,
  updated_at: optionalText,
});
export type Post = z.infer<typeof Post>;

const count = z.number().int().nonnegative().nullish().transform((v) => v ?? undefined);

export const PageMeta = z.looseObject({
  current_page: count,
  per_page: count,
  last_page: count,
  total: count,
});
export type PageMeta = z.infer<typeof PageMeta>;

/** `{ data: [...], meta, links }`; a list without meta or links is read too. */
export const PageBody = z.looseObject({
  data: z.array(z.unknown()),
  meta: PageMeta.nullish().transform((v) => v ?? undefined),
  links: z
    .looseObject({ next: z.string().nullish().transform((v) => v ?? null) })
    .nullish()
    .transform((v) => v ?? undefined),
});

export const BulkResult = z.looseObject({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
});
export type BulkResult = z.infer<typeof BulkResult>;
