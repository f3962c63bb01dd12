/**
 * Errors a handler or domain rule may throw on purpose. The error middleware turns each into its
 * status code and `{ "message": ... }`; anything else becomes a 500 with a correlation id.
 * Messages are Spanish because the web may show them to the student.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'La solicitud no es válida.', details?: Record<string, unknown>) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Debes iniciar sesión para continuar.') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'No tienes permiso para realizar esta acción.') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'No encontramos lo que buscas.') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, message, details);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'La solicitud es demasiado grande.') {
    super(413, message);
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(
    message = 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  ) {
    super(503, message);
  }
}
