/**
 * German: every string of the four elements. Importing this module registers them; elements
 * inside `lang="de"` (or `de-AT`, `de-CH`, …) use them. The script tag fetches the
 * words of each element a page has, from `parts/`.
 *
 *   import 'hub-kit/locales/de.js';
 *
 * Formal "Sie"; German quotation marks („…“).
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';
import { words as forms } from './parts/de-forms.js';
import { words as search } from './parts/de-hub-search.js';
import { words as card } from './parts/de-bio-card.js';

/**
 * The whole table. Each element's words are a module of their own (`parts/`): the script
 * tag fetches only the words of the elements a page has.
 */
export const de: HubKitStrings = { ...forms, ...search, ...card };

registerStrings('de', de);
