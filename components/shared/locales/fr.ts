/**
 * French: every string of the four elements. Importing this module registers them; elements
 * inside `lang="fr"` (or `fr-CA`, …) use them. The script tag fetches
 * the words of each element a page has, from `parts/`.
 *
 *   import 'hub-kit/locales/fr.js';
 *
 * Formal "vous". French spacing: a no-break space before ":" and inside « », a narrow one
 * before "!", "?" and ";".
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';
import { words as forms } from './parts/fr-forms.js';
import { words as search } from './parts/fr-hub-search.js';
import { words as card } from './parts/fr-bio-card.js';

/**
 * The whole table. Each element's words are a module of their own (`parts/`): the script
 * tag fetches only the words of the elements a page has.
 */
export const fr: HubKitStrings = { ...forms, ...search, ...card };

registerStrings('fr', fr);
