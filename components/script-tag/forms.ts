/**
 * The two forms as one file of the script tag: they share nearly all of their code
 * (HubFormElement, its strings and styles), so a page with either fetches both classes for
 * well under a kilobyte more, and one request less than three separate files would take.
 * Each file of the script tag exports its classes under their tags, for the loader.
 */
export { SignupForm as 'signup-form' } from '../signup-form/signup-form.js';
export { ContactForm as 'contact-form' } from '../contact-form/contact-form.js';
import { FORM_EN } from '../shared/strings.js';
import { registerWords as register } from './words.js';

/** The loader registers a locale file's words with it (a locale file is words only). */
export const registerWords = (lang: string, words: unknown): void => register(FORM_EN, lang, words);
