/**
 * What each Lambda may touch — the one place where least privilege is decided. A function gets
 * exactly these grants (explicit actions on explicit table, index, queue and parameter ARNs; no
 * wildcards), and only modules that appear in lambdas/routes.ts get a function at all. A feature
 * issue that adds a module, or makes a module use another table, edits its line here.
 */
import type { TableKey } from '../lambdas/data/tables';
import type { HandlerModule } from '../lambdas/routes';
import type { SecretKey } from './secrets';

export type TableAccess = 'read' | 'readWrite';

export interface Permissions {
  tables: Partial<Record<TableKey, TableAccess>>;
  /** May send messages to the CRM queue. */
  sendsCrmUpdates: boolean;
  /** SSM parameters the function may read (SecureString values). */
  secrets: SecretKey[];
}

const none: Permissions = { tables: {}, sendsCrmUpdates: false, secrets: [] };

/**
 * One entry per handler module of lambdas/http (the type makes a new module a compile error here).
 * Entries follow docs/data-model.md; a few cover what the module's own issue is adding and its
 * code does not use yet (user: content and events; exam: writing users for attempts).
 */
export const HANDLER_PERMISSIONS: Record<HandlerModule, Permissions> = {
  health: none,
  // The subject detail reads the caller's premium flag and lesson progress to lock lessons.
  subject: { ...none, tables: { content: 'read', users: 'read' } },
  // Deleting an account also deletes the HubSpot contact and the Stripe customer (lambdas/services/user.ts).
  // Saving lesson progress queues `clases_restantes` for free students (lambdas/services/lessonProgress.ts).
  user: {
    ...none,
    tables: { users: 'readWrite', content: 'read', events: 'readWrite' },
    sendsCrmUpdates: true,
    secrets: ['hubspotToken', 'stripeSecretKey'],
  },
  question: { ...none, tables: { content: 'read', users: 'read' } },
  exam: { ...none, tables: { content: 'read', users: 'readWrite' } },
  tutorial: { ...none, tables: { users: 'readWrite' }, sendsCrmUpdates: true },
  onboarding: { ...none, tables: { users: 'readWrite', content: 'read' }, sendsCrmUpdates: true },
  crm: { ...none, tables: { users: 'read' }, sendsCrmUpdates: true, secrets: ['hubspotToken'] },
  stripe: {
    ...none,
    tables: { users: 'readWrite', events: 'readWrite' },
    secrets: ['stripeSecretKey', 'stripeWebhookSecret'],
  },
};

/**
 * The CRM worker (lambdas/workers/crm.ts): writes the HubSpot contact id back to the profile and
 * records applied messages in `events`. Receiving from the queue is granted by its event source.
 */
export const CRM_WORKER_PERMISSIONS: Permissions = {
  tables: { users: 'readWrite', events: 'readWrite' },
  sendsCrmUpdates: false,
  secrets: ['hubspotToken'],
};

/**
 * DynamoDB actions per access level. No Scan: request paths are GetItem/Query only
 * (docs/data-model.md); scripts that scan run with the operator's credentials.
 */
export const TABLE_ACTIONS: Record<TableAccess, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

export const QUEUE_SEND_ACTIONS: readonly string[] = ['sqs:SendMessage'];
export const SECRET_READ_ACTIONS: readonly string[] = ['ssm:GetParameter'];
