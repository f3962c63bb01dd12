/**
 * API cost against its floor, on the local stack (dynalite, cognito-local, the local gateway and
 * the same handler modules as Lambda), all in this process; autocannon runs in a child process.
 *
 * - Each route is called once with every DynamoDB request recorded by a middleware on the
 *   handlers' own client (lambdas/data/client.ts): how many, which operations, and with what input.
 * - The floor is an HTTP endpoint beside the API that makes exactly those recorded requests (the
 *   handlers' own document client, the same inputs, concurrent where the handler's were) and
 *   answers `{}`: what the route cannot avoid. Handler and floor get the same autocannon runs,
 *   taking turns; the ratio of their p50 is the cost of everything else (the local gateway,
 *   middy, validation, the domain rules, shaping and JSON).
 * - POST /api/exam/progress grades a running attempt once, so each request of its run gets an
 *   attempt of its own (one student each, the free tier's exam); the floor replays the recorded
 *   submission on attempts of its own, with the student and attempt ids substituted.
 */
import { fork } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import * as documents from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/data/client';
import { crmQueue } from '../../lambdas/integrations/queue';
import { apiCall } from '../../test/helpers/localUsers';
import { InProcessQueue } from '../local/inProcessQueue';
import type { StackInfo } from '../local/stack';
import { BUDGETS, percentile, type Row, verdictOf } from './report';
import {
  type BenchStudent,
  inBatches,
  type RunningAttempt,
  registeredStudent,
  startAttempt,
  submissionBody,
} from './students';

/** One DynamoDB request a handler made, with the input it gave the client. */
interface RecordedCall {
  /** The operation: GetItem, Query, BatchWriteItem… */
  command: string;
  /** Sent through the document client (plain values) rather than as a low-level command. */
  document: boolean;
  input: Record<string, unknown>;
  start: number;
  end: number;
}

interface Recorder {
  recording: RecordedCall[] | null;
  /** Every request by operation since the last `clear()`, whoever made it. */
  totals: Map<string, number>;
}

type Context = { commandName?: string; __aws_sdk_context?: { features?: Record<string, string> } } & {
  benchInput?: Record<string, unknown>;
};

/**
 * Two middlewares on the handlers' own client: at `initialize` the input as the repository wrote
 * it; at `serialize`, after lib-dynamodb's marshalling (which marks the request `DDB_MAPPER`),
 * whether it came through the document client, and the request's time.
 */
function attachRecorder(): Recorder {
  const recorder: Recorder = { recording: null, totals: new Map() };
  const stack = dynamo().middlewareStack;
  stack.add(
    (next, context: Context) => async (args) => {
      if (recorder.recording) context.benchInput = structuredClone(args.input as Record<string, unknown>);
      return next(args);
    },
    { step: 'initialize', name: 'benchRecorderInput', override: true },
  );
  stack.add(
    (next, context: Context) => async (args) => {
      const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
      recorder.totals.set(command, (recorder.totals.get(command) ?? 0) + 1);
      const call: RecordedCall | null =
        recorder.recording && context.benchInput
          ? {
              command,
              document: Boolean(context.__aws_sdk_context?.features?.DDB_MAPPER),
              input: context.benchInput,
              start: performance.now(),
              end: 0,
            }
          : null;
      try {
        return await next(args);
      } finally {
        if (call && recorder.recording) {
          call.end = performance.now();
          recorder.recording.push(call);
        }
      }
    },
    { step: 'serialize', name: 'benchRecorder', override: true },
  );
  return recorder;
}

/** lib-dynamodb's command for each operation the handlers use. */
const DOCUMENT_COMMANDS: Record<string, new (input: never) => unknown> = {
  GetItem: documents.GetCommand,
  PutItem: documents.PutCommand,
  UpdateItem: documents.UpdateCommand,
  DeleteItem: documents.DeleteCommand,
  Query: documents.QueryCommand,
  Scan: documents.ScanCommand,
  BatchGetItem: documents.BatchGetCommand,
  BatchWriteItem: documents.BatchWriteCommand,
  TransactGetItems: documents.TransactGetCommand,
  TransactWriteItems: documents.TransactWriteCommand,
};

/** The same value with every string passed through `change` (Sets and arrays included). */
function mapStrings<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change)) as T;
  if (value instanceof Set) return new Set([...value].map((item) => mapStrings(item, change))) as T;
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [change(k), mapStrings(v, change)])) as T;
  }
  return value;
}

/**
 * Waits until the handlers' client has made no request for `ms`: autocannon stops sending at the
 * end of a run while the server still finishes the requests it holds, which must not be recorded
 * as the next route's nor slow its run.
 */
async function quiet(recorder: Recorder, ms = 250): Promise<void> {
  const total = () => [...recorder.totals.values()].reduce((sum, n) => sum + n, 0);
  let last = -1;
  while (total() !== last) {
    last = total();
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

/** Requests that overlapped in time were concurrent (Promise.all): they are replayed together. */
function waves(calls: readonly RecordedCall[]): RecordedCall[][] {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const result: RecordedCall[][] = [];
  let current: RecordedCall[] = [];
  let currentEnd = Number.NEGATIVE_INFINITY;
  for (const call of sorted) {
    if (current.length > 0 && call.start >= currentEnd) {
      result.push(current);
      current = [];
      currentEnd = Number.NEGATIVE_INFINITY;
    }
    current.push(call);
    currentEnd = current.length === 1 ? call.end : Math.min(currentEnd, call.end);
  }
  if (current.length > 0) result.push(current);
  return result;
}

type Sendable = Parameters<ReturnType<typeof dynamo>['send']>[0];

async function replay(plan: RecordedCall[][]): Promise<void> {
  for (const wave of plan) {
    await Promise.all(
      wave.map((call) => {
        const Command = call.document
          ? DOCUMENT_COMMANDS[call.command]
          : (dynamodb as unknown as Record<string, new (input: never) => unknown>)[`${call.command}Command`];
        if (!Command) throw new Error(`Unknown DynamoDB operation ${call.command}`);
        return dynamo().send(new Command(call.input as never) as Sendable);
      }),
    );
  }
}

/** The floor: `/floor/<route>` (or `/floor/<route>/<n>` for per-request plans) replays the recorded calls. */
async function startFloor(): Promise<{
  url: string;
  plans: Map<string, RecordedCall[][] | RecordedCall[][][]>;
  close(): Promise<void>;
}> {
  const plans = new Map<string, RecordedCall[][] | RecordedCall[][][]>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', async () => {
      const [, , name, index] = (req.url ?? '').split('/');
      const plan = plans.get(name ?? '');
      try {
        if (!plan) throw new Error(`no plan ${name}`);
        const steps = index === undefined ? plan : (plan[Number(index)] as RecordedCall[][] | undefined);
        if (!steps) throw new Error(`no plan ${name}/${index}`);
        await replay(steps as RecordedCall[][]);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    plans,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface LoadResult {
  samples: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  durationSeconds: number;
  autocannonLatency: { p50: number; p99: number; average: number };
}

function autocannon(options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests?: LoadRequest[];
  perRequest?: LoadRequest[];
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./autocannonWorker.mjs', import.meta.url)), [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`autocannon exited with ${code}`)));
    child.send(options);
  });
}

export interface LoadFigure {
  requests: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  autocannonLatency: LoadResult['autocannonLatency'];
}

const figureOf = (result: LoadResult): LoadFigure => {
  const total = Object.values(result.statuses).reduce((sum, n) => sum + n, 0);
  return {
    requests: result.samples.length,
    non2xx: total - result.samples.length,
    errors: result.errors + result.timeouts,
    p50Ms: percentile(result.samples, 50),
    p99Ms: percentile(result.samples, 99),
    requestsPerSecond: result.samples.length / result.durationSeconds,
    autocannonLatency: result.autocannonLatency,
  };
};

/** Several runs of one side as one: samples and statuses together, durations added. */
function pooled(runs: readonly LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const run of runs)
    for (const [code, n] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    samples: runs.flatMap((run) => run.samples),
    statuses,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    durationSeconds: runs.reduce((sum, run) => sum + run.durationSeconds, 0),
    // autocannon's own whole-millisecond figures, of the last run (kept for reference only).
    autocannonLatency: (runs.at(-1) as LoadResult).autocannonLatency,
  };
}

export interface ApiRouteFigure {
  route: string;
  dynamo: { operations: string[]; documented: string[]; targets: string[] };
  handler: LoadFigure;
  floor: LoadFigure;
  p50Ratio: number;
}

export interface ApiBenchOptions {
  /** Concurrent connections of every run. */
  connections: number;
  /** Seconds of each run of a GET route (after a 1 s warm-up), `rounds` times on each side. */
  seconds: number;
  /** Submissions in the POST /api/exam/progress run (each needs its own student and attempt). */
  submissions: number;
  /** Handler and floor runs alternate this many times per route. */
  rounds: number;
  testSlug: string;
}

interface RouteCase {
  route: string;
  request: LoadRequest;
  expectStatus: number;
  /** docs/data-model.md, for the call this case makes. */
  documented: (answer: unknown) => string[];
}

const bearer = (student: BenchStudent) => ({ authorization: `Bearer ${student.token}` });
const sorted = (operations: string[]) => [...operations].sort();

export async function benchApi(
  stack: StackInfo,
  options: ApiBenchOptions,
  log: (message: string) => void,
): Promise<{ figures: ApiRouteFigure[]; rows: Row[]; operationTotals: Record<string, number> }> {
  const recorder = attachRecorder();
  const floor = await startFloor();
  try {
    log('api: students and attempts');
    const reader = await registeredStudent(stack);
    // GET /api/exam/{id} answers the running attempt's paper.
    await startAttempt(stack, reader, options.testSlug);
    const warmups = 5;
    const poolSize = 1 + 2 * (options.submissions + warmups);
    const pool = await inBatches(Array.from({ length: poolSize }), 4, async () => {
      const student = await registeredStudent(stack, { onboarding: false });
      return startAttempt(stack, student, options.testSlug);
    });
    const template = pool[0] as RunningAttempt;
    const handlerPool = pool.slice(1, 1 + options.submissions + warmups);
    const floorPool = pool.slice(1 + options.submissions + warmups);

    const subjects = await apiCall(stack, 'GET', '/api/subject', { token: reader.token });
    const subjectId = (subjects.body as { id: string }[])[0]?.id;
    if (!subjectId) throw new Error('GET /api/subject listed no subject: is the content loaded?');

    const submission = (attempt: RunningAttempt): LoadRequest => ({
      method: 'POST',
      path: '/api/exam/progress',
      headers: { ...bearer(attempt.student), 'content-type': 'application/json' },
      body: submissionBody(attempt),
    });
    const cases: RouteCase[] = [
      {
        route: 'GET /api/subject',
        request: { method: 'GET', path: '/api/subject', headers: bearer(reader) },
        expectStatus: 200,
        documented: () => ['Query'],
      },
      {
        route: 'GET /api/subject/{id}',
        request: {
          method: 'GET',
          path: `/api/subject/${encodeURIComponent(subjectId)}`,
          headers: bearer(reader),
        },
        expectStatus: 200,
        documented: () => ['Query', 'GetItem', 'GetItem'],
      },
      {
        route: 'GET /api/exam/{id}',
        request: { method: 'GET', path: `/api/exam/${options.testSlug}`, headers: bearer(reader) },
        expectStatus: 200,
        documented: (answer) => [
          'GetItem',
          'GetItem',
          'GetItem',
          'BatchGetItem',
          ...((answer as { passages?: unknown[] }).passages?.length ? ['BatchGetItem'] : []),
        ],
      },
      {
        route: 'POST /api/exam/progress',
        request: submission(template),
        expectStatus: 201,
        documented: (answer) => {
          const result = (answer as { data: { score?: unknown }[] }).data[0];
          const answeredBatches = Math.ceil(new Set(template.questionIds).size / 25);
          return [
            'GetItem',
            'BatchGetItem',
            'UpdateItem',
            ...Array.from({ length: answeredBatches }, () => 'BatchWriteItem'),
            'UpdateItem',
            ...(result?.score ? ['UpdateItem'] : []),
            'DeleteItem',
            'UpdateItem',
          ];
        },
      },
      {
        route: 'GET /api/exam/averages',
        request: { method: 'GET', path: '/api/exam/averages', headers: bearer(template.student) },
        expectStatus: 200,
        documented: () => ['GetItem'],
      },
    ];

    // Nothing of the set-up may still be running (CRM updates of the onboarding) when timing starts.
    const queue = crmQueue();
    if (queue instanceof InProcessQueue) await queue.idle();

    const figures: ApiRouteFigure[] = [];
    recorder.totals.clear();
    for (const routeCase of cases) {
      log(`api: ${routeCase.route}`);
      const isSubmission = routeCase.route === 'POST /api/exam/progress';
      const call = (request: LoadRequest) =>
        apiCall(stack, request.method, request.path, {
          headers: request.headers ?? {},
          ...(request.body ? { body: request.body } : {}),
        });
      await quiet(recorder);
      if (!isSubmission) await call(routeCase.request);
      recorder.recording = [];
      const answer = await call(routeCase.request);
      const recorded = recorder.recording;
      recorder.recording = null;
      if (answer.status !== routeCase.expectStatus)
        throw new Error(`${routeCase.route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const plan = waves(recorded);
      const operations = recorded.map((c) => c.command);
      const targets = recorded.map((c) => `${c.command} ${describeTarget(c.input)}`);
      const documented = routeCase.documented(answer.body);

      // Handler and floor take turns (`rounds` times each, the samples pooled), so a change in the
      // machine's other load during the run weighs on both sides alike.
      const settle = () => quiet(recorder);
      const handlerRuns: LoadResult[] = [];
      const floorRuns: LoadResult[] = [];
      const rounds = options.rounds;
      if (isSubmission) {
        // The floor replays the template's submission on its own attempts (same test, fresh ids).
        floor.plans.set(
          'submission',
          floorPool.map((attempt) =>
            mapStrings(plan, (text) =>
              text
                .replaceAll(template.student.sub, attempt.student.sub)
                .replaceAll(template.attemptId, attempt.attemptId),
            ),
          ),
        );
        const handlerRequests = handlerPool.map(submission);
        const floorRequests = floorPool.map((_, i) => ({ method: 'POST', path: `/floor/submission/${i}` }));
        const run = (url: string, requests: LoadRequest[]) =>
          autocannon({
            url,
            connections: options.connections,
            amount: requests.length,
            perRequest: requests,
          });
        await run(stack.apiUrl, handlerRequests.slice(0, warmups));
        await settle();
        await run(floor.url, floorRequests.slice(0, warmups));
        const share = Math.ceil(options.submissions / rounds);
        for (let round = 0; round < rounds; round++) {
          const from = warmups + round * share;
          const to = Math.min(warmups + options.submissions, from + share);
          if (from >= to) break;
          await settle();
          handlerRuns.push(await run(stack.apiUrl, handlerRequests.slice(from, to)));
          await settle();
          floorRuns.push(await run(floor.url, floorRequests.slice(from, to)));
        }
      } else {
        const name = routeCase.route.replace(/\W+/g, '-');
        floor.plans.set(name, plan);
        const floorRequest = { method: 'GET', path: `/floor/${name}` };
        const load = (url: string, request: LoadRequest, duration: number) =>
          autocannon({ url, connections: options.connections, duration, requests: [request] });
        await load(stack.apiUrl, routeCase.request, 1);
        await settle();
        await load(floor.url, floorRequest, 1);
        for (let round = 0; round < rounds; round++) {
          await settle();
          handlerRuns.push(await load(stack.apiUrl, routeCase.request, options.seconds));
          await settle();
          floorRuns.push(await load(floor.url, floorRequest, options.seconds));
        }
      }
      const handler = pooled(handlerRuns);
      const floorResult = pooled(floorRuns);
      const handlerFigure = figureOf(handler);
      const floorFigure = figureOf(floorResult);
      figures.push({
        route: routeCase.route,
        dynamo: { operations, documented, targets },
        handler: handlerFigure,
        floor: floorFigure,
        p50Ratio: handlerFigure.p50Ms / floorFigure.p50Ms,
      });
    }

    const operationTotals = Object.fromEntries(recorder.totals);
    const scans = (operationTotals.Scan ?? 0) + (operationTotals.ParallelScan ?? 0);
    const rows: Row[] = [];
    for (const f of figures) {
      const failed = f.handler.non2xx + f.handler.errors + f.floor.non2xx + f.floor.errors;
      const ratioOk = f.p50Ratio <= BUDGETS.apiP50Ratio && failed === 0;
      rows.push({
        section: 'api vs floor',
        item: f.route,
        figures:
          `p50 ${f.handler.p50Ms.toFixed(2)} / ${f.floor.p50Ms.toFixed(2)} ms = ${f.p50Ratio.toFixed(2)}×, ` +
          `p99 ${f.handler.p99Ms.toFixed(1)} / ${f.floor.p99Ms.toFixed(1)} ms, ` +
          `${f.handler.requestsPerSecond.toFixed(0)} / ${f.floor.requestsPerSecond.toFixed(0)} req/s`,
        budget: `p50 ratio ≤ ${BUDGETS.apiP50Ratio}`,
        verdict: verdictOf(ratioOk),
        ...(failed > 0
          ? {
              note: `${failed} failed responses (handler ${f.handler.non2xx}+${f.handler.errors}, floor ${f.floor.non2xx}+${f.floor.errors})`,
            }
          : {}),
      });
    }
    for (const f of figures) {
      const matches =
        JSON.stringify(sorted(f.dynamo.operations)) === JSON.stringify(sorted(f.dynamo.documented));
      const scan = f.dynamo.operations.some((op) => op.includes('Scan'));
      rows.push({
        section: 'dynamodb per call',
        item: f.route,
        figures: `${f.dynamo.operations.length} (${summarize(f.dynamo.operations)})`,
        budget: `${f.dynamo.documented.length} as documented, no Scan`,
        verdict: verdictOf(matches && !scan),
        ...(matches ? {} : { note: `documented: ${summarize(f.dynamo.documented)}` }),
      });
    }
    rows.push({
      section: 'dynamodb per call',
      item: 'all runs (API and floor)',
      figures: `${Object.values(operationTotals).reduce((a, b) => a + b, 0)} requests, ${scans} Scan`,
      budget: 'no Scan',
      verdict: verdictOf(scans === 0),
    });
    return { figures, rows, operationTotals };
  } finally {
    await floor.close();
  }
}

/** `GetItem ×3, Query` */
function summarize(operations: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const op of operations) counts.set(op, (counts.get(op) ?? 0) + 1);
  return [...counts].map(([op, n]) => (n > 1 ? `${op} ×${n}` : op)).join(', ');
}

/** `users USER#…/ATTEMPT#…` or `content POOL#… (query)`: which items a recorded request touched. */
function describeTarget(input: Record<string, unknown>): string {
  const value = (attribute: unknown) =>
    String(
      typeof attribute === 'string' ? attribute : ((attribute as { S?: string } | undefined)?.S ?? '?'),
    ).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<sub>');
  const key = (item: unknown) => {
    const k = item as Record<string, unknown>;
    return `${value(k.pk)}/${value(k.sk)}`;
  };
  const table = (name: unknown) => String(name).replace(/^.*-preu-/, '');
  if (input.Key) return `${table(input.TableName)} ${key(input.Key)}`;
  if (input.RequestItems) {
    return Object.entries(input.RequestItems as Record<string, unknown>)
      .map(([name, request]) => {
        const keys = (request as { Keys?: unknown[] }).Keys;
        return `${table(name)} ${keys ? `${keys.length} keys` : `${(request as unknown[]).length} writes`}`;
      })
      .join(', ');
  }
  const values = input.ExpressionAttributeValues as Record<string, unknown> | undefined;
  const pk =
    values &&
    Object.values(values)
      .map(value)
      .find((v) => v.includes('#'));
  return `${table(input.TableName)} ${pk ?? ''} (${String(input.KeyConditionExpression ?? '')})`;
}
