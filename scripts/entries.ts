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
 * outbox, so a form or bio-card gets 21 KB, hub-search (with its engine) 25.
 */
export const BUDGETS_KB: Record<ElementName, number> = {
  'signup-form': 21,
  'contact-form': 21,
  'hub-search': 25,
  'bio-card': 21,
};

/** The languages the kit ships besides English: a locale file each (components/shared/locales/). */
export const LOCALES = ['de', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The script tag, as a page pays for it (issue 19): KB gzip -9 of every JavaScript file a
 * page fetches, the loader dist/hub-kit.js included, and the locale file of the page's
 * `lang` when it has one. test/node/repo/size.test.ts follows the built files' imports;
 * test/e2e/script-tag.test.ts counts what real browsers fetch.
 */
export interface ScriptTagPageSpec {
  tags: readonly ElementName[];
  /** The page's `lang`; English without. */
  lang?: Locale;
  budgetKb: number;
}
export const SCRIPT_TAG_PAGES = {
  'no hub-kit element': { tags: [], budgetKb: 3 },
  'only <signup-form>': { tags: ['signup-form'], budgetKb: 23 },
  'only <signup-form>, in French': { tags: ['signup-form'], lang: 'fr', budgetKb: 23 },
  'all four elements': { tags: [...ELEMENTS], budgetKb: 34 },
} satisfies Record<string, ScriptTagPageSpec>;
export type ScriptTagPage = keyof typeof SCRIPT_TAG_PAGES;
