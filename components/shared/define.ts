/**
 * Defensive registration: a page that loads two copies of the kit (a script tag and an
 * npm bundle, say) must not throw "already defined". The first definition wins.
 */
export function defineElement(
  tag: string,
  ctor: CustomElementConstructor,
  registry: CustomElementRegistry = customElements,
): void {
  if (registry.get(tag)) return;
  try {
    registry.define(tag, ctor);
  } catch (error) {
    // A class can serve only one tag per registry. When a site renames a tag and another
    // import registers the default name (or the reverse), the second name gets a subclass.
    if (!(error instanceof DOMException) || error.name !== 'NotSupportedError') throw error;
    registry.define(tag, class extends (ctor as unknown as typeof HTMLElement) {});
  }
}
