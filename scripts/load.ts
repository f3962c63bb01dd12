/**
 * `npm run load`: a mixed workload on a fresh local stack, then a check of the data it left.
 *
 *   npm run load                               # 20 students, 10 connections, 30 s
 *   npm run load -- --duration 60 --students 40 --connections 16
 *   npm run load -- --fault dynamo             # DynamoDB stand-in stopped mid-load (--outage 5 s)
 *   npm run load -- --fault crm                # the CRM failing; dead letters re-driven afterwards
 *   npm run load -- --fault stripe             # Stripe redelivering webhook events
 *
 * The stack runs in a child process on free loopback ports (scripts/local/stackProcess.ts), its data
 * in a temporary directory (kept with --keep); nothing is sent anywhere but 127.0.0.1. Students are
 * real: Cognito sign-up, the e-mailed code, USER_PASSWORD_AUTH. The workload (autocannon) mixes
 * sign-ins, reading subjects and history, saving lesson progress, starting, reading and submitting
 * practice exams (and submitting again), and requesting and cancelling tutoring. Afterwards the
 * script reads DynamoDB directly and checks every guarantee of docs/reliability.md; it exits 1 when
 * one fails or an answer was a 5xx the run did not provoke.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, chileDate } from '@core/domain/chileTime';
import { readDeadLetters } from './crmRedrive';
import { type RedeliveryRun, redeliverStripeEvents, verifyRedelivery } from './load/stripe';
import { api, createStudents, type LoadStudent } from './load/students';
import { type Check, documentClient, verifyData } from './load/verify';
import {
  type Fixture,
  newLedger,
  percentile,
  Recorder,
  type SubmoduleRef,
  startWorkload,
} from './load/workload';
import { LOCAL_CRM_OUTAGE_FILE } from './local/crmStandIn';
import { ForkedStack } from './local/forkStack';
import type { StackInfo } from './local/stack';

type Fault = 'dynamo' | 'crm' | 'stripe';
const FAULTS: readonly Fault[] = ['dynamo', 'crm', 'stripe'];

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '20' },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '10' },
    fault: { type: 'string', multiple: true, default: [] },
    outage: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const studentsCount = Number(values.students);
const durationSeconds = Number(values.duration);
const connections = Number(values.connections);
const outageSeconds = Number(values.outage);
const faults = values.fault.flatMap((f) => f.split(',')) as Fault[];
for (const fault of faults) {
  if (!FAULTS.includes(fault)) throw new Error(`--fault must be one of ${FAULTS.join(', ')}`);
}
if (
  ![studentsCount, durationSeconds, connections, outageSeconds].every((n) => Number.isInteger(n) && n > 0)
) {
  throw new Error('--students, --duration, --connections and --outage take positive whole numbers');
}
if (durationSeconds > 600 || studentsCount > 500 || connections > 64) {
  throw new Error('keep runs short on a shared machine: at most 600 s, 500 students, 64 connections');
}

/** Every fourth student has 2 exams, so the counter reaches 0 under concurrent starts; the rest 1000. */
const examsFor = (student: LoadStudent) => (student.index % 4 === 0 ? 2 : 1000);

const log = (message: string) => console.log(`[load ${new Date().toISOString().slice(11, 19)}] ${message}`);

// ── Fixture ───────────────────────────────────────────────────────────────────────────────────

async function buildFixture(stack: StackInfo, students: LoadStudent[]): Promise<Fixture> {
  const first = students[0] as LoadStudent;
  const subjects = (await api(stack, 'GET', '/api/subject?course=paes', first.idToken)).body as {
    id: string;
  }[];
  const [subject] = subjects;
  if (!subject) throw new Error('the local stack has no subjects: is content/ loaded?');
  const detail = (await api(stack, 'GET', `/api/subject/${subject.id}`, first.idToken)).body as [
    { lessons: { id: string; submodules: { id: string }[] }[] },
  ];
  // The first four lessons: three within the free allowance, the fourth refused with 403.
  const submodules: SubmoduleRef[] = detail[0].lessons
    .slice(0, 4)
    .flatMap((lesson) =>
      lesson.submodules.map((s) => ({ subjectId: subject.id, lessonId: lesson.id, submoduleId: s.id })),
    );
  const catalogue = (await api(stack, 'GET', '/api/exam', first.idToken)).body as {
    tests: { slug: string }[];
  };
  const examSlugs = catalogue.tests.slice(0, 3).map((t) => t.slug);
  if (examSlugs.length === 0) throw new Error('no displayed tests to take');
  return {
    students,
    subjectIds: subjects.map((s) => s.id),
    submodules,
    examSlugs,
    tutoringOption: { date: addDays(chileDate(new Date()), 1), start: '10:00', end: '11:30' },
  };
}

/** Tutoring requests whose cancel was stored but not finished (the follow-up flag is still set). */
async function countCancelFollowUps(stack: StackInfo, students: LoadStudent[]): Promise<number> {
  const db = documentClient(stack);
  let count = 0;
  for (const student of students) {
    const { Items } = await db.send(
      new QueryCommand({
        TableName: stack.tables.users,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${student.sub}`, ':prefix': 'TUTORIAL#' },
        ConsistentRead: true,
      }),
    );
    count += (Items ?? []).filter((item) => item.cancelFollowUp === true).length;
  }
  db.destroy();
  return count;
}

async function grantExams(stack: StackInfo, students: LoadStudent[]): Promise<Map<string, number>> {
  const db = documentClient(stack);
  const initial = new Map<string, number>();
  for (const student of students) {
    await db.send(
      new UpdateCommand({
        TableName: stack.tables.users,
        Key: { pk: `USER#${student.sub}`, sk: 'PROFILE' },
        UpdateExpression: 'SET exams_available = :n',
        ExpressionAttributeValues: { ':n': examsFor(student) },
      }),
    );
    initial.set(student.sub, examsFor(student));
  }
  db.destroy();
  return initial;
}

// ── Main ──────────────────────────────────────────────────────────────────────────────────────

interface Mark {
  atSeconds: number;
  what: string;
}

async function main() {
  const startedAt = new Date();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'preu-load-'));
  const marks: Mark[] = [];
  const mark = (what: string) => {
    marks.push({ atSeconds: Math.round((Date.now() - recorder.startedAt) / 100) / 10, what });
    log(what);
  };
  log(`data and the stack's log in ${dataDir}`);
  const stack = await ForkedStack.start({
    dataDir,
    persist: faults.includes('dynamo'),
    web: false,
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR',
      // The CRM worker's in-call waits, shortened (the queue's own backoff is unchanged).
      CRM_RETRY_DELAY_SCALE: process.env.CRM_RETRY_DELAY_SCALE ?? '0.1',
    },
    onExit: (reason) => log(`the stack process ${reason}; its log is stack.log in the data directory`),
  });
  const { info } = stack;
  let recorder = new Recorder();
  try {
    log(`stack ready: API ${info.apiUrl}, Cognito ${info.cognitoEndpoint}, DynamoDB ${info.dynamoEndpoint}`);
    const setupStart = Date.now();
    const students = await createStudents(info, studentsCount);
    const fixture = await buildFixture(info, students);
    const initialExams = await grantExams(info, students);
    log(`${students.length} students signed up, confirmed and signed in (${Date.now() - setupStart} ms)`);

    const ledger = newLedger();
    recorder = new Recorder();
    const run = startWorkload(info, fixture, { durationSeconds, connections }, recorder, ledger);
    const timers: NodeJS.Timeout[] = [];
    const at = (seconds: number, action: () => Promise<void>) =>
      timers.push(
        setTimeout(() => action().catch((error) => log(`fault step failed: ${error}`)), seconds * 1000),
      );
    let redelivery: Promise<RedeliveryRun> | undefined;

    if (faults.includes('dynamo')) {
      const stopAt = Math.max(2, Math.round(durationSeconds * 0.35));
      at(stopAt, async () => {
        mark('DynamoDB stand-in stopped');
        await stack.send('dynamo-stop');
        await new Promise((resolve) => setTimeout(resolve, outageSeconds * 1000));
        await stack.send('dynamo-start');
        mark('DynamoDB stand-in started again (same port, same data)');
      });
    }
    const outageFlag = path.join(dataDir, LOCAL_CRM_OUTAGE_FILE);
    if (faults.includes('crm')) {
      // Long enough for early messages to use up their 5 receives (1+2+4+8 s of backoff) and be
      // dead-lettered, while later ones get through on a retry once the CRM is back.
      at(2, async () => {
        writeFileSync(outageFlag, '503');
        mark('CRM failing (every call answers 503)');
      });
      at(Math.max(3, durationSeconds - 5), async () => {
        unlinkSync(outageFlag);
        mark('CRM back');
      });
    }
    if (faults.includes('stripe')) {
      at(Math.max(1, Math.round(durationSeconds * 0.3)), async () => {
        mark('Stripe: 3 students pay, then every event is redelivered 5 times at once, twice');
        redelivery = redeliverStripeEvents(info, students.slice(1, 4), 5);
        await redelivery;
        mark('Stripe redeliveries done');
      });
    }

    log(`workload: ${connections} connections for ${durationSeconds} s`);
    const results = await run.done;
    for (const timer of timers) clearTimeout(timer);
    mark('workload finished');

    // Requests cut off by the end of the run finish on the server; then, as a browser does after a
    // submission that failed or got no answer, each one never acknowledged is sent again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    let retried = 0;
    let retriedOk = 0;
    for (const [attemptId, submission] of ledger.submissions) {
      if (submission.created + submission.repeated > 0) continue;
      const student = students.find((s) => s.sub === submission.sub) as LoadStudent;
      retried++;
      const again = await api(
        info,
        'POST',
        '/api/exam/progress',
        student.idToken,
        JSON.parse(submission.body),
      );
      if (again.status === 200 || again.status === 201) {
        retriedOk++;
        if (again.status === 201) submission.created++;
        else submission.repeated++;
      } else {
        log(`retry of ${attemptId} answered ${again.status}`);
      }
    }
    if (retried > 0) log(`${retriedOk} of ${retried} unacknowledged submissions accepted when sent again`);
    // Each student opens the tutoring page once more, as the browser reloads the list after a cancel:
    // that read finishes a cancel cut short by a failure (its hour back, its notice queued).
    const followUps = await countCancelFollowUps(info, students);
    for (const student of students) await api(info, 'GET', '/api/tutorial', student.idToken);
    if (followUps > 0)
      mark(`${followUps} interrupted cancel(s) found; each student read the tutoring list once`);

    await redelivery;
    const drained = (await stack.send('crm-drain')) as {
      drained: boolean;
      depth: number;
      deadLetters: number;
    };
    mark(`CRM queue drained: ${drained.deadLetters} dead letter(s), ${drained.depth} waiting`);
    const deadLettersBefore = readDeadLetters(dataDir);
    let redrive: { output: string; status: number | null } | undefined;
    if (deadLettersBefore.length > 0) {
      log(`re-driving ${deadLettersBefore.length} dead letter(s) with npm run crm:redrive`);
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'crmRedrive.ts'), '--dir', dataDir],
        { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CRM_RETRY_DELAY_SCALE: '0.1' } },
      );
      // The command's own lines (its summary and each failure), not the runtime's warnings.
      const output = `${result.stdout}`
        .split('\n')
        .filter((line) => line.startsWith('Dead letters') || line.startsWith('  '))
        .join('\n');
      redrive = { output: output || `${result.stderr}`.trim(), status: result.status };
      mark(
        `re-drive: ${redrive.output.split('\n').filter((l) => l.startsWith('Dead letters'))[0] ?? redrive.output}`,
      );
    }

    const verification = await verifyData({
      stack: info,
      students,
      initialExams,
      ledger,
      databaseFailed: faults.includes('dynamo'),
    });
    const checks: Check[] = [...verification.checks];
    if (redelivery) checks.push(...(await verifyRedelivery(info, await redelivery)));

    // Answers: a 5xx is an error unless a fault provoked it, and then it must be a 503 in Spanish.
    const routeRows = [...recorder.routes.values()].map((stats) => {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      const count = (predicate: (status: number) => boolean) =>
        Object.entries(stats.statuses).reduce((n, [s, c]) => (predicate(Number(s)) ? n + c : n), 0);
      return {
        route: stats.route,
        requests: stats.requests,
        perSecond: Math.round((stats.requests / durationSeconds) * 10) / 10,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        ok: count((s) => s < 400),
        refused: count((s) => s >= 400 && s < 500),
        failed: count((s) => s >= 500),
        unexpected: count((s) => !stats.expected.includes(s) && s < 500),
        statuses: stats.statuses,
        serverErrors: stats.serverErrors,
      };
    });
    const serverErrors = routeRows.flatMap((row) => Object.entries(row.serverErrors));
    const provoked = faults.includes('dynamo') || faults.includes('crm');
    const not503 = serverErrors.filter(([key]) => !key.startsWith('503 '));
    checks.unshift({
      name: provoked
        ? 'every 5xx during the fault is a 503 with the Spanish message'
        : 'no 5xx answer under load',
      ok: provoked ? not503.length === 0 : serverErrors.length === 0,
      detail: serverErrors.map(([key, n]) => `${n}× ${key}`).join('; '),
    });
    const connectionErrors = results.reduce((n, r) => n + r.errors, 0);
    checks.unshift({
      name: 'no connection errors or timeouts',
      ok: connectionErrors === 0,
      detail: connectionErrors ? `${connectionErrors}` : '',
    });
    const unexpected = routeRows.filter((row) => row.unexpected > 0);
    checks.unshift({
      name: 'every 4xx is one the rules give (no exams, no hour, allowance)',
      ok: unexpected.length === 0,
      detail: unexpected.map((row) => `${row.route} ${JSON.stringify(row.statuses)}`).join('; '),
    });
    let recovery: { firstCleanSecond: number | null; restartSecond: number } | undefined;
    if (faults.includes('dynamo')) {
      const restart = marks.find((m) => m.what.startsWith('DynamoDB stand-in started'));
      const restartSecond = Math.floor(restart?.atSeconds ?? Number.NaN);
      const clean = recorder.timeline.findIndex(
        (second, i) => i > restartSecond && second.ok > 0 && second.failed === 0,
      );
      recovery = { firstCleanSecond: clean >= 0 ? clean : null, restartSecond };
      const lastFailure = recorder.timeline.reduce((last, second, i) => (second.failed > 0 ? i : last), -1);
      checks.push({
        name: 'the API recovers by itself once DynamoDB is back (no 5xx from 2 s after the restart)',
        ok: restart !== undefined && lastFailure <= restartSecond + 2,
        detail: `restart at ${restart?.atSeconds} s, last 5xx in second ${lastFailure}`,
      });
    }

    const report = {
      command: `npm run load -- ${process.argv.slice(2).join(' ')}`.trim(),
      date: startedAt.toISOString(),
      machine: {
        cpus: os.cpus().length,
        model: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1e9),
        loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
        node: process.version,
        platform: `${os.type()} ${os.release()}`,
      },
      settings: { students: studentsCount, connections, durationSeconds, faults, outageSeconds },
      totals: {
        requests: routeRows.reduce((n, r) => n + r.requests, 0),
        perSecond: Math.round(routeRows.reduce((n, r) => n + r.requests, 0) / durationSeconds),
        connectionErrors,
        resubmitted: { retried, accepted: retriedOk },
        ...verification.totals,
        deadLettersBeforeRedrive: deadLettersBefore.length,
      },
      marks,
      recovery,
      redrive,
      routes: routeRows,
      timeline: recorder.timeline,
      checks,
    };
    printReport(report);
    const out =
      values.out ??
      path.join(
        'test-results',
        'load',
        `${startedAt.toISOString().replace(/[:.]/g, '-')}${faults.length ? `-${faults.join('-')}` : ''}.json`,
      );
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    log(`report written to ${out}`);
    if (checks.some((c) => !c.ok)) process.exitCode = 1;
  } finally {
    await stack.stop();
    if (values.keep) log(`data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

function printReport(report: {
  routes: {
    route: string;
    requests: number;
    perSecond: number;
    p50: number;
    p99: number;
    ok: number;
    refused: number;
    failed: number;
  }[];
  totals: Record<string, unknown>;
  checks: Check[];
  marks: Mark[];
  timeline: { ok: number; refused: number; failed: number }[];
}) {
  const rows = report.routes.map((r) => [
    r.route,
    r.requests,
    r.perSecond,
    r.p50,
    r.p99,
    r.ok,
    r.refused,
    r.failed,
  ]);
  const header = ['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', '2xx/3xx', '4xx', '5xx'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\ntotals: ${JSON.stringify(report.totals)}`);
  if (report.marks.length > 0) {
    console.log('\nevents:');
    for (const m of report.marks) console.log(`  ${String(m.atSeconds).padStart(6)} s  ${m.what}`);
    console.log(
      `\nper second (2xx/4xx/5xx): ${report.timeline.map((s, i) => `${i}:${s.ok}/${s.refused}/${s.failed}`).join(' ')}`,
    );
  }
  console.log('\nchecks:');
  for (const check of report.checks) {
    console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}${check.detail ? ` — ${check.detail}` : ''}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
