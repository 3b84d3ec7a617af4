/** `<hub-search>` as a file of the script tag, its class exported under its tag (see forms.ts). */
export { HubSearch as 'hub-search' } from '../hub-search/hub-search.js';
import { SEARCH_EN } from '../shared/strings.js';
import { registerWords as register } from './words.js';

/** The loader registers a locale file's words with it (a locale file is words only). */
export const registerWords = (lang: string, words: unknown): void => register(SEARCH_EN, lang, words);
