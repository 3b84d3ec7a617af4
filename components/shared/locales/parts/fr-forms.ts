/**
 * French: the words of <signup-form> and <contact-form>. Words only: nothing
 * registers them here. The script tag fetches it for such an element on a `lang="fr"` page;
 * `hub-kit/locales/fr.js` imports it with the other elements' words and
 * registers them all.
 */
import type { FormStrings } from '../../strings.js';

const CONFIG = 'Ce formulaire est mal configuré\u00a0: votre envoi n’a pas été reçu. Veuillez prévenir le responsable du site.';
const ERROR = 'Le service ne peut pas traiter votre demande pour le moment. Veuillez réessayer dans quelques minutes.';
const QUEUED = 'Vous semblez être hors ligne. L’envoi partira dès votre retour en ligne.';

export const words: FormStrings = {
  emailLabel: 'E-mail',
  nameLabel: 'Nom',
  messageLabel: 'Message',
  subscribe: 'S’abonner',
  sendResource: 'Me l’envoyer',
  sendMessage: 'Envoyer le message',
  sending: 'Envoi en cours…',
  subscribed: 'Merci\u202f! Consultez votre boîte de réception pour confirmer votre inscription.',
  resourceSent: 'Merci\u202f! Le lien vous attend dans votre boîte de réception.',
  messageSent: 'Merci, votre message a bien été envoyé.',
  queued: QUEUED,
  queuedHere: 'Vous semblez être hors ligne. Gardez cette page ouverte jusqu’à l’envoi.',
  rateLimited: 'Trop de tentatives. Vous pourrez réessayer dans {seconds}\u00a0secondes.',
  rateLimitedOne: 'Trop de tentatives. Vous pourrez réessayer dans 1\u00a0seconde.',
  rateLimitedMinutes: 'Trop de tentatives. Vous pourrez réessayer dans environ {minutes}\u00a0minutes.',
  ready: 'Vous pouvez réessayer maintenant.',
  stillTrying: 'Toujours en cours\u00a0: le service tarde à répondre…',
  unconfirmed: 'Nous n’avons pas pu confirmer la bonne réception de votre envoi. Vous pouvez le renvoyer.',
  alreadySubscribed: 'Cette adresse est déjà abonnée. Merci\u202f!',
  config: CONFIG,
  notFound: CONFIG,
  error: ERROR,
  unreachable: ERROR,
  offline: QUEUED,
  badRequest: 'Le service ne peut pas accepter cet envoi tel quel.',
  forbidden: 'Le service a refusé cet envoi.',
  tooLarge: 'Cet envoi est trop long pour le service. Veuillez le raccourcir.',
  refused: 'Le service n’a pas accepté cet envoi.',
  invalid: 'Veuillez corriger les champs signalés.',
  required: 'Ce champ est obligatoire.',
  emailRequired: 'Veuillez saisir votre adresse e-mail.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
  messageRequired: 'Veuillez saisir un message.',
  consentRequired: 'Veuillez cocher cette case pour continuer.',
  trapLabel: 'Laissez ce champ vide',
};
