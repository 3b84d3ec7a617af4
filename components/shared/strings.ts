/**
 * Every word the kit's elements show or say, in one table (`HubKitStrings`): English built
 * in, other languages registered on demand with `registerStrings(lang, …)` (registry.ts).
 * A locale module (`hub-kit/locales/fr.js`, source in components/shared/locales/) registers
 * the whole table for its language; nothing else is bundled.
 *
 * The English is kept in three parts, the forms', `<hub-search>`'s and `<bio-card>`'s, so an
 * element carries its own words and no other's; a locale and `registerStrings` see one flat
 * table. Placeholders in braces (`{seconds}`, `{query}`, `{name}`) are filled by the element;
 * a count's words are a `Plural`, chosen with `Intl.PluralRules` for the language they are
 * in, with `{count}` written in that language's digits and separators.
 *
 * Which language an element shows is its own `lang`, or its nearest ancestor's, or the
 * document's (`stringsFor`), the same rule for all four elements and for the script tag's loader.
 *
 * What an error means for the visitor is decided once, by `adviceFor` (src/api/advice.ts);
 * the table gives the words for each kind of advice, under the kind's own name: the forms'
 * at the top level, `<hub-search>`'s and `<bio-card>`'s in `searchErrors` and `cardErrors`.
 */
import { nothing } from 'lit';
import { adviceFor, type AdviceKind } from '../../src/api/advice.js';
import { registerStrings as register, registry } from './registry.js';

/** Adds or extends a locale: `registerStrings('fr', { subscribe: 'S’abonner' })`. */
export const registerStrings: (lang: string, strings: Partial<HubKitStrings>) => void = register;

export interface FormStrings {
  emailLabel: string;
  nameLabel: string;
  messageLabel: string;
  subscribe: string;
  sendResource: string;
  sendMessage: string;
  sending: string;
  subscribed: string;
  resourceSent: string;
  messageSent: string;
  queued: string;
  /** Offline, and the browser keeps no site data: the entry waits in this page only, and the fields keep it. */
  queuedHere: string;
  rateLimited: string;
  /** `rateLimited` when one second is left. */
  rateLimitedOne: string;
  /** A wait longer than a minute and a half, in minutes: `{minutes}`. */
  rateLimitedMinutes: string;
  ready: string;
  stillTrying: string;
  unconfirmed: string;
  /** A 409 from a signup: the address was already subscribed. Shown as a success. */
  alreadySubscribed: string;
  /** Nothing the visitor can fix: a bad option, a redirect, a page whose policy keeps the form from reaching the service. */
  config: string;
  /** 404: no such form or tenant. */
  notFound: string;
  /** 5xx, a 408, a body that is not the service's: try again later. */
  error: string;
  /** No answer (a request the kit may not send again by itself says `unconfirmed` instead). */
  unreachable: string;
  /** The browser is offline (a submission is queued and says `queued` instead). */
  offline: string;
  /** A 4xx without a message from the service: 400, 403, 413, any other. */
  badRequest: string;
  forbidden: string;
  tooLarge: string;
  refused: string;
  invalid: string;
  required: string;
  emailRequired: string;
  emailInvalid: string;
  messageRequired: string;
  consentRequired: string;
  trapLabel: string;
}

const CONFIG = 'This form is not set up correctly, and your entry was not received. Please let the site’s owner know.';
const ERROR = 'The service could not take this right now. Please try again in a few minutes.';
const QUEUED = 'You seem to be offline. This will be sent as soon as you are back online.';

export const FORM_EN: FormStrings = {
  emailLabel: 'Email',
  nameLabel: 'Name',
  messageLabel: 'Message',
  subscribe: 'Subscribe',
  sendResource: 'Send it to me',
  sendMessage: 'Send message',
  sending: 'Sending…',
  subscribed: 'Thanks! Please check your inbox to confirm.',
  resourceSent: 'Thanks! Check your inbox for the link.',
  messageSent: 'Thanks, your message has been sent.',
  queued: QUEUED,
  queuedHere: 'You seem to be offline. Keep this page open until this is sent.',
  rateLimited: 'Too many attempts. You can try again in {seconds} seconds.',
  rateLimitedOne: 'Too many attempts. You can try again in 1 second.',
  rateLimitedMinutes: 'Too many attempts. You can try again in about {minutes} minutes.',
  ready: 'You can try again now.',
  stillTrying: 'Still trying: the service is slow to answer…',
  unconfirmed: 'We could not confirm that this arrived. You can send it again.',
  alreadySubscribed: 'You are already subscribed. Thank you!',
  config: CONFIG,
  notFound: CONFIG,
  error: ERROR,
  unreachable: ERROR,
  offline: QUEUED,
  badRequest: 'The service could not accept this entry as it is.',
  forbidden: 'The service refused this entry.',
  tooLarge: 'This entry is too long for the service. Please shorten it.',
  refused: 'The service did not accept this entry.',
  invalid: 'Please correct the highlighted fields.',
  required: 'This field is required.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  messageRequired: 'Please write a message.',
  consentRequired: 'Please tick this box to continue.',
  trapLabel: 'Leave this field empty',
};

/**
 * A count's words, by the plural categories of `Intl.PluralRules`: `other` always, the rest
 * as the language has them (`{ one: '{count} result', other: '{count} results' }`).
 */
export type Plural = { [form in Intl.LDMLPluralRule]?: string } & { other: string };

/**
 * Words for the kinds of advice (`adviceFor`) an element that reads says, under the kinds'
 * names; `error` serves every kind without words of its own. `{seconds}`: the wait.
 */
export type ErrorWords = { [kind in AdviceKind]?: string } & { error: string };

/** `<hub-search>`'s words. */
export interface SearchStrings {
  /** The search box's label and placeholder, and dialog mode's button, unless the attributes say otherwise. */
  search: string;
  searchLoading: string;
  /** `{query}`: what was typed. Shown, and announced. */
  searchNoResults: string;
  /** Announced after each search. */
  searchResults: Plural;
  /** The accessible name of the list of results. */
  searchResultsLabel: string;
  recentSearches: string;
  /** The button that forgets the recent searches. */
  clearRecent: string;
  /** Dialog mode's Close button. */
  close: string;
  retry: string;
  /** A saved index is searched because the browser is offline, or the service cannot be reached. */
  searchSavedOffline: string;
  searchSavedUnreachable: string;
  /** The Ctrl key's name in the shortcut hint (German keyboards say "Strg"). */
  ctrlKey: string;
  /** Why the index could not be loaded. */
  searchErrors: ErrorWords;
}

/** `<bio-card>`'s words. */
export interface CardStrings {
  /** Announced while the profile loads. */
  cardLoading: string;
  /** The first line of the error state; the second says why: `cardErrors`. */
  cardFailed: string;
  cardErrors: ErrorWords;
  retry: string;
  /** The live badge. */
  live: string;
  /** How many are online. */
  online: Plural;
  /** The accessible name of the card's body; `{name}`: the creator's. */
  about: string;
  /** The button under the first twelve links, and once they are all shown. */
  moreLinks: Plural;
  fewerLinks: string;
  /** The accessible name of the list of social profiles. */
  socialProfiles: string;
  /** A saved profile is shown because the browser is offline, or the service cannot be reached. */
  cardSavedOffline: string;
  cardSavedUnreachable: string;
}

/** Every string of every element: what a locale registers. */
export interface HubKitStrings extends FormStrings, SearchStrings, CardStrings {}

const RETRY = 'Try again';

export const SEARCH_EN: SearchStrings = {
  search: 'Search',
  searchLoading: 'Loading search…',
  searchNoResults: 'No results for “{query}”.',
  searchResults: { one: '{count} result', other: '{count} results' },
  searchResultsLabel: 'Results',
  recentSearches: 'Recent searches',
  clearRecent: 'Clear',
  close: 'Close',
  retry: RETRY,
  searchSavedOffline: 'Offline: searching a saved copy.',
  searchSavedUnreachable: 'The service cannot be reached: searching a saved copy.',
  ctrlKey: 'Ctrl',
  searchErrors: {
    config: 'Search is not set up correctly on this page.',
    notFound: 'This search could not be found.',
    rateLimited: 'Search is busy. Try again in {seconds} s.',
    error: 'Search could not be loaded.',
  },
};

const UNREACHABLE = 'The service cannot be reached right now.';

export const CARD_EN: CardStrings = {
  cardLoading: 'Loading profile…',
  cardFailed: 'This profile could not be loaded.',
  cardErrors: {
    config: 'This card is not set up correctly.',
    notFound: 'No profile was found here.',
    rateLimited: 'Too many requests: try again in {seconds} s.',
    unreachable: UNREACHABLE,
    offline: UNREACHABLE,
    error: 'Something went wrong.',
  },
  retry: RETRY,
  live: 'Live',
  online: { other: '{count} online' },
  about: 'About {name}',
  moreLinks: { one: 'Show {count} more link', other: 'Show {count} more links' },
  fewerLinks: 'Show fewer links',
  socialProfiles: 'Social profiles',
  cardSavedOffline: 'Offline: showing the saved profile.',
  cardSavedUnreachable: 'The service cannot be reached: showing the saved profile.',
};

/**
 * A table of one language: the words, `lang`, the language they are in (for plurals and
 * numbers), and `en`, the English words it fell back to (see `langOf`).
 */
export type Words<T> = T & { lang: string; en: Set<unknown> };

/**
 * Where the script tag's loader offers to fetch a language's locale file: called with a
 * language no locale is registered for; it registers the file's table when it arrives.
 */
const LOCALE_FILES = Symbol.for('hub-kit.locale');

/**
 * The words for `element`, in its language: its own `lang`, its nearest ancestor's, or the
 * document's (an element in a shadow root sees no ancestor beyond it); the same rule as the
 * script tag's loader. `base`, the English of one element, is overlaid by the primary
 * language's table ("pt"), then by the exact tag's ("pt-br"). A language without a table
 * is English, and so are its plurals and numbers.
 */
export function stringsFor<T extends object>(element: Element, base: T): Words<T> {
  // Rendered on a server, an element may have no ancestors, and a DOM shim's document no
  // root element (Lit's global shim): the language is then unknown, and the words English.
  return wordsIn((element.closest?.('[lang]') as HTMLElement | null)?.lang ?? globalThis.document?.documentElement?.lang ?? '', base);
}

/** The words of `base` in `lang`, as far as a registered locale has them; no element needed (server rendering). */
export function wordsIn<T extends object>(lang: string, base: T): Words<T> {
  const { locales } = registry();
  const tag = lang.toLowerCase();
  const primary = tag.split('-')[0]!;
  // Known when the words of this element are registered in the language: a locale file
  // of the script tag holds one element's words.
  const known = [primary, tag].some((name) => Object.keys(base).some((key) => key in (locales.get(name) ?? {})));
  if (!known) (globalThis as Record<symbol, ((lang: string) => void) | undefined>)[LOCALE_FILES]?.(lang);
  let written = 'en';
  try {
    // A tag Intl cannot read ("fr-") would make every count throw: its numbers stay English.
    if (known) written = Intl.getCanonicalLocales(lang)[0]!;
  } catch {}
  const own: object = { ...locales.get(primary), ...locales.get(tag) };
  // On a page in another language, the English words that stand in for missing ones (and
  // `false` for the words it has, which no text is).
  const en = new Set(primary && primary !== 'en' ? Object.keys(base).map((key) => !(key in own) && base[key as keyof T]) : []);
  return { ...base, ...own, lang: written, en } as Words<T>;
}

/**
 * The `lang` a text of the kit carries: "en" when `words` (a string, a plural or a table of
 * error words, as the table holds it) fell back to English on an element in another
 * language, so that a screen reader reads it as English (WCAG 3.1.2); otherwise none, and
 * the text is in the element's own language. A text the page or the service gave is never
 * one of the kit's words, and keeps the page's language.
 */
export const langOf = (s: object, words: unknown): string | typeof nothing => ((s as Words<object>).en.has(words) ? 'en' : nothing);

/** `text` with `{name}` filled: `value` is written as it is, whatever `$` characters it holds. */
export const fill = (text: string, name: string, value: unknown): string => text.split(`{${name}}`).join(String(value));

/** How the kit's own languages group a whole number's digits: the separator, and the least number written with one (Spanish writes 1234, but 12.345). */
const GROUPS: Record<string, [string, number]> = { en: [',', 1e3], de: ['.', 1e3], es: ['.', 1e4], fr: ['\u202f', 1e3] };

/**
 * `count` in `lang`'s digits. A whole number is written by hand in the kit's own languages,
 * as `toLocaleString` would write it (and under 1000 in any of their regions): the first
 * `toLocaleString` of a page loads the browser's number formats, 30–60 ms of one task in
 * Chromium, for a card that says "12 online" or a search on the page's own thread that
 * says "1,204 results".
 */
const digits = (count: number, lang: string) => {
  const [separator, least] = GROUPS[lang.toLowerCase()] ?? [];
  if (Number.isInteger(count) && count > -1 && separator) return String(count).replace(count < least! ? /^$/ : /\B(?=(\d{3})+$)/g, separator);
  return Number.isInteger(count) && count > -1000 && count < 1000 && /^(?:en|de|es|fr)?(?:-|$)/i.test(lang) ? String(count) : count.toLocaleString(lang);
};

/** The words for `count` in `lang`, with the count in the language's digits (`written`, when it comes so). */
export const plural = (words: Plural, count: number, lang: string, written?: string): string =>
  fill(words[new Intl.PluralRules(lang).select(count)] ?? words.other, 'count', written ?? digits(count, lang));

/** What `error` means for the visitor, in `words`; `{seconds}` is the error's `retryAfter`. */
export const errorText = (words: ErrorWords, error: unknown): string =>
  fill(words[adviceFor(error).kind] ?? words.error, 'seconds', (error as { retryAfter?: number }).retryAfter);

/** Calls `listener` whenever a locale is registered, until `signal` aborts. */
export function onStringsChange(listener: () => void, options: { signal: AbortSignal }): void {
  registry().events.addEventListener('change', listener, options);
}
