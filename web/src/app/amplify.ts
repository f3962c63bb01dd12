import type { RuntimeConfig } from './config';

/**
 * Amplify Auth against the stage's user pool (cognito-local when `userPoolEndpoint` is set).
 * Amplify is a large part of the app's code and most visitors of the public pages never sign in,
 * so it is downloaded on first use, not with the first page (issue 15).
 */
let pool: RuntimeConfig | null = null;
let configured: Promise<void> | null = null;

/** Remembers the stage's pool; Amplify is configured with it when first loaded. */
export function configureAmplify(config: RuntimeConfig): void {
  pool = config;
  configured = null;
}

/** Amplify's Auth functions, loaded and configured once. */
export async function amplifyAuth(): Promise<typeof import('aws-amplify/auth')> {
  configured ??= configureOnce(pool);
  await configured;
  return import('aws-amplify/auth');
}

async function configureOnce(config: RuntimeConfig | null): Promise<void> {
  if (!config) return;
  const { Amplify } = await import('aws-amplify');
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
        passwordFormat: { minLength: 8 },
      },
    },
  });
}

/**
 * Whether this browser keeps a Cognito session of the app client. Amplify v6 stores the tokens in
 * localStorage under `CognitoIdentityServiceProvider.<clientId>.…`; without any such key there is
 * no session to restore, so nothing needs Amplify to say so.
 */
export function hasStoredSession(
  clientId = pool?.userPoolClientId,
  storage: Storage = localStorage,
): boolean {
  const prefix = `CognitoIdentityServiceProvider.${clientId ?? ''}`;
  try {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(prefix)) return true;
  } catch {
    // Storage blocked (privacy mode): let Amplify decide.
    return true;
  }
  return false;
}
