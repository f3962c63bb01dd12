/**
 * The local stack in a process of its own. A stack sets `process.env` and registers the in-process
 * CRM queue for the handlers it serves, and the handlers cache their clients: two stacks in one
 * process (the integration and browser tests' global setups both run in Vitest's main process)
 * would serve each other's tables, logs and payment pages. So test setups and `npm run load` fork
 * this file through `forkStack` (./forkStack.ts), wait for `ready` with the stack's coordinates,
 * and may send the fault commands below. Loopback only.
 *
 *   node --import tsx scripts/local/stackProcess.ts '<json ForkedStackOptions>'
 */
import { crmQueue } from '../../lambdas/integrations/queue';
import type { InProcessQueue } from './inProcessQueue';
import { type StackInfo, type StackOptions, startStack } from './stack';

export type ForkedStackOptions = Pick<StackOptions, 'dataDir' | 'persist' | 'web'>;

export type StackCommand = 'dynamo-stop' | 'dynamo-start' | 'crm-drain' | 'stop';

export interface StackRequest {
  id: number;
  command: StackCommand;
  timeoutMs?: number;
}

export type StackMessage =
  | { type: 'ready'; info: StackInfo }
  | { type: 'reply'; id: number; ok: true; result?: unknown }
  | { type: 'reply'; id: number; ok: false; error: string }
  | { type: 'failed'; error: string };

const send = (message: StackMessage) => process.send?.(message);

async function main() {
  const [json] = process.argv.slice(2);
  if (!json || !process.send) throw new Error('usage: forked by forkStack() with <json options>');
  const options = JSON.parse(json) as ForkedStackOptions;
  const stack = await startStack(options);
  const queue = crmQueue() as InProcessQueue;

  const commands: Record<StackCommand, (request: StackRequest) => Promise<unknown>> = {
    'dynamo-stop': () => stack.dynamo.stop({ graceful: true }),
    'dynamo-start': () => stack.dynamo.start(),
    // Waits until no CRM message is waiting or being retried: each is applied or dead-lettered.
    'crm-drain': async ({ timeoutMs = 120_000 }) => {
      const drained = await Promise.race([
        queue.idle().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
      ]);
      return { drained, depth: queue.depth, deadLetters: queue.deadLetters.length };
    },
    stop: async () => {
      await stack.stop();
      setTimeout(() => process.exit(0), 50);
    },
  };

  process.on('message', (request: StackRequest) => {
    const run = commands[request.command];
    if (!run) {
      send({ type: 'reply', id: request.id, ok: false, error: `unknown command ${request.command}` });
      return;
    }
    run(request).then(
      (result) => send({ type: 'reply', id: request.id, ok: true, result }),
      (error: Error) => send({ type: 'reply', id: request.id, ok: false, error: error.message }),
    );
  });
  // Without its parent there is nobody to stop it.
  process.on('disconnect', () => {
    stack.stop().finally(() => process.exit(0));
  });
  send({ type: 'ready', info: stack.info });
}

main().catch((error: Error) => {
  console.error(error);
  send({ type: 'failed', error: error.message });
  process.exit(1);
});
