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
