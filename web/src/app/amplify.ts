import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from './config';

/** Amplify Auth against the stage's user pool (cognito-local when `userPoolEndpoint` is set). */
export function configureAmplify(config: RuntimeConfig): void {
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
