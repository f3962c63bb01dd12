/** Tokens shaped like the local pool's, for tests that must present wrong or tampered credentials. */
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import jwt from 'jsonwebtoken';
import type { StackInfo } from '../../scripts/local/stack';

const require = createRequire(import.meta.url);
const localKey: { pem: string } = require('cognito-local/lib/keys/cognitoLocal.private.json');
const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

export interface CraftOptions {
  key?: 'pool' | 'stranger';
  issuer?: string;
  audience?: string;
  expiresIn?: number;
  tokenUse?: 'id' | 'access';
}

export function craftToken(
  stack: StackInfo,
  claims: { sub: string; email: string },
  options: CraftOptions = {},
): string {
  const tokenUse = options.tokenUse ?? 'id';
  const key =
    options.key === 'stranger'
      ? strangerKey.export({ type: 'pkcs8', format: 'pem' }).toString()
      : localKey.pem;
  const payload =
    tokenUse === 'id'
      ? { sub: claims.sub, email: claims.email, email_verified: true, token_use: 'id' }
      : { sub: claims.sub, client_id: options.audience ?? stack.userPoolClientId, token_use: 'access' };
  return jwt.sign(payload, key, {
    algorithm: 'RS256',
    keyid: 'CognitoLocal',
    issuer: options.issuer ?? `${stack.cognitoEndpoint}/${stack.userPoolId}`,
    expiresIn: options.expiresIn ?? 3600,
    ...(tokenUse === 'id' ? { audience: options.audience ?? stack.userPoolClientId } : {}),
  });
}
