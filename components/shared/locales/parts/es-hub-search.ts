/**
 * Spanish: the words of <hub-search>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="es"` page; `hub-kit/locales/es.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { SearchStrings } from '../../strings.js';

export const words: SearchStrings = {
  search: 'Buscar',
  searchLoading: 'Cargando la búsqueda…',
  searchNoResults: 'No hay resultados para «{query}».',
  searchResults: { one: '{count} resultado', many: '{count} de resultados', other: '{count} resultados' },
  searchResultsLabel: 'Resultados',
  recentSearches: 'Búsquedas recientes',
  clearRecent: 'Borrar',
  close: 'Cerrar',
  retry: 'Reintentar',
  searchSavedOffline: 'Sin conexión: se busca en una copia guardada.',
  searchSavedUnreachable: 'No se puede acceder al servicio: se busca en una copia guardada.',
  ctrlKey: 'Ctrl',
  searchErrors: {
    config: 'La búsqueda no está bien configurada en esta página.',
    notFound: 'No se ha encontrado esta búsqueda.',
    rateLimited: 'La búsqueda está saturada. Vuelva a intentarlo en {seconds}\u00a0s.',
    error: 'No se ha podido cargar la búsqueda.',
  },
};
