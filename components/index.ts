/**
 * `hub-kit`: every element class, defining nothing. A site registers what it uses with
 * `SignupForm.define()` (or a tag of its own: `SignupForm.define('newsletter-signup')`), or
 * imports `hub-kit/<element>/define`.
 */
export { SignupForm } from './signup-form/signup-form.js';
export { ContactForm } from './contact-form/contact-form.js';
export { HubSearch } from './hub-search/hub-search.js';
export { BioCard } from './bio-card/bio-card.js';
// The elements' strings: a site registers a locale of its own with these.
export { registerStrings, type HubKitStrings, type FormStrings, type SearchStrings, type CardStrings, type Plural } from './shared/strings.js';
// The types the README's tables name, beside the classes they describe.
export type { FormState, FormBody, FormSubmitDetail, FormSuccessDetail, FormErrorDetail, FormQueuedDetail } from './shared/hub-form.js';
export type { BioCardVariant, BioCardState, BioCardLoadDetail, BioCardErrorDetail, BioCardPresenceDetail } from './bio-card/bio-card.js';
export type {
  HubSearchState,
  HubSearchReadyDetail,
  HubSearchResultsDetail,
  HubSearchSelectDetail,
  HubSearchErrorDetail,
} from './hub-search/hub-search.js';
