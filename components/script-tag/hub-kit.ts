/**
 * The script-tag entry, `dist/hub-kit.js`: a loader (about 1.8 KB gzip), not the elements.
 * It looks for the kit's tags in the document and, the first time one appears (in the
 * parsed page or added later), fetches the file that holds that element and the shared
 * files it imports, from `hub-kit/` beside hub-kit.js, then registers the tag. A page pays
 * for the elements it shows and nothing else; a page without any pays for this file.
 *
 * - Where: each file is a dynamic `import()` of a URL relative to this module's own
 *   (import.meta.url), so the files come from wherever hub-kit.js came from: the site's
 *   origin or a CDN path.
 * - No request chains: the build writes into this file the files each element's file
 *   imports (`virtual:hub-kit/files`), and they are all asked for at once, with the
 *   locale file: a signup form's file and the shared core arrive in one round trip, not
 *   two in a row.
 * - One file or several: when the first batch of tags a page shows needs every per-element
 *   file, the loader fetches instead one self-contained file of all the elements
 *   (`hub-kit/all-<hash>.js`): on a first visit that is fewer bytes than the separate files
 *   and their shared core. Whichever it chose first serves every later tag of the page, so a
 *   page never runs two copies of the core (one client, one rate budget, one cache), but
 *   for the one case below.
 * - The main thread stays the visitor's: each tag is defined (its elements upgraded and
 *   first rendered) in a task of its own, with a yield to the page before each, tags with
 *   an element in view first and the others in idle time. Defining every tag in the
 *   microtask after its file arrived would make one long task of them all.
 * - A file that fails to arrive (a phone between cells, a connection dropped mid-file) is
 *   asked for again: when the page is back online, at the visitor's next press or key, or
 *   after a backoff of 1, 2, 4… up to 30 s, whichever comes first; and a file still not
 *   there after 10 s is asked for again beside the first request, since WebKit leaves an
 *   import whose connection dropped pending for ever. A new attempt asks for a new URL
 *   (`?retry=n`): Firefox and WebKit keep a failed module for the page's life, by URL.
 *   A file whose shared files all arrived is asked for again alone; when a shared file is
 *   what failed, every file importing it is lost for the page in those browsers, so the
 *   self-contained file of all is asked for instead. If another element already runs on
 *   the core by then, the page runs two copies of it, as two tabs would: the rate budgets
 *   and the outbox are shared by tabs anyway. Meanwhile the element shows what the page
 *   wrote inside it, as before any script.
 * - Shadow roots: a tag that appears inside a shadow root is invisible to the document's
 *   observer; finding it would mean walking every element of every change or patching
 *   `attachShadow` for every library on the page. A component that renders the kit's tags
 *   in its open shadow root hands it over: `observe(this.shadowRoot)`.
 * - Two copies of the kit on one page (two script tags, or a script tag and an npm bundle):
 *   a tag already defined, or claimed by the other copy's loader, is left to it, so
 *   nothing is fetched twice and the first definition wins.
 * - Languages: the elements' language is their own `lang`, their nearest ancestor's, or the
 *   document's. When a batch of tags is found, the locale file of each language its
 *   elements are in is fetched beside their code: the words of those elements only
 *   (`hub-kit/fr-forms-<hash>.js` for a French form, German and Spanish likewise), and the tags are defined once both have come (or 10 s after the code, if
 *   the locale file never does), so the first render is already in that language. English
 *   is built in; a language without a file stays English, and so does a page whose locale
 *   file could not be fetched. An element that appears later in another language asks for
 *   its file itself (`stringsFor` in shared/strings.ts calls the function this loader puts
 *   on the global object), and renders again when it arrives. A locale file holds words only,
 *   registered by the loader with the element file's own registry: it imports no other
 *   file, so a French signup form costs one small file more, not the files of other
 *   elements. The registry lives on the global object, so it
 *   reaches the elements of the per-element files and of the file of all alike, and of a
 *   second copy.
 */
import complete from 'virtual:hub-kit/complete';
import built from 'virtual:hub-kit/files';
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

type Module = Record<string, unknown>;

/** The file that holds each tag's class (exported under the tag's name). */
const FILE_OF: Record<HubKitTag, string> = {
  'signup-form': 'forms',
  'contact-form': 'forms',
  'hub-search': 'hub-search',
  'bio-card': 'bio-card',
};
const TAGS = Object.keys(FILE_OF) as HubKitTag[];

/**
 * Each file as its source names it: the build emits a file for each of these imports, and
 * the dev server serves them so. A built loader asks for them by the paths of `built`.
 */
const SOURCES: Record<string, () => Promise<Module>> = {
  forms: () => import('./forms.js'),
  'hub-search': () => import('./hub-search.js'),
  'bio-card': () => import('./bio-card.js'),
};
/**
 * The locale files shipped, by primary language and element file: each element's words in
 * a file of their own, so a French signup form does not fetch the words of search.
 */
const LOCALES: Record<string, () => Promise<Module>> = {
  'de-forms': () => import('../shared/locales/parts/de-forms.js'),
  'de-hub-search': () => import('../shared/locales/parts/de-hub-search.js'),
  'de-bio-card': () => import('../shared/locales/parts/de-bio-card.js'),
  'es-forms': () => import('../shared/locales/parts/es-forms.js'),
  'es-hub-search': () => import('../shared/locales/parts/es-hub-search.js'),
  'es-bio-card': () => import('../shared/locales/parts/es-bio-card.js'),
  'fr-forms': () => import('../shared/locales/parts/fr-forms.js'),
  'fr-hub-search': () => import('../shared/locales/parts/fr-hub-search.js'),
  'fr-bio-card': () => import('../shared/locales/parts/fr-bio-card.js'),
};

/**
 * Each file's path, then the paths of the files it imports: from the build, or none on the
 * dev server. A file that imports nothing (a locale file) is not listed: its import() fetches it.
 */
const FILES: Record<string, string[]> | null = built && { ...built, all: [complete!] };

/** The import of each path asked for, while it is in flight or has arrived. */
const asked = new Map<string, Promise<Module>>();
const arrived = new Set<string>();
/** How many times each path failed: the next request asks for `?retry=` that many. */
const failed: Record<string, number> = {};

/** Forgets a request that failed or is taking too long: the next asks for a new URL. */
function forget(path: string, module = asked.get(path)): void {
  if (module && asked.get(path) === module && !arrived.has(path)) {
    asked.delete(path);
    failed[path] = (failed[path] ?? 0) + 1;
  }
}

function get(path: string): Promise<Module> {
  let module = asked.get(path);
  if (!module) {
    const url = new URL(path, import.meta.url).href;
    const imported = (module = import(/* @vite-ignore */ failed[path] ? `${url}?retry=${failed[path]}` : url));
    asked.set(path, module);
    module.then(
      () => arrived.add(path),
      () => forget(path, imported),
    );
  }
  return module;
}

/** File `name` and every file it imports, all asked for at once. */
function fetchFile(name: string): Promise<Module> {
  const paths = FILES?.[name];
  if (!paths) return (SOURCES[name] ?? LOCALES[name])!();
  for (const path of paths.slice(1)) void get(path);
  return get(paths[0]!);
}

/** The locale files asked for, by name: each settles once, and is never asked again. */
const locales: Record<string, Promise<unknown>> = {};

/**
 * The words of element file `file` in `lang`'s primary language ("fr-forms" for "fr-CA");
 * it resolves when the file has registered them, or could not be fetched (the page stays
 * English: an element asks again on every render, and a missing file is not worth a
 * request each time). False for a language without files (English, and every other).
 */
function locale(lang: string, file: string): Promise<unknown> | false {
  const primary = lang.split('-')[0]!.toLowerCase();
  const name = `${primary}-${file}`;
  // A locale file is words only, and without their keys (script-tag/words.ts): the element
  // file registers them with its own registry (shared/registry.ts, in the core), which
  // saves each locale file a copy of it.
  return (
    Object.hasOwn(LOCALES, name) &&
    (locales[name] ??= Promise.all([fetchFile(source === 'all' ? 'all' : file), fetchFile(name)])
      .then(([code, words]) => (code.registerWords as (lang: string, words: unknown, file: string) => void)(primary, words.words, file))
      .catch(() => {}))
  );
}

// An element whose words are not registered in its language asks for them here
// (shared/strings.ts): the words of each element file defined here, those not asked yet.
(globalThis as Record<symbol, unknown>)[Symbol.for('hub-kit.locale')] ??= (lang: string) => {
  for (const tag of TAGS) if (customElements.get(tag)) void locale(lang, FILE_OF[tag]);
};

/** The language an element shows, by the rule of shared/strings.ts `stringsFor`. */
const langOf = (element: Element) => (element.closest('[lang]') as HTMLElement | null)?.lang ?? document.documentElement.lang;

/** 'all' once the file of all serves every tag of the page; 'each' once the per-element files do. */
let source: 'all' | 'each' | undefined;

/** The file that serves `tags`: the first batch of a page chooses for every later one. */
const fileFor = (...tags: HubKitTag[]) =>
  (source ??= complete && new Set(tags.map((tag) => FILE_OF[tag])).size === 3 ? 'all' : 'each') === 'all' ? 'all' : FILE_OF[tags[0]!];

/**
 * The class of one of the kit's elements, fetched on first use. It defines nothing, so it
 * can serve a tag of your choosing: `(await load('signup-form')).define('newsletter-signup')`.
 * A failed fetch rejects; the next call asks again.
 */
export async function load<T extends HubKitTag>(tag: T): Promise<HubKitElements[T]> {
  if (!FILE_OF[tag]) throw new TypeError(`hub-kit has no <${tag}>`);
  return (await fetchFile(fileFor(tag)))[tag] as HubKitElements[T];
}

/** Tags this copy or another copy of the loader is fetching, shared through the global object. */
const claimed: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for('hub-kit.loader')] ??=
  new Set());
const roots = new Set<Document | ShadowRoot>();
const pending = () => TAGS.filter((tag) => !claimed.has(tag) && !customElements.get(tag));
const elementsOf = (tag: string) => [...roots].flatMap((root) => [...root.querySelectorAll(tag)]);

/** Resolves `'late'` after `ms`, or never once `signal` aborts (no timer is left behind). */
const timeout = (ms: number, signal: AbortSignal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms, 'late');
    signal.addEventListener('abort', () => clearTimeout(timer));
  });

/** `promise`, or `'late'` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  const done = new AbortController();
  try {
    return await Promise.race([promise, timeout(ms, done.signal) as Promise<'late'>]);
  } finally {
    done.abort();
  }
}

/** A turn for the page: input and rendering go first. `scheduler.yield()` where there is one. */
const yieldToPage = () =>
  (globalThis as { scheduler?: { yield?(): Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));

/** Idle time, or a second from now at the latest. */
const idle = () =>
  new Promise((resolve) => ((globalThis.requestIdleCallback ?? setTimeout) as typeof requestIdleCallback)(resolve, { timeout: 1000 }));

/**
 * The moment to try again after `retry` failures: back online, the visitor's next press or
 * key, or a backoff of 1, 2, 4… up to 30 s, whichever is first.
 */
async function again(retry: number): Promise<void> {
  const done = new AbortController();
  const on = (type: string) => new Promise((resolve) => addEventListener(type, resolve, { capture: true, once: true, signal: done.signal }));
  await Promise.race([timeout(Math.min(1000 << retry, 30_000), done.signal), on('online'), on('pointerdown'), on('keydown')]);
  done.abort();
}

/** Tags whose class (and words) have come, waiting for their task: those with an element in view first. */
const ready: Array<[HubKitTag, HubKitElements[HubKitTag], boolean]> = [];
let defining = false;

/** Whether an element of `tag` is in the viewport (read before any tag of the batch renders: no layout is forced between two). */
const inView = (tag: string) =>
  elementsOf(tag).some((el) => {
    const { top, bottom } = el.getBoundingClientRect();
    return bottom >= 0 && top <= innerHeight;
  });

/**
 * Defines the ready tags one task at a time, a yield to the page before each: those with
 * an element in view first, the rest in idle time.
 */
async function defineReady(): Promise<void> {
  if (defining) return;
  defining = true;
  const inViewFirst = () => ready.sort((a, b) => +b[2] - +a[2])[0]![2];
  while (ready.length) {
    // (The turn also lets the rest of a batch that arrived together join the queue.)
    await yieldToPage();
    if (!inViewFirst()) await idle();
    inViewFirst();
    const [tag, ctor] = ready.shift()!;
    try {
      ctor.define(tag);
    } catch (error) {
      console.error(`hub-kit: <${tag}> could not be defined.`, error);
    }
  }
  defining = false;
}

/** Fetches `tag`'s class, again as long as it takes, and the words of `strings`; then queues it. */
async function arrive(tag: HubKitTag, strings: Promise<unknown>): Promise<void> {
  for (let retry = 0; ; retry++) {
    const file = fileFor(tag);
    const ctor = await within(load(tag), 10_000).catch((error: unknown) => error as Error);
    if (typeof ctor === 'function') {
      await within(strings, 10_000);
      ready.push([tag, ctor, inView(tag)]);
      return void defineReady();
    }
    if (!retry) console.warn(`hub-kit: <${tag}> could not be loaded yet; trying again.`, ctor);
    // Still in flight after 10 s: asked for again, beside it, under a new URL.
    for (const path of FILES?.[file] ?? []) forget(path);
    // A file it imports failed: only the file of all, which imports nothing, can still come.
    if (file !== 'all' && complete && !importsArrived(file)) source = 'all';
    await again(retry);
  }
}

/** Whether every file that `name` imports has arrived. */
const importsArrived = (name: string) => FILES![name]!.slice(1).every((path) => arrived.has(path));

function define(tags: HubKitTag[]): void {
  if (!tags.length) return;
  for (const tag of tags) claimed.add(tag);
  fileFor(...tags);
  // The strings of every language the batch's elements are in, fetched beside their code.
  const strings = Promise.all(tags.flatMap((tag) => elementsOf(tag).map((el) => locale(langOf(el), FILE_OF[tag]))));
  for (const tag of tags) void arrive(tag, strings);
  // Everything is on its way: stop watching every change of a busy page.
  if (!pending().length) observer.disconnect();
}

/** The pending tags in or among `nodes` (elements, a document or a shadow root; text is skipped). */
const found = (nodes: Node[]) =>
  pending().filter((tag) =>
    nodes.some((node) => 'querySelector' in node && ((node as Element).localName === tag || (node as ParentNode).querySelector(tag))),
  );

const observer = new MutationObserver((records) => define(found(records.flatMap((r) => [...r.addedNodes]))));

/**
 * Defines the kit's tags found in `root` and those added to it later: the document is
 * watched from the start; pass an open shadow root of your own that renders them.
 */
export function observe(root: Document | ShadowRoot): void {
  roots.add(root);
  define(found([root]));
  if (pending().length) observer.observe(root, { childList: true, subtree: true });
}

if (typeof document === 'object') observe(document);
