/**
 * The CRM worker: consumes the CRM queue (SQS in AWS, the in-process queue locally) and applies
 * each message to HubSpot. It reports partial batch failures, so only failed messages come back;
 * after the queue's maxReceiveCount they land in the dead-letter queue with their reason.
 */
import { CRM_CONTACT_ID_RETRIES } from '@core/domain/constants';
import { CONTACT_PROPERTIES, lifecycleStageWrites, type QueuedCrmMessage } from '@core/domain/crm';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod';
import { recordOnce, wasRecorded } from '../data/eventRepository';
import { getProfile, updateProfileFields } from '../data/userRepository';
import { CrmError, type CrmGateway, crmGateway } from '../integrations/crm';
import { logger } from '../lib/logger';

const messageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('property'),
    key: z.string().min(1),
    sub: z.string().min(1).optional(),
    email: z.string().email(),
    contactId: z.string().nullable(),
    name: z.enum(Object.keys(CONTACT_PROPERTIES) as [keyof typeof CONTACT_PROPERTIES]),
    value: z.string(),
  }),
  z.object({
    type: z.literal('ticket'),
    key: z.string().min(1),
    sub: z.string().min(1).optional(),
    email: z.string().email(),
    contactId: z.string().nullable(),
    subject: z.string().min(1).max(200),
    content: z.string().min(1).max(10_000),
  }),
]);

export class ContactNotFoundError extends Error {
  constructor(email: string) {
    super(`CRM contact not found for ${maskEmail(email)} after ${CRM_CONTACT_ID_RETRIES} attempts`);
    this.name = 'ContactNotFoundError';
  }
}

export interface WorkerDeps {
  gateway: () => Promise<CrmGateway>;
  sleep: (ms: number) => Promise<void>;
  /** Records a message key; false when it was already recorded (the message was applied before). */
  markApplied: (key: string) => Promise<boolean>;
  wasApplied: (key: string) => Promise<boolean>;
}

const MAX_CALL_ATTEMPTS = 4;
const MAX_RETRY_AFTER_MS = 10_000;

export function createCrmWorker(deps: WorkerDeps) {
  /** A HubSpot call with the waits HubSpot asks for: Retry-After on 429, backoff on 5xx. */
  async function withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof CrmError) || attempt >= MAX_CALL_ATTEMPTS) throw error;
        if (error.status === 429) {
          await deps.sleep(Math.min(MAX_RETRY_AFTER_MS, (error.retryAfterSeconds ?? 1) * 1000));
        } else if (error.status >= 500) {
          await deps.sleep(250 * 2 ** (attempt - 1));
        } else {
          throw error;
        }
      }
    }
  }

  /** The contact id: the known one, or a lookup by e-mail retried up to 4 times (spec section 7). */
  async function contactIdFor(gateway: CrmGateway, message: QueuedCrmMessage): Promise<string> {
    if (message.contactId) return message.contactId;
    for (let attempt = 1; attempt <= CRM_CONTACT_ID_RETRIES; attempt++) {
      const id = await withRetries(() => gateway.findContactId(message.email));
      if (id) {
        if (message.sub) await rememberContactId(message.sub, id);
        return id;
      }
      if (attempt < CRM_CONTACT_ID_RETRIES) await deps.sleep(500 * 2 ** (attempt - 1));
    }
    throw new ContactNotFoundError(message.email);
  }

  async function apply(gateway: CrmGateway, message: QueuedCrmMessage): Promise<void> {
    if (message.type === 'ticket') {
      if (await deps.wasApplied(message.key)) return;
      const contactId = await contactIdFor(gateway, message).catch((error) => {
        // A ticket is worth creating even when the contact cannot be found.
        if (error instanceof ContactNotFoundError) return null;
        throw error;
      });
      await withRetries(() =>
        gateway.createTicket({ subject: message.subject, content: message.content, contactId }),
      );
      await deps.markApplied(message.key);
      return;
    }
    if (message.name === 'lifecyclestage') {
      const { writes, warning } = lifecycleStageWrites(message.value);
      if (warning) logger.warn(warning);
      if (writes.length === 0) return;
      const contactId = await contactIdFor(gateway, message);
      for (const stage of writes) {
        await withRetries(() => gateway.updateContactProperties(contactId, { lifecyclestage: stage }));
      }
      return;
    }
    const contactId = await contactIdFor(gateway, message);
    await withRetries(() => gateway.updateContactProperties(contactId, { [message.name]: message.value }));
  }

  async function process(gateway: CrmGateway, record: SQSRecord): Promise<boolean> {
    try {
      const parsed = messageSchema.safeParse(JSON.parse(record.body));
      if (!parsed.success) throw new Error(`Malformed CRM message: ${parsed.error.issues[0]?.message}`);
      await apply(gateway, parsed.data as QueuedCrmMessage);
      failureReasons.delete(record.messageId);
      return true;
    } catch (error) {
      rememberFailure(record.messageId, error);
      logger.error('CRM update failed', {
        messageId: record.messageId,
        receiveCount: record.attributes?.ApproximateReceiveCount,
        error: error as Error,
      });
      return false;
    }
  }

  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    logger.resetKeys();
    const gateway = await deps.gateway();
    // Messages of different contacts run side by side (a slow contact look-up must not hold the
    // batch); messages of one contact keep their order.
    const byContact = new Map<string, SQSRecord[]>();
    for (const record of event.Records) {
      const key = contactKey(record);
      byContact.set(key, [...(byContact.get(key) ?? []), record]);
    }
    const failed: string[] = [];
    await Promise.all(
      [...byContact.values()].map(async (records) => {
        for (const record of records) if (!(await process(gateway, record))) failed.push(record.messageId);
      }),
    );
    return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
  };
}

/**
 * Why each failed message failed last, by message id. SQS's partial batch response carries only
 * the id (in AWS the reason is in this worker's log); the local queue reads it from here so its
 * dead-letter list says why (scripts/local/stack.ts, scripts/crmRedrive.ts).
 */
const failureReasons = new Map<string, string>();
const MAX_REMEMBERED_FAILURES = 1000;

function rememberFailure(messageId: string, error: unknown): void {
  failureReasons.delete(messageId);
  failureReasons.set(messageId, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  if (failureReasons.size > MAX_REMEMBERED_FAILURES) {
    const oldest = failureReasons.keys().next().value;
    if (oldest !== undefined) failureReasons.delete(oldest);
  }
}

export const crmFailureReason = (messageId: string): string | undefined => failureReasons.get(messageId);

function contactKey(record: SQSRecord): string {
  try {
    return String((JSON.parse(record.body) as { email?: unknown }).email ?? record.messageId);
  } catch {
    return record.messageId;
  }
}

async function rememberContactId(sub: string, contactId: string): Promise<void> {
  const profile = await getProfile(sub);
  if (profile && !profile.hubspot_id) await updateProfileFields(sub, { hubspot_id: contactId });
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export const handler = createCrmWorker({
  gateway: crmGateway,
  // CRM_RETRY_DELAY_SCALE shortens the waits on the local stack's tests; 1 everywhere else.
  sleep: (ms) =>
    new Promise((resolve) => setTimeout(resolve, ms * Number(process.env.CRM_RETRY_DELAY_SCALE ?? 1))),
  markApplied: (key) => recordOnce(`CRM#${key}`, { appliedAt: new Date().toISOString() }),
  wasApplied: (key) => wasRecorded(`CRM#${key}`),
});
