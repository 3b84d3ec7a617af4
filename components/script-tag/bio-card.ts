/** `<bio-card>` as a file of the script tag, its class exported under its tag (see forms.ts). */
export { BioCard as 'bio-card' } from '../bio-card/bio-card.js';
// The loader registers the words of a locale file with it (a locale file is words only).
export { registerStrings } from '../shared/registry.js';
