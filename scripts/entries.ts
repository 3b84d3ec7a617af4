/**
 * The package's public entry points, in one place: the build, the size test and the
 * package test all read them from here, so they cannot drift apart.
 */
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Every element, by its default tag, which is also its folder and its subpath. */
export const ELEMENTS = ['signup-form', 'contact-form', 'hub-search', 'bio-card'] as const;
export type ElementName = (typeof ELEMENTS)[number];

/** The class each element's module exports. */
export const CLASSES: Record<ElementName, string> = {
  'signup-form': 'SignupForm',
  'contact-form': 'ContactForm',
  'hub-search': 'HubSearch',
  'bio-card': 'BioCard',
};

/**
 * KB gzip, each define entry bundled alone with everything it needs, minified, as the
 * package ships it; `npm test` fails above these. Decided on issue 6: lit, zod/mini with
 * the schemas an element reads and idb-keyval alone take 10.7–11 KB of each (the size test
 * prints the figure), and every element must still carry its client, budgets, cache and
 * outbox, so a form or bio-card gets 21 KB, hub-search (with its engine) 25 and the
 * script-tag bundle of all four 33.
 */
export const BUDGETS_KB: Record<ElementName | 'hub-kit.js', number> = {
  'hub-kit.js': 33,
  'signup-form': 21,
  'contact-form': 21,
  'hub-search': 25,
  'bio-card': 21,
};
