/**
 * Spanish: the words of <bio-card>. Words only: nothing registers them here. The script
 * tag fetches it for such an element on a `lang="es"` page; `hub-kit/locales/es.js`
 * imports it with the other elements' words and
 * registers them all.
 */
import type { CardStrings } from '../../strings.js';

const UNREACHABLE = 'No se puede acceder al servicio en este momento.';

export const words: CardStrings = {
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
  retry: 'Reintentar',
  live: 'En vivo',
  online: { other: '{count} en línea' },
  about: 'Acerca de {name}',
  moreLinks: { one: 'Mostrar {count} enlace más', other: 'Mostrar {count} enlaces más' },
  fewerLinks: 'Mostrar menos enlaces',
  socialProfiles: 'Redes sociales',
  cardSavedOffline: 'Sin conexión: se muestra el perfil guardado.',
  cardSavedUnreachable: 'No se puede acceder al servicio: se muestra el perfil guardado.',
};
