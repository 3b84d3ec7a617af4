/**
 * The visible text of the forms, English built in, other languages registered on demand;
 * and the words `<hub-search>` and `<bio-card>` say when they could not load (English only,
 * for now).
 *
 * A locale module (`hub-kit/locales/fr.js`, source in components/shared/locales/) calls `registerStrings('fr', {...})`; nothing
 * else is bundled. The registry lives on `globalThis` under a shared symbol, so a locale
 * loaded from its own file reaches the elements of a separately loaded `dist/hub-kit.js`.
 * The placeholders `{seconds}` and `{minutes}` are filled by the submission controller.
 *
 * What an error means for the visitor is decided once, by `adviceFor` (src/api/advice.ts);
 * this table gives the words for each kind of advice, under the kind's own name.
 */
import { adviceFor, type AdviceKind } from '../../src/api/advice.js';
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
  /** Nothing the visitor can fix: a bad option, a redirect. */
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

export const EN: FormStrings = {
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

export type StringKey = keyof FormStrings;

/**
 * Words for the kinds of advice an element that reads says (`adviceFor`), under the kinds'
 * names; `error` serves every kind without words of its own. `{seconds}` is the error's
 * `retryAfter`.
 */
export type ErrorWords = Partial<Record<AdviceKind, string>> & { error: string };

/** What `<hub-search>` says when its index could not be loaded. */
export const SEARCH_ERRORS: ErrorWords = {
  config: 'Search is not set up correctly on this page.',
  notFound: 'This search could not be found.',
  rateLimited: 'Search is busy. Try again in {seconds} s.',
  error: 'Search could not be loaded.',
};

const UNREACHABLE = 'The service cannot be reached right now.';

/** The second line of `<bio-card>`'s error state, under "This profile could not be loaded." */
export const CARD_ERRORS: ErrorWords = {
  config: 'This card is not set up correctly.',
  notFound: 'No profile was found here.',
  rateLimited: 'Too many requests: try again in {seconds} s.',
  unreachable: UNREACHABLE,
  offline: UNREACHABLE,
  error: 'Something went wrong.',
};

/** What `error` means for the visitor, in `words`. */
export function errorText(words: ErrorWords, error: unknown): string {
  return (words[adviceFor(error).kind] ?? words.error).replace('{seconds}', String((error as { retryAfter?: number }).retryAfter));
}

interface Registry {
  locales: Map<string, Partial<FormStrings>>;
  /** Fires `change` when a locale is registered, so rendered elements can refresh. */
  events: EventTarget;
}

const KEY = Symbol.for('hub-kit.strings');

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[KEY] ??= { locales: new Map(), events: new EventTarget() });
}

/** Adds or extends a locale: `registerStrings('fr', { subscribe: "S'abonner" })`. */
export function registerStrings(lang: string, strings: Partial<FormStrings>): void {
  const tag = lang.toLowerCase();
  const { locales, events } = registry();
  locales.set(tag, { ...locales.get(tag), ...strings });
  events.dispatchEvent(new Event('change'));
}

/** Calls `listener` whenever a locale is registered, until `signal` aborts. */
export function onStringsChange(listener: () => void, options: { signal: AbortSignal }): void {
  registry().events.addEventListener('change', listener, options);
}

/** English, overlaid by the primary language ("pt"), then by the exact tag ("pt-br"). */
export function stringsFor(lang: string): FormStrings {
  const { locales } = registry();
  const tag = lang.toLowerCase();
  return { ...EN, ...locales.get(tag.split('-')[0]!), ...locales.get(tag) };
}
