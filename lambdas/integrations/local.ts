/**
 * Stand-ins of the external providers (HubSpot, Stripe, SQS) are registered here by the local
 * stack (scripts/local) and by tests; nothing deployed registers one. An adapter takes the real
 * provider when its secret or queue URL is configured, else a registered stand-in, else it fails
 * closed: a deployed function missing its configuration logs an error and answers 503, it never
 * falls back to something local (docs/decisions.md 25).
 */
import { ServiceUnavailableError } from '../lib/errors';
import { logger } from '../lib/logger';

/**
 * What can be stood in for, by kind. Each adapter module adds its kind (`declare module './local'`),
 * so this file depends on none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each adapter module.
export interface LocalStandIns {}

export type LocalKind = keyof LocalStandIns;

/** On globalThis: one registry per process, however often a module is loaded. */
const processGlobals = globalThis as { __preuLocalStandIns?: Map<string, unknown> };
processGlobals.__preuLocalStandIns ??= new Map();
const registry = processGlobals.__preuLocalStandIns;

/** Registers (or, with `undefined`, removes) the stand-in of a provider for this process. */
export function registerLocal<K extends LocalKind>(kind: K, impl: LocalStandIns[K] | undefined): void {
  if (impl === undefined) registry.delete(kind);
  else registry.set(kind, impl);
}

/** The registered stand-in of `kind`, or fails closed: logged error, 503. */
export function localStandIn<K extends LocalKind>(kind: K, missing: string): LocalStandIns[K] {
  const impl = registry.get(kind) as LocalStandIns[K] | undefined;
  if (impl !== undefined) return impl;
  logger.error(`No ${kind} provider: ${missing} is not configured and no local stand-in is registered`);
  throw new ServiceUnavailableError();
}
