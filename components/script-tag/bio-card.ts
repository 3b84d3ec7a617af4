/** `<bio-card>` as a file of the script tag, its class exported under its tag (see forms.ts). */
export { BioCard as 'bio-card' } from '../bio-card/bio-card.js';
import { CARD_EN } from '../shared/strings.js';
import { registerWords as register } from './words.js';

/** The loader registers a locale file's words with it (a locale file is words only). */
export const registerWords = (lang: string, words: unknown): void => register(CARD_EN, lang, words);
