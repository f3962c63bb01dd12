/**
 * The local stand-in of SQS and its event source mapping: an in-process queue that delivers
 * SQS-shaped batches to the same worker handler, registered by the local stack
 * (`registerLocal('crmQueue', …)`). Never deployed.
 */
import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import type { MessageQueue, QueueConsumer } from '../../lambdas/integrations/queue';

export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  reason: string;
  failedAt: string;
}

interface PendingMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  visibleAt: number;
  sentAt: number;
  lastError?: string;
}

/**
 * SQS semantics that matter to the worker: batches of up to `batchSize`, a message reported as a
 * batch item failure (or a whole batch whose handler threw) becomes visible again after a backoff,
 * and after `maxReceiveCount` receives it moves to the dead-letter list with its reason.
 */
export class InProcessQueue implements MessageQueue {
  private readonly pending: PendingMessage[] = [];
  readonly deadLetters: DeadLetter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly options: {
      name: string;
      consumer: QueueConsumer;
      batchSize?: number;
      maxReceiveCount?: number;
      /** Delay before a failed message is visible again, by receive count. */
      backoffMs?: (receiveCount: number) => number;
      onDeadLetter?: (letter: DeadLetter) => void;
      /** Why the consumer failed a message it reported as a batch item failure, when it can tell. */
      failureReason?: (messageId: string) => string | undefined;
    },
  ) {}

  async send(body: unknown): Promise<void> {
    if (this.closed) throw new Error(`Queue ${this.options.name} is closed`);
    const now = Date.now();
    this.pending.push({
      messageId: randomUUID(),
      body: JSON.stringify(body),
      receiveCount: 0,
      visibleAt: now,
      sentAt: now,
    });
    this.schedule(0);
  }

  /** Moves every dead letter back to the queue (the local re-drive). */
  redrive(): number {
    const letters = this.deadLetters.splice(0);
    const now = Date.now();
    for (const letter of letters) {
      this.pending.push({
        messageId: letter.messageId,
        body: letter.body,
        receiveCount: 0,
        visibleAt: now,
        sentAt: now,
      });
    }
    if (letters.length > 0) this.schedule(0);
    return letters.length;
  }

  /** Resolves when no message is waiting or in flight (tests and shutdown use it). */
  async idle(): Promise<void> {
    while (this.pending.length > 0 || this.draining) {
      await (this.draining ?? new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }

  get depth(): number {
    return this.pending.length;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private schedule(delayMs: number) {
    if (this.closed || this.draining) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.draining = this.drain().finally(() => {
        this.draining = undefined;
        const next = this.nextVisibleIn();
        if (next !== undefined) this.schedule(next);
      });
    }, delayMs);
  }

  private nextVisibleIn(): number | undefined {
    if (this.pending.length === 0) return undefined;
    const soonest = Math.min(...this.pending.map((m) => m.visibleAt));
    return Math.max(0, soonest - Date.now());
  }

  private async drain(): Promise<void> {
    const now = Date.now();
    const batch = this.pending.filter((m) => m.visibleAt <= now).slice(0, this.options.batchSize ?? 10);
    if (batch.length === 0) return;
    for (const message of batch) message.receiveCount++;
    let failedIds: Set<string>;
    let reason = 'reported as a batch item failure';
    let threw = false;
    try {
      const response = await this.options.consumer({ Records: batch.map((m) => this.toRecord(m)) });
      failedIds = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      failedIds = new Set(batch.map((m) => m.messageId));
      threw = true;
      reason = error instanceof Error ? error.message : String(error);
    }
    for (const message of batch) {
      const index = this.pending.indexOf(message);
      if (!failedIds.has(message.messageId)) {
        this.pending.splice(index, 1);
        continue;
      }
      message.lastError = (threw ? undefined : this.options.failureReason?.(message.messageId)) ?? reason;
      if (message.receiveCount >= (this.options.maxReceiveCount ?? 5)) {
        this.pending.splice(index, 1);
        const letter: DeadLetter = {
          messageId: message.messageId,
          body: message.body,
          receiveCount: message.receiveCount,
          reason: message.lastError ?? reason,
          failedAt: new Date().toISOString(),
        };
        this.deadLetters.push(letter);
        this.options.onDeadLetter?.(letter);
      } else {
        message.visibleAt = Date.now() + (this.options.backoffMs ?? defaultBackoff)(message.receiveCount);
      }
    }
  }

  private toRecord(message: PendingMessage): SQSRecord {
    return {
      messageId: message.messageId,
      receiptHandle: `${message.messageId}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${this.options.name}`,
      awsRegion: 'local',
    };
  }
}

/** Exponential backoff like a growing visibility timeout: 1 s, 2 s, 4 s … capped at 30 s. */
export const defaultBackoff = (receiveCount: number): number =>
  Math.min(30_000, 1000 * 2 ** (receiveCount - 1));
