/**
 * Defensive registration: a page that loads two copies of the kit (a script tag and an
 * npm bundle, say) must not throw "already defined". The first definition wins.
 */
export function defineElement(
  tag: string,
  ctor: CustomElementConstructor,
  registry: CustomElementRegistry = customElements,
): void {
  if (!registry.get(tag)) registry.define(tag, ctor);
}
