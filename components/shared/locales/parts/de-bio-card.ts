/**
 * German: the words of <bio-card>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="de"` page; `hub-kit/locales/de.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { CardStrings } from '../../strings.js';

const UNREACHABLE = 'Der Dienst ist gerade nicht erreichbar.';

export const words: CardStrings = {
  cardLoading: 'Profil wird geladen…',
  cardFailed: 'Dieses Profil konnte nicht geladen werden.',
  cardErrors: {
    config: 'Diese Karte ist nicht richtig eingerichtet.',
    notFound: 'Hier wurde kein Profil gefunden.',
    rateLimited: 'Zu viele Anfragen: Versuchen Sie es in {seconds}\u00a0s erneut.',
    unreachable: UNREACHABLE,
    offline: UNREACHABLE,
    error: 'Etwas ist schiefgelaufen.',
  },
  retry: 'Erneut versuchen',
  live: 'Live',
  online: { other: '{count} online' },
  about: 'Über {name}',
  moreLinks: { one: '{count} weiteren Link anzeigen', other: '{count} weitere Links anzeigen' },
  fewerLinks: 'Weniger Links anzeigen',
  socialProfiles: 'Social-Media-Profile',
  cardSavedOffline: 'Offline: Das gespeicherte Profil wird angezeigt.',
  cardSavedUnreachable: 'Der Dienst ist nicht erreichbar: Das gespeicherte Profil wird angezeigt.',
};
