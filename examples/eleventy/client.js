// Lit's hydration support first, then the elements: they take over the markup Eleventy
// rendered instead of rendering it again.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import 'hub-kit/bio-card/define';
import 'hub-kit/signup-form/define';
