/** `<hub-search>` as a file of the script tag, its class exported under its tag (see forms.ts). */
export { HubSearch as 'hub-search' } from '../hub-search/hub-search.js';
// The loader registers the words of a locale file with it (a locale file is words only).
export { registerStrings } from '../shared/registry.js';
