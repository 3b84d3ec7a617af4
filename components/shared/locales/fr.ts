/**
 * French: every string of the four elements. Importing this module registers them; elements
 * inside `lang="fr"` (or `fr-CA`, …) use them. The script tag fetches it by itself on such a page.
 *
 *   import 'hub-kit/locales/fr.js';
 *
 * Formal "vous". French spacing: a no-break space before ":" and inside « », a narrow one
 * before "!", "?" and ";".
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';

const CONFIG = 'Ce formulaire est mal configuré\u00a0: votre envoi n’a pas été reçu. Veuillez prévenir le responsable du site.';
const ERROR = 'Le service ne peut pas traiter votre demande pour le moment. Veuillez réessayer dans quelques minutes.';
const QUEUED = 'Vous semblez être hors ligne. L’envoi partira dès votre retour en ligne.';
const UNREACHABLE = 'Le service est injoignable pour le moment.';

export const fr: HubKitStrings = {
  // <signup-form> and <contact-form>
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

  // <hub-search>
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

  // <bio-card>
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
  live: 'En direct',
  online: { other: '{count}\u00a0en ligne' },
  about: 'À propos de {name}',
  moreLinks: { one: 'Afficher {count}\u00a0autre lien', other: 'Afficher {count}\u00a0autres liens' },
  fewerLinks: 'Afficher moins de liens',
  socialProfiles: 'Réseaux sociaux',
  cardSavedOffline: 'Hors ligne\u00a0: affichage du profil enregistré.',
  cardSavedUnreachable: 'Le service est injoignable\u00a0: affichage du profil enregistré.',
};

registerStrings('fr', fr);
