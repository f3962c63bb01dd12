/**
 * Secrets live in SSM Parameter Store as SecureString parameters that ops create by hand
 * (docs/operations.md); CloudFormation cannot create SecureStrings, and the values must never be
 * in the template or the repo. Functions receive only the parameter NAME and read the value at
 * run time, and only modules listed in infra/permissions.ts may read it.
 */
import type { Stage } from './config';

export type SecretKey = 'stripeSecretKey' | 'stripeWebhookSecret' | 'hubspotToken';

export interface SecretParameter {
  /** Environment variable that carries the parameter name to the Lambda. */
  envVar: string;
  /** Path below `/preu/<stage>/`. */
  path: string;
  description: string;
}

export const SECRET_PARAMETERS: Record<SecretKey, SecretParameter> = {
  stripeSecretKey: {
    envVar: 'STRIPE_SECRET_KEY_PARAM',
    path: 'stripe/secret-key',
    description: 'Stripe secret API key (sk_test_… in dev, sk_live_… in prod)',
  },
  stripeWebhookSecret: {
    envVar: 'STRIPE_WEBHOOK_SECRET_PARAM',
    path: 'stripe/webhook-secret',
    description: 'Signing secret (whsec_…) of the Stripe webhook endpoint /api/stripe/webhook',
  },
  hubspotToken: {
    envVar: 'HUBSPOT_TOKEN_PARAM',
    path: 'hubspot/token',
    description: 'Access token of the HubSpot private app (pat-…)',
  },
};

/** `/preu/prod/stripe/secret-key` */
export const secretParameterName = (stage: Stage, key: SecretKey): string =>
  `/preu/${stage}/${SECRET_PARAMETERS[key].path}`;
