/**
 * French: the words of <hub-search>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="fr"` page; `hub-kit/locales/fr.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { SearchStrings } from '../../strings.js';

export const words: SearchStrings = {
  search: 'Rechercher',
  searchLoading: 'Chargement de la recherche…',
  searchNoResults: 'Aucun résultat pour «\u00a0{query}\u00a0».',
  searchResults: { one: '{count}\u00a0résultat', many: '{count}\u00a0de résultats', other: '{count}\u00a0résultats' },
  searchResultsLabel: 'Résultats',
  recentSearches: 'Recherches récentes',
  clearRecent: 'Effacer',
  close: 'Fermer',
  retry: 'Réessayer',
  searchSavedOffline: 'Hors ligne\u00a0: recherche dans une copie enregistrée.',
  searchSavedUnreachable: 'Le service est injoignable\u00a0: recherche dans une copie enregistrée.',
  ctrlKey: 'Ctrl',
  searchErrors: {
    config: 'La recherche n’est pas configurée correctement sur cette page.',
    notFound: 'Cette recherche est introuvable.',
    rateLimited: 'La recherche est très sollicitée. Réessayez dans {seconds}\u00a0s.',
    error: 'Impossible de charger la recherche.',
  },
};
