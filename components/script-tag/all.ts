/**
 * Every element in one self-contained file of the script tag (`hub-kit/all-<hash>.js`),
 * built apart from the per-element files so that it shares nothing with them; the loader
 * fetches it instead of those when a page needs all of them at once (see hub-kit.ts).
 *
 * The order of the exports is the order of the modules in the file, and gzip finds repeats
 * only within the last 32 KB it read: with `<hub-search>` first the file is about 0.1 KB
 * gzip smaller than with the forms first (measured over every order of the four; the size
 * test prints the figure). The modules declare classes and tables and run nothing else, so
 * the order changes nothing but the bytes.
 */
export { HubSearch as 'hub-search' } from '../hub-search/hub-search.js';
export { SignupForm as 'signup-form' } from '../signup-form/signup-form.js';
export { ContactForm as 'contact-form' } from '../contact-form/contact-form.js';
export { BioCard as 'bio-card' } from '../bio-card/bio-card.js';
import { CARD_EN, FORM_EN, SEARCH_EN } from '../shared/strings.js';
import { registerWords as register } from './words.js';

const ENGLISH: Record<string, object> = { forms: FORM_EN, 'hub-search': SEARCH_EN, 'bio-card': CARD_EN };
/** The loader registers a locale file's words with it, naming the element file they are of. */
export const registerWords = (lang: string, words: unknown, file: string): void => register(ENGLISH[file]!, lang, words);
