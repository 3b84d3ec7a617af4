/**
 * French strings for `<signup-form>` and `<contact-form>`. Importing this module registers
 * them; elements inside `lang="fr"` (or `fr-*`) use them.
 *
 *   import 'hub-kit/locales/fr.js';
 */
import { registerStrings, type FormStrings } from '../strings.js';

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
  queued: 'Vous semblez hors ligne. L’envoi se fera dès votre retour en ligne.',
  rateLimited: 'Trop de tentatives. Vous pourrez réessayer dans {seconds} secondes.',
  ready: 'Vous pouvez réessayer.',
  error: 'Une erreur est survenue. Veuillez réessayer.',
  invalid: 'Veuillez corriger les champs signalés.',
  required: 'Ce champ est obligatoire.',
  emailRequired: 'Veuillez saisir votre adresse e-mail.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
  messageRequired: 'Veuillez écrire un message.',
  consentRequired: 'Veuillez cocher cette case pour continuer.',
  trapLabel: 'Laissez ce champ vide',
};

registerStrings('fr', fr);
