/**
 * The static site's one script. Lit's hydration support must be evaluated before any
 * element class, so that the elements adopt the server-rendered shadow roots instead of
 * rendering them again; dynamic imports keep that order in the bundle.
 */
const tags = ['signup-form', 'contact-form', 'hub-search', 'bio-card'] as const;

// A node the parser built from declarative shadow DOM, before any script: after hydration
// it is still in place (the tests check it).
(globalThis as { ssrNameNode?: Element | null }).ssrNameNode =
  document.querySelector('bio-card')?.shadowRoot?.querySelector('[part="name"]');

await import('@lit-labs/ssr-client/lit-element-hydrate-support.js');
await Promise.all([
  import('hub-kit/signup-form/define'),
  import('hub-kit/contact-form/define'),
  import('hub-kit/hub-search/define'),
  import('hub-kit/bio-card/define'),
]);
await Promise.all(tags.map((tag) => customElements.whenDefined(tag)));
document.documentElement.dataset.hydrated = 'true';

export {};
