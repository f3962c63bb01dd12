/**
 * Every string the student reads, in Spanish (es-CL). The spec's quoted messages are reproduced
 * with only spelling and accents corrected.
 */
export const es = {
  app: {
    name: 'Preu PAES',
    loading: 'Cargando…',
    skipToContent: 'Saltar al contenido',
    configError: 'No pudimos cargar la configuración de la plataforma. Recarga la página en unos segundos.',
    retry: 'Reintentar',
    pageLoadError: 'No pudimos cargar esta página. Revisa tu conexión y vuelve a intentarlo.',
  },
  /** Page titles and descriptions (web/src/app/pageMeta.ts). */
  meta: {
    tagline: 'Preparación PAES online',
    defaultDescription:
      'Prepárate para la PAES con clases cortas con ejercicios, ensayos cronometrados con el formato de la prueba y tutorías. Empieza gratis.',
    imageAlt: 'Preu PAES: clases, ensayos y tutorías para preparar la PAES',
  },
  pages: {
    /** Titles of screens whose routes give none. */
    titles: {
      '/registro': 'Crea tu cuenta',
      '/registro/verificacion': 'Verifica tu correo',
      '/inicio-sesion': 'Inicia sesión',
      '/inicio-sesion/recuperacion': 'Recupera tu contraseña',
      '/inicio-sesion/recuperacion/codigo': 'Ingresa el código de recuperación',
      '/centro-estudio/cuenta': 'Mi cuenta',
    },
    studyCenter: 'Centro de estudio',
  },
  footer: {
    about:
      'Preparación online para la PAES: clases con ejercicios, ensayos cronometrados y tutorías, pensada para estudiantes de Chile.',
    disclaimer:
      'Preu PAES no está afiliado al DEMRE ni a la Universidad de Chile. Las fechas de rendición que mostramos son estimadas: confirma siempre el calendario oficial en demre.cl.',
    linksLabel: 'Enlaces del sitio',
    pricing: 'Planes y precios',
    contact: 'Contacto',
    terms: 'Términos y condiciones',
    privacy: 'Aviso de privacidad',
    cookiePreferences: 'Preferencias de cookies',
    rights: (year: number) => `© ${year} Preu PAES`,
  },
  /** The analytics consent banner (web/src/app/ConsentBanner.tsx). */
  consent: {
    title: 'Cookies de medición',
    body: 'Con tu permiso usamos Google Analytics para contar visitas y mejorar Preu PAES. Si rechazas, no lo cargamos y todo funciona igual.',
    more: 'Cambia tu elección cuando quieras en «Preferencias de cookies», al pie de la página. Más en el [aviso de privacidad](/legal/aviso-de-privacidad#cookies).',
    accept: 'Aceptar',
    reject: 'Rechazar',
    close: 'Cerrar sin cambiar',
    current: {
      granted: 'Tu elección actual: aceptaste las cookies de medición.',
      denied: 'Tu elección actual: rechazaste las cookies de medición.',
    },
    saved: {
      granted: 'Listo: aceptaste las cookies de medición. Puedes cambiarlo en «Preferencias de cookies».',
      denied: 'Listo: rechazaste las cookies de medición. Puedes cambiarlo en «Preferencias de cookies».',
    },
  },
  toast: {
    close: 'Cerrar aviso',
    region: 'Avisos',
  },
  notFound: {
    title: 'Página no encontrada',
    body: 'La página que buscas no existe o cambió de dirección.',
    home: 'Volver al inicio',
  },
  errors: {
    /** Default message for any identity error without its own entry (spec section 8). */
    default: 'Ocurrió un error al enviar tus datos, inténtalo de nuevo más tarde.',
    network: 'No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.',
    sessionExpired: 'Tu sesión expiró. Vuelve a iniciar sesión.',
  },
  /** Identity provider error codes → the coloured error toast (spec section 8). */
  identityErrors: {
    InvalidPasswordException: 'La contraseña no cumple con los requisitos de seguridad.',
    CodeDeliveryFailureException: 'El código de verificación es incorrecto.',
    InvalidEmailRoleAccessPolicyException: 'No es posible usar este correo electrónico.',
    InvalidParameterException: 'Los datos ingresados no son válidos, contacta a soporte.',
    UsernameExistsException: 'Ya existe un usuario con los datos ingresados.',
    UserNotFoundException: 'No existe una cuenta con los datos ingresados.',
    UserNotConfirmedException: 'Primero confirma tu cuenta desde el correo que te enviamos.',
    PasswordResetRequiredException: 'Por seguridad, debes restablecer tu contraseña.',
    NotAuthorizedException: 'Nombre de usuario o contraseña incorrectos.',
    CodeMismatchException: 'El código ingresado es incorrecto.',
  } as Record<string, string>,
} as const;

/** The Spanish message for an identity error code, or the spec's default. */
export function identityErrorMessage(code: string | undefined): string {
  return (code && es.identityErrors[code]) || es.errors.default;
}
