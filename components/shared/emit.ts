/**
 * The one way an element fires its events: `${element}-${what}` (`signup-form-success`),
 * bubbling and composed so a listener on the page hears it through shadow roots, with an
 * object `detail`.
 *
 * Each element declares its events once, in `HubEvents` under its name: each event's name
 * after the element's, and its detail. `emit` takes its types from there, and the page's
 * `GlobalEventHandlersEventMap` is made from the same map by `EventsOf`, so a detail that
 * does not match its declaration compiles neither where it is fired nor where it is heard.
 * Both forms map to one set of events, so the code they share fires them checked too.
 */
/** Filled in by each element (`declare module '../shared/emit.js'`), never here. */
export interface HubEvents {}

/** An element's events as the page's event map has them: `'signup-form-submit': CustomEvent<FormSubmitDetail>`. */
export type EventsOf<E extends keyof HubEvents> = {
  [W in keyof HubEvents[E] & string as `${E}-${W}`]: CustomEvent<HubEvents[E][W]>;
};

/** Dispatches `${element}-${what}` on `host`; answers false when a listener cancelled a cancelable event. */
export function emit<E extends keyof HubEvents, W extends keyof HubEvents[E] & string>(
  host: EventTarget,
  element: E,
  what: W,
  detail: HubEvents[E][W],
  cancelable = false,
): boolean {
  return host.dispatchEvent(new CustomEvent(`${element}-${what}`, { detail, bubbles: true, composed: true, cancelable }));
}
