/**
 * The Cognito user pool and the web app's client, with the settings scripts/local/cognito.ts
 * mirrors locally: e-mail as the (case-insensitive) sign-in name, verification by e-mailed code,
 * password minimum 8 and nothing else, MFA off, recovery by e-mail.
 */

import { PASSWORD_MIN_LENGTH } from '@core/domain/constants';
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { PlatformConfig } from '../config';

/** Token lifetimes of the local pool (scripts/local/cognito.ts), so sessions behave the same. */
const ID_TOKEN_VALIDITY = Duration.hours(1);
const REFRESH_TOKEN_VALIDITY = Duration.days(30);

export interface AuthStackProps extends StackProps {
  config: PlatformConfig;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${config.stage}-preu-users`,
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Tu código de verificación',
        emailBody: 'Tu código de verificación es {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      mfa: Mfa.OFF,
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(config.sesFromEmail
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: config.sesFromEmail,
              fromName: 'Preu PAES',
              sesRegion: config.sesRegion as string,
            }),
          }
        : {}),
      deletionProtection: config.settings.deletionProtection,
      removalPolicy: config.settings.removalPolicy,
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${config.stage}-preu-web`,
      // A browser cannot keep a secret.
      generateSecret: false,
      // The web app signs in with USER_PASSWORD_AUTH; SRP stays allowed. Refresh is always on.
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true,
      idTokenValidity: ID_TOKEN_VALIDITY,
      accessTokenValidity: ID_TOKEN_VALIDITY,
      refreshTokenValidity: REFRESH_TOKEN_VALIDITY,
      enableTokenRevocation: true,
      // The error catalogue of the spec tells "no account" (UserNotFoundException) apart from a
      // wrong password; sign-up already reveals existing accounts (UsernameExistsException).
      preventUserExistenceErrors: false,
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product specification sets the password policy to a minimum length of 8 with no character-class rules (spec sections 5 and 9), and the local pool enforces the same.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Multi-factor authentication is off by product decision (spec section 5: "Multi-factor is off").',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (advanced security) needs the Cognito Plus feature plan; the Essentials plan is used until the product decides to pay for it.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials instead of Plus: Plus is billed per monthly active user for threat protection, which the product has not asked for (see COG3).',
      },
    );
  }
}
