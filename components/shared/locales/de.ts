/**
 * German: every string of the four elements. Importing this module registers them; elements
 * inside `lang="de"` (or `de-AT`, `de-CH`, …) use them. The script tag fetches it by itself
 * on such a page.
 *
 *   import 'hub-kit/locales/de.js';
 *
 * Formal "Sie"; German quotation marks („…“).
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';

const CONFIG =
  'Dieses Formular ist nicht richtig eingerichtet, Ihre Eingabe ist nicht angekommen. Bitte geben Sie den Betreibern der Website Bescheid.';
const ERROR = 'Der Dienst kann Ihre Anfrage gerade nicht annehmen. Bitte versuchen Sie es in ein paar Minuten erneut.';
const QUEUED = 'Sie scheinen offline zu sein. Ihre Eingabe wird gesendet, sobald Sie wieder online sind.';
const UNREACHABLE = 'Der Dienst ist gerade nicht erreichbar.';

export const de: HubKitStrings = {
  // <signup-form> and <contact-form>
  emailLabel: 'E-Mail',
  nameLabel: 'Name',
  messageLabel: 'Nachricht',
  subscribe: 'Abonnieren',
  sendResource: 'Jetzt zusenden',
  sendMessage: 'Nachricht senden',
  sending: 'Wird gesendet…',
  subscribed: 'Danke! Bitte bestätigen Sie Ihre Anmeldung über den Link in Ihrem Posteingang.',
  resourceSent: 'Danke! Den Link finden Sie in Ihrem Posteingang.',
  messageSent: 'Danke, Ihre Nachricht wurde gesendet.',
  queued: QUEUED,
  queuedHere: 'Sie scheinen offline zu sein. Bitte lassen Sie diese Seite offen, bis Ihre Eingabe gesendet ist.',
  rateLimited: 'Zu viele Versuche. Sie können es in {seconds} Sekunden erneut versuchen.',
  rateLimitedOne: 'Zu viele Versuche. Sie können es in einer Sekunde erneut versuchen.',
  rateLimitedMinutes: 'Zu viele Versuche. Sie können es in etwa {minutes} Minuten erneut versuchen.',
  ready: 'Sie können es jetzt erneut versuchen.',
  stillTrying: 'Einen Moment noch: Der Dienst antwortet gerade langsam…',
  unconfirmed: 'Wir konnten nicht bestätigen, dass Ihre Eingabe angekommen ist. Sie können sie erneut senden.',
  alreadySubscribed: 'Sie sind bereits angemeldet. Vielen Dank!',
  config: CONFIG,
  notFound: CONFIG,
  error: ERROR,
  unreachable: ERROR,
  offline: QUEUED,
  badRequest: 'Der Dienst kann diese Eingabe so nicht annehmen.',
  forbidden: 'Der Dienst hat diese Eingabe abgelehnt.',
  tooLarge: 'Diese Eingabe ist für den Dienst zu lang. Bitte kürzen Sie sie.',
  refused: 'Der Dienst hat diese Eingabe nicht angenommen.',
  invalid: 'Bitte korrigieren Sie die markierten Felder.',
  required: 'Bitte füllen Sie dieses Feld aus.',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z.\u00a0B. name@example.com.',
  messageRequired: 'Bitte schreiben Sie eine Nachricht.',
  consentRequired: 'Bitte setzen Sie hier ein Häkchen, um fortzufahren.',
  trapLabel: 'Dieses Feld bitte leer lassen',

  // <hub-search>
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

  // <bio-card>
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
  live: 'Live',
  online: { other: '{count} online' },
  about: 'Über {name}',
  moreLinks: { one: '{count} weiteren Link anzeigen', other: '{count} weitere Links anzeigen' },
  fewerLinks: 'Weniger Links anzeigen',
  socialProfiles: 'Social-Media-Profile',
  cardSavedOffline: 'Offline: Das gespeicherte Profil wird angezeigt.',
  cardSavedUnreachable: 'Der Dienst ist nicht erreichbar: Das gespeicherte Profil wird angezeigt.',
};

registerStrings('de', de);
