/**
 * German: the words of <signup-form> and <contact-form>. Words only: nothing
 * registers them here. The script tag fetches it for such an element on a `lang="de"` page;
 * `hub-kit/locales/de.js` imports it with the other elements' words and
 * registers them all.
 */
import type { FormStrings } from '../../strings.js';

const CONFIG =
  'Dieses Formular ist nicht richtig eingerichtet, Ihre Eingabe ist nicht angekommen. Bitte geben Sie den Betreibern der Website Bescheid.';
const ERROR = 'Der Dienst kann Ihre Anfrage gerade nicht annehmen. Bitte versuchen Sie es in ein paar Minuten erneut.';
const QUEUED = 'Sie scheinen offline zu sein. Ihre Eingabe wird gesendet, sobald Sie wieder online sind.';

export const words: FormStrings = {
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
};
