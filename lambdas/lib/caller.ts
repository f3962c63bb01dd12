import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { UnauthorizedError } from './errors';

/** The signed-in student making a request, taken only from the verified token's claims. */
export interface Caller {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  phoneNumber: string | undefined;
}

type Claims = Record<string, string | number | boolean | string[]>;

/**
 * API Gateway's JWT authorizer (or the local server) has already verified signature, issuer,
 * audience and expiry. We additionally insist on an ID token: it is the one that carries the
 * e-mail, and accepting a single token type keeps the contract narrow.
 */
export function callerFromEvent(
  event: Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>,
): Caller {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt
    ?.claims;
  if (!claims) throw new UnauthorizedError();
  const sub = text(claims.sub);
  const email = text(claims.email);
  if (claims.token_use !== 'id' || !sub || !email) throw new UnauthorizedError();
  return {
    sub,
    email: email.toLowerCase(),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    phoneNumber: text(claims.phone_number),
  };
}

function text(value: Claims[string] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
