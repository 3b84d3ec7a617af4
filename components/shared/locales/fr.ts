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
  stillTrying: 'Toujours en cours : le service tarde à répondre…',
  unconfirmed: 'Nous n’avons pas pu confirmer la réception. Vous pouvez renvoyer.',
  config: 'Ce formulaire est mal configuré, et votre envoi n’a pas été reçu. Merci de prévenir le propriétaire du site.',
  error: 'Le service ne peut pas traiter votre demande pour le moment. Veuillez réessayer dans quelques minutes.',
  invalid: 'Veuillez corriger les champs signalés.',
  required: 'Ce champ est obligatoire.',
  emailRequired: 'Veuillez saisir votre adresse e-mail.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide, par exemple nom@exemple.fr.',
  messageRequired: 'Veuillez écrire un message.',
  consentRequired: 'Veuillez cocher cette case pour continuer.',
  trapLabel: 'Laissez ce champ vide',
};

registerStrings('fr', fr);
