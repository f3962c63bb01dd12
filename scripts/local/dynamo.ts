/**
 * The local DynamoDB: dynalite (DynamoDB's wire protocol on LevelDB), with the tables created from
 * the same definitions CDK uses. dynalite has no transactions or TTL, so the code never relies on them.
 */
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { createTableInput, type TableKey, tableDefinitions, tableName } from '../../lambdas/data/tables';

export interface LocalDynamo {
  endpoint: string;
  port: number;
  tables: Record<TableKey, string>;
  /**
   * Stops the server and closes its store. `graceful` lets requests in flight finish first (up to
   * a second): dynalite throws, and takes the process down, when its store closes under a Query.
   */
  close(options?: { graceful?: boolean }): Promise<void>;
}

/** Starts dynalite on `port` (0 picks a free one), keeping data in `dataDir` (in memory when absent). */
export async function startLocalDynamo(options: {
  port: number;
  host?: string;
  dataDir?: string;
  stage: string;
}): Promise<LocalDynamo> {
  const host = options.host ?? '127.0.0.1';
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const server: Server = dynalite({
    ...(options.dataDir ? { path: options.dataDir } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // Requests in flight are counted (until dynalite ends their answer) so a graceful close can wait
  // for them; once closing, a new request finds its connection reset, as with a stopped server.
  const dynaliteHandler = server.listeners('request')[0] as RequestListener;
  server.removeAllListeners('request');
  let closing = false;
  let inFlight = 0;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      req.socket.destroy();
      return;
    }
    inFlight++;
    const end = res.end.bind(res);
    let open = true;
    res.end = ((...args: Parameters<typeof res.end>) => {
      if (open) {
        open = false;
        inFlight--;
      }
      return end(...args);
    }) as typeof res.end;
    dynaliteHandler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://${host}:${port}`;
  const tables = await ensureTables(endpoint, options.stage);
  return {
    endpoint,
    port,
    tables,
    close: async (closeOptions) => {
      closing = true;
      // dynalite keeps its LevelDB open until the server's close event.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (closeOptions?.graceful) {
        for (let waited = 0; inFlight > 0 && waited < 5_000; waited += 10) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
      server.closeAllConnections?.();
      await closed;
    },
  };
}

/** Creates every table of lambdas/data/tables.ts that does not exist yet. */
export async function ensureTables(endpoint: string, stage: string): Promise<Record<TableKey, string>> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  const names = {} as Record<TableKey, string>;
  for (const definition of Object.values(tableDefinitions)) {
    const name = tableName(stage, definition.key);
    names[definition.key] = name;
    if (!existing.has(name)) await client.send(new CreateTableCommand(createTableInput(definition, name)));
  }
  client.destroy();
  return names;
}
