/**
 * The one way an element fires its events: named after the element, bubbling and composed
 * so a listener on the page hears it through shadow roots, with an object `detail`. The
 * type comes from `GlobalEventHandlersEventMap`, where each element declares its events, so
 * a detail that does not match its declaration does not compile.
 */
export type DetailOf<K extends keyof GlobalEventHandlersEventMap> =
  GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never;

/** Dispatches `type` on `host`; answers false when a listener cancelled a cancelable event. */
export function emit<K extends keyof GlobalEventHandlersEventMap>(
  host: EventTarget,
  type: K,
  detail: DetailOf<K>,
  cancelable = false,
): boolean {
  return host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
}
