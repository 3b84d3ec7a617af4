/**
 * The script-tag entry, `dist/hub-kit.js`: a loader (0.94 KB gzip), not the elements. It looks for the kit's tags in the document and, the first time one appears
 * (in the parsed page or added later), fetches the file that holds that element and the
 * shared core it imports, from `hub-kit/` beside hub-kit.js, then registers the tag. A page
 * pays for the elements it shows and nothing else; a page without any pays for this file.
 *
 * - Where: each file is a dynamic `import()` with a relative specifier, which resolves
 *   against this module's own URL (import.meta.url), so the files come from wherever
 *   hub-kit.js came from: the site's origin or a CDN path.
 * - One file or several: when the first batch of tags a page shows needs every per-element
 *   file, the loader fetches instead one self-contained file of all the elements
 *   (`hub-kit/all-<hash>.js`): on a first visit that is fewer bytes than the separate files
 *   and their shared core. Whichever it chose first serves every later tag of the page, so a
 *   page never runs two copies of the core (one client, one rate budget, one cache).
 * - Shadow roots: a tag that appears inside a shadow root is invisible to the document's
 *   observer; finding it would mean walking every element of every change or patching
 *   `attachShadow` for every library on the page. A component that renders the kit's tags
 *   in its open shadow root hands it over: `observe(this.shadowRoot)`.
 * - Two copies of the kit on one page (two script tags, or a script tag and an npm bundle):
 *   a tag already defined, or claimed by the other copy's loader, is left to it, so
 *   nothing is fetched twice and the first definition wins.
 * - Languages: the elements' language is their own `lang`, their nearest ancestor's, or the
 *   document's. When a batch of tags is found, the locale file of each language its
 *   elements are in (`hub-kit/fr-<hash>.js`, German and Spanish likewise) is fetched beside
 *   their code, and the tags are defined once both have come, so the first render is
 *   already in that language. English is built in; a language without a file stays
 *   English, and so does a page whose locale file could not be fetched. An element that
 *   appears later in another language asks for its file itself (`stringsFor` in
 *   shared/strings.ts calls the function this loader puts on the global object), and
 *   renders again when it arrives. A locale file holds its table and its own copy of the
 *   few lines that register it (shared/registry.ts; vite.config.ts builds it so): it
 *   imports no other file, so a French signup form costs one small file more, not the
 *   files of other elements. The registry lives on the global object, so it reaches the
 *   elements of the per-element files and of the file of all alike, and of a second copy.
 */
import complete from 'virtual:hub-kit/complete';
import type { SignupForm } from '../signup-form/signup-form.js';
import type { ContactForm } from '../contact-form/contact-form.js';
import type { HubSearch } from '../hub-search/hub-search.js';
import type { BioCard } from '../bio-card/bio-card.js';

/** The class behind each tag, as `load()` resolves it. */
export interface HubKitElements {
  'signup-form': typeof SignupForm;
  'contact-form': typeof ContactForm;
  'hub-search': typeof HubSearch;
  'bio-card': typeof BioCard;
}
export type HubKitTag = keyof HubKitElements;

type Importer = () => Promise<Record<string, unknown>>;

const forms: Importer = () => import('./forms.js');
/** The file that holds each tag's class (exported under the tag's name). */
const FILE_OF: Record<HubKitTag, Importer> = {
  'signup-form': forms,
  'contact-form': forms,
  'hub-search': () => import('./hub-search.js'),
  'bio-card': () => import('./bio-card.js'),
};
const TAGS = Object.keys(FILE_OF) as HubKitTag[];
const FILES = new Set(Object.values(FILE_OF));
const whole = (complete && (() => import(/* @vite-ignore */ complete!))) as Importer | null;

/** The locale files shipped, by primary language. */
const LOCALES: Record<string, Importer> = {
  de: () => import('../shared/locales/de.js'),
  es: () => import('../shared/locales/es.js'),
  fr: () => import('../shared/locales/fr.js'),
};

const fetched = new Map<Importer, ReturnType<Importer>>();

/** Imports a file once; a failed fetch (offline, a blocked file) is tried again on the next call. */
function fetchOnce(importer: Importer): ReturnType<Importer> {
  let module = fetched.get(importer);
  if (!module) {
    fetched.set(importer, (module = importer()));
    module.catch(() => fetched.delete(importer));
  }
  return module;
}

/** The locale files asked for, by primary language: each settles once, and is never asked again. */
const asked: Record<string, Promise<unknown>> = {};

/**
 * The locale file of `lang`'s primary language ("fr" for "fr-CA"); it resolves when the
 * file has registered its strings, or could not be fetched (the page stays English: an
 * element asks again on every render, and a missing file is not worth a request each
 * time). False for a language without a file (English, and every other).
 */
function locale(lang: string): Promise<unknown> | false {
  const primary = lang.split('-')[0]!.toLowerCase();
  return Object.hasOwn(LOCALES, primary) && (asked[primary] ??= LOCALES[primary]!().catch(() => {}));
}

// An element whose language has no strings registered asks for them here (shared/strings.ts).
(globalThis as Record<symbol, unknown>)[Symbol.for('hub-kit.locale')] ??= (lang: string) => void locale(lang);

/** The language an element shows, by the rule of shared/strings.ts `stringsFor`. */
const langOf = (element: Element) => (element.closest('[lang]') as HTMLElement | null)?.lang ?? document.documentElement.lang;

/** Set by the first batch of tags: the file of all when it needs every per-element file. */
let source: ((tag: HubKitTag) => Importer) | undefined;

const choose = (tags: HubKitTag[]) =>
  (source ??= whole && new Set(tags.map((tag) => FILE_OF[tag])).size === FILES.size ? () => whole : (tag) => FILE_OF[tag]);

/**
 * The class of one of the kit's elements, fetched on first use. It defines nothing, so it
 * can serve a tag of your choosing: `(await load('signup-form')).define('newsletter-signup')`.
 */
export async function load<T extends HubKitTag>(tag: T): Promise<HubKitElements[T]> {
  if (!FILE_OF[tag]) throw new TypeError(`hub-kit has no <${tag}>`);
  const importer = choose([tag])(tag);
  try {
    return (await fetchOnce(importer))[tag] as HubKitElements[T];
  } catch (error) {
    // The file of all could not be fetched: the next tag chooses again.
    if (importer === whole) source = undefined;
    throw error;
  }
}

/** Tags this copy or another copy of the loader is fetching, shared through the global object. */
const claimed: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for('hub-kit.loader')] ??=
  new Set());
const roots = new Set<Document | ShadowRoot>();
const pending = () => TAGS.filter((tag) => !claimed.has(tag) && !customElements.get(tag));

function define(tags: HubKitTag[]): void {
  if (!tags.length) return;
  for (const tag of tags) claimed.add(tag);
  choose(tags);
  // The strings of every language the batch's elements are in, fetched beside their code.
  const strings = Promise.all([...roots].flatMap((root) => [...root.querySelectorAll(tags.join())].map((el) => locale(langOf(el)))));
  for (const tag of tags) {
    Promise.all([load(tag), strings]).then(
      ([ctor]) => ctor.define(tag),
      (error: unknown) => {
        claimed.delete(tag);
        watch();
        console.error(`hub-kit: <${tag}> could not be loaded.`, error);
      },
    );
  }
  // Everything is on its way: stop watching every change of a busy page.
  if (!pending().length) observer.disconnect();
}

/** The pending tags in or among `nodes` (elements, a document or a shadow root; text is skipped). */
const found = (nodes: Node[]) =>
  pending().filter((tag) =>
    nodes.some((node) => 'querySelector' in node && ((node as Element).localName === tag || (node as ParentNode).querySelector(tag))),
  );

const observer = new MutationObserver((records) => define(found(records.flatMap((r) => [...r.addedNodes]))));

function watch(): void {
  for (const root of roots) observer.observe(root, { childList: true, subtree: true });
}

/**
 * Defines the kit's tags found in `root` and those added to it later: the document is
 * watched from the start; pass an open shadow root of your own that renders them.
 */
export function observe(root: Document | ShadowRoot): void {
  roots.add(root);
  define(found([root]));
  if (pending().length) watch();
}

if (typeof document === 'object') observe(document);
