/**
 * Spanish: the words of <signup-form> and <contact-form>. Words only: nothing
 * registers them here. The script tag fetches it for such an element on a `lang="es"` page;
 * `hub-kit/locales/es.js` imports it with the other elements' words and
 * registers them all.
 */
import type { FormStrings } from '../../strings.js';

const CONFIG = 'Este formulario no está bien configurado y su envío no se ha recibido. Por favor, avise al responsable del sitio.';
const ERROR = 'El servicio no puede atender su solicitud en este momento. Vuelva a intentarlo dentro de unos minutos.';
const QUEUED = 'Parece que no tiene conexión. Se enviará en cuanto vuelva a estar en línea.';

export const words: FormStrings = {
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
};
