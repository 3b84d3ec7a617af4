/**
 * Where the kit's strings are registered: on the global object under a shared symbol, so a
 * locale loaded from a file of its own reaches the elements of every copy of the kit on the
 * page (npm bundles, the script tag's per-element files, its file of all).
 *
 * This module imports nothing: a locale module (components/shared/locales/) needs only
 * `registerStrings`, and must not bring an element's code or tables with it. The script
 * tag's locale files are words only; its loader registers them with this module, as each
 * element file exports it (components/script-tag/).
 */
export interface Registry {
  /**
   * Registered tables by lowercase language tag: `fr`, `pt-br`. Their type, `HubKitStrings`,
   * is strings.ts's, which reads this module: `registerStrings` there is the typed door.
   */
  locales: Map<string, object>;
  /** Fires `change` when a locale is registered, so rendered elements can refresh. */
  events: EventTarget;
}

const KEY = Symbol.for('hub-kit.strings');

export function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[KEY] ??= { locales: new Map(), events: new EventTarget() });
}

/** Adds or extends a locale: `registerStrings('fr', { subscribe: 'S’abonner' })`. */
export function registerStrings(lang: string, strings: object): void {
  const tag = lang.toLowerCase();
  const { locales, events } = registry();
  locales.set(tag, { ...locales.get(tag), ...strings });
  events.dispatchEvent(new Event('change'));
}
