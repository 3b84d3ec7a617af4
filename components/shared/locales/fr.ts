/**
 * French strings for `<signup-form>` and `<contact-form>`. Importing this module registers
 * them; elements inside `lang="fr"` (or `fr-*`) use them.
 *
 *   import 'hub-kit/locales/fr.js';
 */
import { registerStrings, type FormStrings } from '../strings.js';

const CONFIG = 'Ce formulaire est mal configuré, et votre envoi n’a pas été reçu. Merci de prévenir le propriétaire du site.';
const ERROR = 'Le service ne peut pas traiter votre demande pour le moment. Veuillez réessayer dans quelques minutes.';
const QUEUED = 'Vous semblez hors ligne. L’envoi se fera dès votre retour en ligne.';

export const fr: FormStrings = {
  emailLabel: 'E-mail',
  nameLabel: 'Nom',
  messageLabel: 'Message',
  subscribe: "S'abonner",
  sendResource: 'Me l’envoyer',
  sendMessage: 'Envoyer le message',
  sending: 'Envoi en cours…',
  subscribed: 'Merci ! Vérifiez votre boîte de réception pour confirmer.',
  resourceSent: 'Merci ! Le lien vous attend dans votre boîte de réception.',
  messageSent: 'Merci, votre message a bien été envoyé.',
  queued: QUEUED,
  rateLimited: 'Trop de tentatives. Vous pourrez réessayer dans {seconds} secondes.',
  rateLimitedOne: 'Trop de tentatives. Vous pourrez réessayer dans 1 seconde.',
  rateLimitedMinutes: 'Trop de tentatives. Vous pourrez réessayer dans environ {minutes} minutes.',
  ready: 'Vous pouvez réessayer.',
  stillTrying: 'Toujours en cours : le service tarde à répondre…',
  unconfirmed: 'Nous n’avons pas pu confirmer la réception. Vous pouvez renvoyer.',
  alreadySubscribed: 'Vous êtes déjà abonné·e. Merci !',
  config: CONFIG,
  notFound: CONFIG,
  error: ERROR,
  unreachable: ERROR,
  offline: QUEUED,
  badRequest: 'Le service ne peut pas accepter cet envoi tel quel.',
  forbidden: 'Le service a refusé cet envoi.',
  tooLarge: 'Cet envoi est trop long pour le service. Merci de le raccourcir.',
  refused: 'Le service n’a pas accepté cet envoi.',
  invalid: 'Veuillez corriger les champs signalés.',
  required: 'Ce champ est obligatoire.',
  emailRequired: 'Veuillez saisir votre adresse e-mail.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
  messageRequired: 'Veuillez écrire un message.',
  consentRequired: 'Veuillez cocher cette case pour continuer.',
  trapLabel: 'Laissez ce champ vide',
};

registerStrings('fr', fr);
