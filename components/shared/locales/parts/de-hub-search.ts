/**
 * German: the words of <hub-search>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="de"` page; `hub-kit/locales/de.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { SearchStrings } from '../../strings.js';

export const words: SearchStrings = {
  search: 'Suchen',
  searchLoading: 'Suche wird geladen…',
  searchNoResults: 'Keine Ergebnisse für „{query}“.',
  searchResults: { one: '{count} Ergebnis', other: '{count} Ergebnisse' },
  searchResultsLabel: 'Ergebnisse',
  recentSearches: 'Letzte Suchanfragen',
  clearRecent: 'Löschen',
  close: 'Schließen',
  retry: 'Erneut versuchen',
  searchSavedOffline: 'Offline: Eine gespeicherte Kopie wird durchsucht.',
  searchSavedUnreachable: 'Der Dienst ist nicht erreichbar: Eine gespeicherte Kopie wird durchsucht.',
  ctrlKey: 'Strg',
  searchErrors: {
    config: 'Die Suche ist auf dieser Seite nicht richtig eingerichtet.',
    notFound: 'Diese Suche wurde nicht gefunden.',
    rateLimited: 'Die Suche ist gerade ausgelastet. Versuchen Sie es in {seconds}\u00a0s erneut.',
    error: 'Die Suche konnte nicht geladen werden.',
  },
};
