/**
 * After the load: what DynamoDB (and the local CRM) hold, read directly, against what the clients
 * were told. Each check is a sentence that must hold; a failed one lists the students or ids.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { FREE_TIER } from '@core/domain/constants';
import { averageAttributes } from '@core/domain/examAttempt';
import { monthAttribute } from '../../lambdas/data/tutoringRepository';
import type { StackInfo } from '../local/stack';
import type { LoadStudent } from './students';
import { type Ledger, refKey } from './workload';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

type Item = Record<string, unknown>;

export function documentClient(stack: StackInfo): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: stack.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

async function partition(db: DynamoDBDocumentClient, table: string, sub: string): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${sub}` },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const readJsonLines = (file: string): Item[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Item)
    : [];

const asSet = (value: unknown): Set<string> =>
  value instanceof Set ? (value as Set<string>) : new Set(Array.isArray(value) ? (value as string[]) : []);

const listed = (values: string[], max = 5) =>
  values.length === 0
    ? 'none'
    : `${values.slice(0, max).join(', ')}${values.length > max ? ` … (${values.length})` : ''}`;

export async function verifyData(input: {
  stack: StackInfo;
  students: LoadStudent[];
  initialExams: Map<string, number>;
  ledger: Ledger;
  /** The run stopped DynamoDB: a CRM ticket may be created twice (see below). */
  databaseFailed?: boolean;
}): Promise<{ checks: Check[]; totals: Record<string, number> }> {
  const { stack, students, initialExams, ledger } = input;
  const db = documentClient(stack);
  const usersTable = stack.tables.users;
  if (!usersTable) throw new Error('the stack has no users table');
  const problems: Record<string, string[]> = {};
  const problem = (check: string, what: string) => {
    problems[check] ??= [];
    problems[check].push(what);
  };
  const totals = {
    attemptsStored: 0,
    submittedStored: 0,
    submissionsAcknowledged: 0,
    tutorialsStored: 0,
    progressAcknowledged: 0,
  };
  const storedTutorials = new Map<string, { sub: string; state: string }>();
  const { year, month } = (() => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Santiago',
      year: 'numeric',
      month: '2-digit',
    }).formatToParts(new Date());
    return {
      year: Number(parts.find((p) => p.type === 'year')?.value),
      month: Number(parts.find((p) => p.type === 'month')?.value),
    };
  })();

  for (const student of students) {
    const items = await partition(db, usersTable, student.sub);
    const bySk = new Map(items.map((item) => [String(item.sk), item]));
    const who = `#${student.index}`;

    // Exams: the counter never below 0; every exam used is an attempt, and nothing else uses one.
    const profile = bySk.get('PROFILE') ?? {};
    const examsLeft = Number(profile.exams_available);
    if (!(examsLeft >= 0)) problem('exams_available never below 0', `${who}: ${profile.exams_available}`);
    const attempts = items.filter((item) => String(item.sk).startsWith('ATTEMPT#'));
    totals.attemptsStored += attempts.length;
    const consumed = attempts.filter((a) => a.consumedExam === true).length;
    const initial = initialExams.get(student.sub) ?? 0;
    if (initial - examsLeft !== consumed) {
      problem(
        'exams used = attempts that used one (no exam lost or charged twice)',
        `${who}: ${initial} − ${examsLeft} left ≠ ${consumed} attempts`,
      );
    }

    // Submissions: each acknowledged one stored once, submitted, finalized and counted once.
    const submitted = attempts.filter((a) => a.status === 'submitted');
    totals.submittedStored += submitted.length;
    const averages = bySk.get('AVERAGES') ?? {};
    const counted = asSet(averages.counted);
    for (const attempt of submitted) {
      const id = String(attempt.attemptId);
      if (!attempt.finalizedAt) problem('every submitted attempt finalized', `${who}: ${id}`);
      if (!counted.has(id)) problem('every submitted attempt counted in the averages', `${who}: ${id}`);
    }
    const slugs = new Set(submitted.map((a) => String(a.testSlug)));
    for (const slug of slugs) {
      const ofSlug = submitted.filter((a) => a.testSlug === slug && counted.has(String(a.attemptId)));
      const names = averageAttributes(slug);
      if (Number(averages[names.count] ?? 0) !== ofSlug.length) {
        problem(
          'averages count each submitted attempt exactly once',
          `${who} ${slug}: count ${averages[names.count]} ≠ ${ofSlug.length}`,
        );
      }
      const points = ofSlug.reduce((sum, a) => sum + Number(a.points ?? 0), 0);
      if (Number(averages[names.sumPoints] ?? 0) !== points) {
        problem(
          'averages count each submitted attempt exactly once',
          `${who} ${slug}: sumPoints ${averages[names.sumPoints]} ≠ ${points}`,
        );
      }
    }
    if (counted.size !== submitted.length) {
      problem(
        'averages count each submitted attempt exactly once',
        `${who}: ${counted.size} counted ≠ ${submitted.length} submitted`,
      );
    }
    const pointers = items.filter((item) => String(item.sk).startsWith('EXAM_RUNNING#'));
    for (const pointer of pointers) {
      const attempt = bySk.get(`ATTEMPT#${pointer.attemptId}`);
      if (!attempt) problem('every running pointer names a stored attempt', `${who}: ${pointer.attemptId}`);
    }
    // A running attempt no pointer names is out of the student's reach, with the exam it used.
    const named = new Set(pointers.map((p) => String(p.attemptId)));
    for (const attempt of attempts.filter((a) => a.status === 'running')) {
      if (!named.has(String(attempt.attemptId))) {
        problem('every running attempt is reachable (its test points at it)', `${who}: ${attempt.attemptId}`);
      }
    }

    // Tutoring: the month's hours = requests holding one; never below 0 nor above 1.
    const tutorials = items.filter((item) => String(item.sk).startsWith('TUTORIAL#'));
    totals.tutorialsStored += tutorials.length;
    for (const t of tutorials.filter((item) => item.cancelFollowUp === true)) {
      problem('every cancel finished (hour back, notice queued)', `${who}: ${t.id}`);
    }
    for (const t of tutorials)
      storedTutorials.set(String(t.id), { sub: student.sub, state: String(t.state) });
    const holding = tutorials.filter(
      (t) => t.state !== 'cancelada' && Number(t.quotaYear) === year && Number(t.quotaMonth) === month,
    );
    const quota = bySk.get(`TUTORING_QUOTA#${year}`) ?? {};
    const usedThisMonth = Number(quota[monthAttribute(month)] ?? 0);
    if (usedThisMonth < 0 || usedThisMonth > 1 || Number(quota.total ?? 0) < 0) {
      problem(
        'tutoring quota within 0…1 a month and never below 0',
        `${who}: month ${usedThisMonth}, total ${quota.total}`,
      );
    }
    if (usedThisMonth !== holding.length) {
      problem(
        'tutoring hours used = requests holding one',
        `${who}: ${usedThisMonth} ≠ ${holding.length} requests`,
      );
    }
    const used = asSet(quota.used);
    const holdingIds = holding.map((t) => String(t.id));
    if (used.size !== holdingIds.length || holdingIds.some((id) => !used.has(id))) {
      problem('tutoring hours used = requests holding one', `${who}: ledger ${[...used]} ≠ ${holdingIds}`);
    }

    // Lesson progress: every save the client was told succeeded is in the stored item.
    const stored = bySk.get('PROGRESS');
    const complete = new Set<string>();
    let lessonsInProgress = 0;
    for (const subject of (stored?.subjects ?? []) as {
      id: string;
      lessons: { id: string; submodules: { id: string; complete: boolean }[] }[];
    }[]) {
      for (const lesson of subject.lessons) {
        const done = lesson.submodules.filter((s) => s.complete);
        if (done.length > 0) lessonsInProgress++;
        for (const submodule of done) {
          complete.add(refKey({ subjectId: subject.id, lessonId: lesson.id, submoduleId: submodule.id }));
        }
      }
    }
    const acknowledged = ledger.progressAcks.get(student.sub) ?? new Set<string>();
    totals.progressAcknowledged += acknowledged.size;
    const lost = [...acknowledged].filter((ref) => !complete.has(ref));
    if (lost.length > 0) problem('no acknowledged progress lost', `${who}: ${listed(lost)}`);
    if (stored && Number(stored.maxLessonsAvailable) < 0) {
      problem('free lesson allowance never below 0', `${who}: ${stored.maxLessonsAvailable}`);
    }
    if (profile.is_premium !== true && lessonsInProgress > FREE_TIER.lessons) {
      problem('a free student opens at most the free lessons', `${who}: ${lessonsInProgress} lessons`);
    }
  }

  // What the clients were told, against what is stored.
  const submittedIds = new Set<string>();
  for (const student of students) {
    const items = await partition(db, usersTable, student.sub);
    for (const item of items) {
      if (String(item.sk).startsWith('ATTEMPT#') && item.status === 'submitted') {
        submittedIds.add(String(item.attemptId));
      }
    }
  }
  for (const [attemptId, submission] of ledger.submissions) {
    if (submission.created + submission.repeated > 0) totals.submissionsAcknowledged++;
    if (submission.created > 1) {
      problem(
        'every submission stored exactly once (one 201 per attempt)',
        `${attemptId}: ${submission.created}×201`,
      );
    }
    if (submission.created + submission.repeated > 0 && !submittedIds.has(attemptId)) {
      problem('every acknowledged submission is stored', attemptId);
    }
  }
  for (const [id, sub] of ledger.tutorialsCreated) {
    if (storedTutorials.get(id)?.sub !== sub) problem('every acknowledged tutoring request is stored', id);
  }
  for (const id of ledger.tutorialsCancelled.keys()) {
    if (storedTutorials.get(id)?.state !== 'cancelada') problem('every acknowledged cancel is stored', id);
  }

  // The CRM: each stored tutoring request has its ticket, each cancel its cancellation ticket.
  const crmLog = readJsonLines(path.join(stack.logDir, 'crm-log.jsonl'));
  const tickets = new Map<string, number>();
  for (const entry of crmLog) {
    if (entry.call !== 'createTicket') continue;
    const reference = /Referencia: (\S+)\s*$/.exec(String(entry.content))?.[1];
    if (!reference) continue;
    const kind = String(entry.subject).startsWith('Tutoría cancelada') ? 'cancel' : 'request';
    const key = `${kind} ${reference}`;
    tickets.set(key, (tickets.get(key) ?? 0) + 1);
  }
  let ticketsExpected = 0;
  for (const [id, { sub, state }] of storedTutorials) {
    ticketsExpected++;
    if (!tickets.has(`request ${sub}/${id}`))
      problem('every tutoring request reached the CRM', `${sub}/${id}`);
    if (state === 'cancelada') {
      ticketsExpected++;
      if (!tickets.has(`cancel ${sub}/${id}`)) problem('every cancel reached the CRM', `${sub}/${id}`);
    }
  }
  const duplicates = [...tickets].filter(([, count]) => count > 1).map(([key]) => key);
  // HubSpot has no idempotency key for tickets: the worker records a ticket as applied after
  // creating it, so a database failure in between repeats it (at least once, never lost).
  const duplicateNote = input.databaseFailed ? ' (at least once: DynamoDB was down)' : '';
  if (duplicates.length > 0 && !input.databaseFailed) problem('each ticket created once', listed(duplicates));
  const deadLetters = readJsonLines(path.join(stack.logDir, 'crm-dead-letters.jsonl'));
  if (deadLetters.length > 0) {
    const reasons = [...new Set(deadLetters.map((letter) => String(letter.reason)))];
    problem('no CRM message left in the dead-letter list', `${deadLetters.length}: ${listed(reasons, 3)}`);
  }
  db.destroy();

  const names = [
    'exams_available never below 0',
    'exams used = attempts that used one (no exam lost or charged twice)',
    'every submission stored exactly once (one 201 per attempt)',
    'every acknowledged submission is stored',
    'every submitted attempt finalized',
    'every submitted attempt counted in the averages',
    'averages count each submitted attempt exactly once',
    'every running pointer names a stored attempt',
    'every running attempt is reachable (its test points at it)',
    'tutoring quota within 0…1 a month and never below 0',
    'tutoring hours used = requests holding one',
    'every acknowledged tutoring request is stored',
    'every acknowledged cancel is stored',
    'every cancel finished (hour back, notice queued)',
    'no acknowledged progress lost',
    'free lesson allowance never below 0',
    'a free student opens at most the free lessons',
    'every tutoring request reached the CRM',
    'every cancel reached the CRM',
    'each ticket created once',
    'no CRM message left in the dead-letter list',
  ];
  const checks = names.map((name) => ({
    name,
    ok: !problems[name],
    detail: problems[name] ? listed(problems[name]) : '',
  }));
  if (duplicates.length > 0 && input.databaseFailed) {
    const check = checks.find((c) => c.name === 'each ticket created once') as Check;
    check.name += duplicateNote;
    check.detail = `${duplicates.length} created twice: ${listed(duplicates)}`;
  }
  for (const [name, list] of Object.entries(problems)) {
    if (!names.includes(name)) checks.push({ name, ok: false, detail: listed(list) });
  }
  return {
    checks,
    totals: {
      ...totals,
      crmTicketsExpected: ticketsExpected,
      crmTickets: tickets.size,
      crmTicketsTwice: duplicates.length,
      crmCallsRefused: crmLog.filter((entry) => entry.call === 'unavailable').length,
    },
  };
}
