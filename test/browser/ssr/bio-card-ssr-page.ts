/**
 * The script of the server-rendered fixture page: hydration support first, then the
 * element, exactly as a static site would load them. The test passes the sandbox's base
 * URL in the query, so the page's requests land in that sandbox's log.
 */
const base = new URLSearchParams(location.search).get('base');
const cards = [...document.querySelectorAll('bio-card')];
for (const card of cards) {
  if (base) card.setAttribute('base-url', base);
}
// What the parser built from declarative shadow DOM, before any script ran: the test
// checks that hydration adopts these very nodes instead of rendering new ones.
const first = cards[0];
(globalThis as { ssrNameNode?: Element | null }).ssrNameNode = first?.shadowRoot?.querySelector('[part="name"]');
// Hydration support must be evaluated before LitElement is: dynamic imports keep the order.
await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
await import('../../../components/bio-card/define.js');
document.documentElement.dataset.ready = 'true';
export {};
