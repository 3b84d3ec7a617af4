/**
 * Spanish: every string of the four elements. Importing this module registers them; elements
 * inside `lang="es"` (or `es-MX`, …) use them. The script tag fetches it by itself on such a page.
 *
 *   import 'hub-kit/locales/es.js';
 *
 * Formal "usted", in words understood in Spain and Latin America alike ("en vivo",
 * "correo electrónico"); opening ¡ and ¿, quotes « ».
 */
import { registerStrings } from '../registry.js';
import type { HubKitStrings } from '../strings.js';

const CONFIG = 'Este formulario no está bien configurado y su envío no se ha recibido. Por favor, avise al responsable del sitio.';
const ERROR = 'El servicio no puede atender su solicitud en este momento. Vuelva a intentarlo dentro de unos minutos.';
const QUEUED = 'Parece que no tiene conexión. Se enviará en cuanto vuelva a estar en línea.';
const UNREACHABLE = 'No se puede acceder al servicio en este momento.';

export const es: HubKitStrings = {
  // <signup-form> and <contact-form>
  emailLabel: 'Correo electrónico',
  nameLabel: 'Nombre',
  messageLabel: 'Mensaje',
  subscribe: 'Suscribirse',
  sendResource: 'Enviármelo',
  sendMessage: 'Enviar mensaje',
  sending: 'Enviando…',
  subscribed: '¡Gracias! Revise su bandeja de entrada para confirmar la suscripción.',
  resourceSent: '¡Gracias! Encontrará el enlace en su bandeja de entrada.',
  messageSent: 'Gracias, su mensaje se ha enviado.',
  queued: QUEUED,
  queuedHere: 'Parece que no tiene conexión. Mantenga esta página abierta hasta que se envíe.',
  rateLimited: 'Demasiados intentos. Podrá volver a intentarlo dentro de {seconds} segundos.',
  rateLimitedOne: 'Demasiados intentos. Podrá volver a intentarlo dentro de 1 segundo.',
  rateLimitedMinutes: 'Demasiados intentos. Podrá volver a intentarlo dentro de unos {minutes} minutos.',
  ready: 'Ya puede volver a intentarlo.',
  stillTrying: 'Seguimos intentándolo: el servicio tarda en responder…',
  unconfirmed: 'No hemos podido confirmar que su envío haya llegado. Puede volver a enviarlo.',
  alreadySubscribed: 'Esta dirección ya está suscrita. ¡Gracias!',
  config: CONFIG,
  notFound: CONFIG,
  error: ERROR,
  unreachable: ERROR,
  offline: QUEUED,
  badRequest: 'El servicio no puede aceptar este envío tal como está.',
  forbidden: 'El servicio ha rechazado este envío.',
  tooLarge: 'Este envío es demasiado largo para el servicio. Acórtelo, por favor.',
  refused: 'El servicio no ha aceptado este envío.',
  invalid: 'Corrija los campos señalados.',
  required: 'Este campo es obligatorio.',
  emailRequired: 'Escriba su dirección de correo electrónico.',
  emailInvalid: 'Escriba una dirección de correo electrónico válida, como nombre@ejemplo.com.',
  messageRequired: 'Escriba un mensaje.',
  consentRequired: 'Marque esta casilla para continuar.',
  trapLabel: 'Deje este campo vacío',

  // <hub-search>
  search: 'Buscar',
  searchLoading: 'Cargando la búsqueda…',
  searchNoResults: 'No hay resultados para «{query}».',
  searchResults: { one: '{count} resultado', many: '{count} de resultados', other: '{count} resultados' },
  searchResultsLabel: 'Resultados',
  recentSearches: 'Búsquedas recientes',
  clearRecent: 'Borrar',
  close: 'Cerrar',
  retry: 'Reintentar',
  searchSavedOffline: 'Sin conexión: se busca en una copia guardada.',
  searchSavedUnreachable: 'No se puede acceder al servicio: se busca en una copia guardada.',
  ctrlKey: 'Ctrl',
  searchErrors: {
    config: 'La búsqueda no está bien configurada en esta página.',
    notFound: 'No se ha encontrado esta búsqueda.',
    rateLimited: 'La búsqueda está saturada. Vuelva a intentarlo en {seconds}\u00a0s.',
    error: 'No se ha podido cargar la búsqueda.',
  },

  // <bio-card>
  cardLoading: 'Cargando el perfil…',
  cardFailed: 'No se ha podido cargar este perfil.',
  cardErrors: {
    config: 'Esta tarjeta no está bien configurada.',
    notFound: 'No se ha encontrado ningún perfil aquí.',
    rateLimited: 'Demasiadas solicitudes: vuelva a intentarlo en {seconds}\u00a0s.',
    unreachable: UNREACHABLE,
    offline: UNREACHABLE,
    error: 'Algo ha fallado.',
  },
  live: 'En vivo',
  online: { other: '{count} en línea' },
  about: 'Acerca de {name}',
  moreLinks: { one: 'Mostrar {count} enlace más', other: 'Mostrar {count} enlaces más' },
  fewerLinks: 'Mostrar menos enlaces',
  socialProfiles: 'Redes sociales',
  cardSavedOffline: 'Sin conexión: se muestra el perfil guardado.',
  cardSavedUnreachable: 'No se puede acceder al servicio: se muestra el perfil guardado.',
};

registerStrings('es', es);
