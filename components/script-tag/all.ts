/**
 * Every element in one self-contained file of the script tag (`hub-kit/all-<hash>.js`),
 * built apart from the per-element files so that it shares nothing with them; the loader
 * fetches it instead of those when a page needs all of them at once (see hub-kit.ts).
 */
export { SignupForm as 'signup-form' } from '../signup-form/signup-form.js';
export { ContactForm as 'contact-form' } from '../contact-form/contact-form.js';
export { HubSearch as 'hub-search' } from '../hub-search/hub-search.js';
export { BioCard as 'bio-card' } from '../bio-card/bio-card.js';
