/**
 * French: the words of <bio-card>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="fr"` page; `hub-kit/locales/fr.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { CardStrings } from '../../strings.js';

const UNREACHABLE = 'Le service est injoignable pour le moment.';

export const words: CardStrings = {
  cardLoading: 'Chargement du profil…',
  cardFailed: 'Impossible de charger ce profil.',
  cardErrors: {
    config: 'Cette carte n’est pas configurée correctement.',
    notFound: 'Aucun profil n’a été trouvé ici.',
    rateLimited: 'Trop de requêtes\u00a0: réessayez dans {seconds}\u00a0s.',
    unreachable: UNREACHABLE,
    offline: UNREACHABLE,
    error: 'Une erreur s’est produite.',
  },
  retry: 'Réessayer',
  live: 'En direct',
  online: { other: '{count}\u00a0en ligne' },
  about: 'À propos de {name}',
  moreLinks: { one: 'Afficher {count}\u00a0autre lien', other: 'Afficher {count}\u00a0autres liens' },
  fewerLinks: 'Afficher moins de liens',
  socialProfiles: 'Réseaux sociaux',
  cardSavedOffline: 'Hors ligne\u00a0: affichage du profil enregistré.',
  cardSavedUnreachable: 'Le service est injoignable\u00a0: affichage du profil enregistré.',
};
