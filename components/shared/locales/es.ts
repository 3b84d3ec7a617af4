/**
 * Spanish: every string of the four elements. Importing this module registers them; elements
 * inside `lang="es"` (or `es-MX`, …) use them. The script tag fetches
 * the words of each element a page has, from `parts/`.
 *
 *   import 'hub-kit/locales/es.js';
 *
 * Formal "usted", in words understood in Spain and Latin America alike ("en vivo",
 * "correo electrónico"); opening ¡ and ¿, quotes « ».
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';
import { words as forms } from './parts/es-forms.js';
import { words as search } from './parts/es-hub-search.js';
import { words as card } from './parts/es-bio-card.js';

/**
 * The whole table. Each element's words are a module of their own (`parts/`): the script
 * tag fetches only the words of the elements a page has.
 */
export const es: HubKitStrings = { ...forms, ...search, ...card };

registerStrings('es', es);
