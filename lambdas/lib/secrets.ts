/**
 * Secrets of the integrations. In AWS the function gets the SSM parameter *name*
 * (`<NAME>_PARAM`) and reads the SecureString at run time, cached for five minutes; a developer may
 * set the value itself (`<NAME>`) to try a real provider locally. With neither, an adapter uses the
 * stand-in the local stack registered, or fails closed (lambdas/integrations/local.ts). Values never
 * reach logs, responses or the browser.
 */
import type { SSMClient } from '@aws-sdk/client-ssm';

export type SecretName = 'HUBSPOT_TOKEN' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET';

const CACHE_MS = 5 * 60 * 1000;
const cache = new Map<SecretName, { value: string | undefined; until: number }>();
let ssm: SSMClient | undefined;

export async function readSecret(
  name: SecretName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const direct = env[name];
  if (direct) return direct;
  const parameterName = env[`${name}_PARAM`];
  if (!parameterName) return undefined;
  const cached = cache.get(name);
  if (cached && cached.until > Date.now()) return cached.value;
  // Loaded on first use, after the cache: only functions that read a secret pay for the SSM client.
  const { GetParameterCommand, SSMClient } = await import('@aws-sdk/client-ssm');
  ssm ??= new SSMClient({});
  const { Parameter } = await ssm.send(
    new GetParameterCommand({ Name: parameterName, WithDecryption: true }),
  );
  const value = Parameter?.Value || undefined;
  cache.set(name, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** Whether a secret is configured at all (decides real provider vs local adapter without reading it). */
export const secretConfigured = (name: SecretName, env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env[name] || env[`${name}_PARAM`]);
