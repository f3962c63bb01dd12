/**
 * The local stack in its own process for `npm run load`, so the load generator and the platform do
 * not share one event loop. The parent (scripts/load.ts) forks it with an IPC channel, waits for
 * `ready` with the stack's coordinates, and sends the fault commands below. Loopback only.
 *
 *   node --import tsx scripts/load/stackProcess.ts <dataDir> <memory|persist>
 */
import { crmQueue, type InProcessQueue } from '../../lambdas/integrations/queue';
import { startStack } from '../local/stack';

export type StackCommand = 'dynamo-stop' | 'dynamo-start' | 'crm-drain' | 'stop';

export interface StackRequest {
  id: number;
  command: StackCommand;
  timeoutMs?: number;
}

export type StackMessage =
  | { type: 'ready'; info: import('../local/stack').StackInfo }
  | { type: 'reply'; id: number; ok: true; result?: unknown }
  | { type: 'reply'; id: number; ok: false; error: string }
  | { type: 'failed'; error: string };

const send = (message: StackMessage) => process.send?.(message);

async function main() {
  const [dataDir, mode] = process.argv.slice(2);
  if (!dataDir || !process.send)
    throw new Error('usage: forked by scripts/load.ts with <dataDir> <memory|persist>');
  const stack = await startStack({ dataDir, persist: mode === 'persist', web: false });
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
