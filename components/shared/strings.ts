/**
 * The visible text of the forms, English built in, other languages registered on demand.
 *
 * A locale module (`hub-kit/locales/fr.js`, source in components/shared/locales/) calls `registerStrings('fr', {...})`; nothing
 * else is bundled. The registry lives on `globalThis` under a shared symbol, so a locale
 * loaded from its own file reaches the elements of a separately loaded `dist/hub-kit.js`.
 * The one placeholder, `{seconds}`, is filled by `format`.
 */
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
  ready: string;
  stillTrying: string;
  unconfirmed: string;
  config: string;
  error: string;
  invalid: string;
  required: string;
  emailRequired: string;
  emailInvalid: string;
  messageRequired: string;
  consentRequired: string;
  trapLabel: string;
}

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
  queued: 'You seem to be offline. This will be sent as soon as you are back online.',
  rateLimited: 'Too many attempts. You can try again in {seconds} seconds.',
  ready: 'You can try again now.',
  stillTrying: 'Still trying: the service is slow to answer…',
  unconfirmed: 'We could not confirm that this arrived. You can send it again.',
  config: 'This form is not set up correctly, and your entry was not received. Please let the site’s owner know.',
  error: 'The service could not take this right now. Please try again in a few minutes.',
  invalid: 'Please correct the highlighted fields.',
  required: 'This field is required.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  messageRequired: 'Please write a message.',
  consentRequired: 'Please tick this box to continue.',
  trapLabel: 'Leave this field empty',
};

export type StringKey = keyof FormStrings;

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

/** Fills the `{seconds}` placeholder of `rateLimited`. */
export const format = (template: string, seconds: number): string => template.replaceAll('{seconds}', String(seconds));
