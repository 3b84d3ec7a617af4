/**
 * The one-file bundle for script-tag embeds (`dist/hub-kit.js`): registers every element
 * under its default tag and exports the classes.
 */
import './bio-card/define.js';
export { BioCard } from './bio-card/bio-card.js';
import './signup-form/define.js';
export { SignupForm } from './signup-form/signup-form.js';
import './contact-form/define.js';
export { ContactForm } from './contact-form/contact-form.js';
import './hub-search/define.js';
export { HubSearch } from './hub-search/hub-search.js';
