/**
 * The whole platform on one machine: DynamoDB (dynalite), Cognito (cognito-local), the API
 * (the Lambda handlers behind a local gateway) and optionally the web app (Vite). Used by
 * `npm start` and by the integration and browser tests, which start it on free ports.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { registerLocal } from '../../lambdas/integrations/local';
import { CRM_QUEUE } from '../../lambdas/integrations/queue';
import { contentTarget, seedContent } from '../contentLoader';
import { type LocalApi, startLocalApi } from './apiServer';
import { type DeliveredCode, type LocalCognito, startLocalCognito } from './cognito';
import { LocalCrm } from './crmStandIn';
import { type LocalDynamo, startLocalDynamo } from './dynamo';
import { InProcessQueue } from './inProcessQueue';
import { startLocalPayments } from './payments';
import { LocalPayments } from './paymentsStandIn';

export const LOCAL_REGION = 'us-east-1';

export interface StackOptions {
  /** Where data, the outbox of codes and stack.json live (`.local` for `npm start`). */
  dataDir: string;
  stage?: string;
  ports?: Partial<Record<'web' | 'api' | 'cognito' | 'dynamo', number>>;
  /** Keep DynamoDB data on disk (npm start) or in memory (tests). */
  persist?: boolean;
  web?: 'dev' | 'preview' | false;
  onCode?: (code: DeliveredCode) => void;
}

/** What `.local/stack.json` holds: everything a client of the local stack needs. */
export interface StackInfo {
  webUrl: string | null;
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  dynamoEndpoint: string;
  tables: Record<string, string>;
  outboxFile: string;
  /** Where the local CRM and payments adapters record their calls (crm-log.jsonl, payments-log.jsonl). */
  logDir: string;
  /** The local checkout and portal pages, when no Stripe key is configured. */
  paymentsUrl: string | null;
  stage: string;
  pid: number;
  startedAt: string;
}

export interface RunningStack {
  info: StackInfo;
  /**
   * Fault injection for `npm run load -- --fault dynamo`: stops the DynamoDB stand-in and starts it
   * again on the same port and data directory (with `persist: false` the data does not survive).
   */
  dynamo: { stop(options?: { graceful?: boolean }): Promise<void>; start(): Promise<void> };
  stop(): Promise<void>;
}

/** The runtime configuration the web app reads from `/config.json`. */
export function webRuntimeConfig(info: StackInfo) {
  return {
    stage: info.stage,
    apiUrl: info.apiUrl,
    region: info.region,
    userPoolId: info.userPoolId,
    userPoolClientId: info.userPoolClientId,
    userPoolEndpoint: info.cognitoEndpoint,
    localMode: true,
    // No data controller locally: the legal pages say it is pending, as on any stage that has not
    // configured it (infra writes the real identity in AWS).
    features: { supabaseConfirmation: false },
  };
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const stage = options.stage ?? 'local';
  mkdirSync(options.dataDir, { recursive: true });
  const started: { close(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.close().catch(() => undefined);
  };
  try {
    const dynamoOptions = {
      stage,
      ...(options.persist ? { dataDir: path.join(options.dataDir, 'dynamodb') } : {}),
    };
    let dynamo: LocalDynamo = await startLocalDynamo({ port: options.ports?.dynamo ?? 0, ...dynamoOptions });
    let dynamoRunning = true;
    const dynamoControl = {
      stop: async (options?: { graceful?: boolean }) => {
        if (!dynamoRunning) return;
        dynamoRunning = false;
        await dynamo.close(options);
      },
      start: async () => {
        if (dynamoRunning) return;
        dynamo = await startLocalDynamo({ port: dynamo.port, ...dynamoOptions });
        dynamoRunning = true;
      },
    };
    started.push({ close: () => dynamoControl.stop() });
    const cognito: LocalCognito = await startLocalCognito({
      port: options.ports?.cognito ?? 0,
      dataDir: path.join(options.dataDir, 'cognito'),
      ...(options.onCode ? { onCode: options.onCode } : {}),
    });
    started.push(cognito);

    // The handlers read their configuration from the environment, as in Lambda.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      USERS_TABLE: dynamo.tables.users,
      CONTENT_TABLE: dynamo.tables.content,
      EVENTS_TABLE: dynamo.tables.events,
      STAGE: stage,
      // Local stand-ins of HubSpot and Stripe record their calls here.
      LOCAL_LOG_DIR: options.dataDir,
    });

    // Content (issue 4): load content/ (or CONTENT_DIR) into the content table. A load whose content hash matches
    // the last one is skipped; invalid content is reported and not loaded, so the stack still
    // starts while authors fix it; local edits that kept their version are simply overwritten.
    const content = contentTarget(dynamo.tables.content, { endpoint: dynamo.endpoint });
    try {
      const seeded = await seedContent(content, {
        ...(process.env.CONTENT_DIR ? { contentDir: path.resolve(process.env.CONTENT_DIR) } : {}),
        versionConflicts: 'overwrite',
        log: (message) => console.warn(`[content] ${message}`),
      });
      if (seeded.status === 'invalid') {
        console.warn(
          `[content] not loaded, ${seeded.problems.length} problem(s): see npx tsx content/validate.ts`,
        );
      } else if (seeded.status === 'loaded' && process.env.LOG_LEVEL !== 'SILENT') {
        console.log(`[content] ${seeded.items} items loaded (${seeded.written} written) in ${seeded.ms} ms`);
      }
    } catch (error) {
      console.error('[content] loading failed; the stack starts without it', error);
    } finally {
      content.client.destroy();
    }
    // SQS + the CRM worker: an in-process queue delivering SQS-shaped batches to the same handler.
    const { handler: crmWorker, crmFailureReason } = await import('../../lambdas/workers/crm');
    const crmQueue = new InProcessQueue({
      name: CRM_QUEUE,
      consumer: crmWorker,
      maxReceiveCount: 5,
      failureReason: crmFailureReason,
      onDeadLetter: (letter) => {
        appendFileSync(path.join(options.dataDir, 'crm-dead-letters.jsonl'), `${JSON.stringify(letter)}\n`);
        console.error(`[crm] message ${letter.messageId} moved to the dead-letter list: ${letter.reason}`);
      },
    });
    // HubSpot and Stripe without keys: the stand-ins of scripts/local (the adapters take the real
    // provider whenever its secret is configured).
    registerLocal('crmQueue', crmQueue);
    registerLocal('crm', new LocalCrm());
    registerLocal('payments', new LocalPayments());
    started.push({
      close: async () => {
        crmQueue.close();
        registerLocal('crmQueue', undefined);
        registerLocal('crm', undefined);
        registerLocal('payments', undefined);
      },
    });

    let webOrigin = process.env.WEB_ORIGIN ?? 'http://localhost:5173';
    const api: LocalApi = await startLocalApi({
      port: options.ports?.api ?? 0,
      auth: { issuer: cognito.issuer, userPoolClientId: cognito.userPoolClientId, jwksUrl: cognito.jwksUrl },
      webOrigin: () => webOrigin,
    });
    started.push(api);

    // Stripe without keys: local checkout and portal pages sending signed events to the webhook.
    const payments = await startLocalPayments({ apiUrl: api.url });
    if (payments) started.push(payments);

    const info: StackInfo = {
      webUrl: null,
      apiUrl: api.url,
      region: LOCAL_REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      cognitoEndpoint: cognito.endpoint,
      dynamoEndpoint: dynamo.endpoint,
      tables: dynamo.tables,
      outboxFile: cognito.outboxFile,
      logDir: options.dataDir,
      paymentsUrl: payments?.url ?? null,
      stage,
      pid: process.pid,
      startedAt: new Date().toISOString(),
    };

    if (options.web) {
      const { startLocalWeb } = await import('./web');
      const web = await startLocalWeb({
        mode: options.web,
        port: options.ports?.web ?? 0,
        runtimeConfig: () => webRuntimeConfig(info),
      });
      started.push(web);
      info.webUrl = web.url;
      webOrigin = new URL(web.url).origin;
      process.env.WEB_ORIGIN = webOrigin;
    } else {
      process.env.WEB_ORIGIN = webOrigin;
    }

    writeFileSync(path.join(options.dataDir, 'stack.json'), `${JSON.stringify(info, null, 2)}\n`);
    return { info, dynamo: dynamoControl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
