/**
 * The mixed workload: one autocannon instance per kind of student activity, all running at once
 * against the local API (and Cognito for sign-ins). Each connection loops over its activity's
 * requests; every loop takes the next student of the pool, so several connections often act for
 * the same student at once (two tabs), which is what the conditional writes are for.
 *
 * Per route it records status counts and latencies; it also keeps a ledger of what the clients
 * were told (progress saved, attempts started and submitted, tutoring requested and cancelled),
 * which scripts/load/verify.ts compares with what DynamoDB holds afterwards.
 */
import autocannon, { type AutocannonRequest, type Instance, type Result } from 'autocannon';
import type { StackInfo } from '../local/stack';
import type { LoadStudent } from './students';

export interface SubmoduleRef {
  subjectId: string;
  lessonId: string;
  submoduleId: string;
}

export interface Fixture {
  students: LoadStudent[];
  subjectIds: string[];
  /** Submodules a free student saves, in order: the first lessons of one subject (the 4th is over the allowance). */
  submodules: SubmoduleRef[];
  examSlugs: string[];
  /** A tutoring window tomorrow in Chile. */
  tutoringOption: { date: string; start: string; end: string };
}

export interface Submission {
  sub: string;
  slug: string;
  /** 201 answers (a new submission); exactly one is expected per attempt. */
  created: number;
  /** 200 answers (the stored result again). */
  repeated: number;
  /** Anything else (5xx during a fault, errors). */
  failed: number;
  /** The body that was sent, to retry it as the browser would. */
  body: string;
}

export interface Ledger {
  progressAcks: Map<string, Set<string>>;
  attemptsStarted: Map<string, string>;
  submissions: Map<string, Submission>;
  tutorialsCreated: Map<string, string>;
  tutorialsCancelled: Map<string, string>;
}

export interface RouteStats {
  route: string;
  expected: number[];
  requests: number;
  statuses: Record<string, number>;
  latencies: number[];
  /** Distinct messages of 5xx answers, with counts (they must be Spanish and say what happened). */
  serverErrors: Record<string, number>;
}

/** Per second since the start: answers by class, to see an outage and the recovery. */
export interface Second {
  ok: number;
  refused: number;
  failed: number;
}

export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  readonly timeline: Second[] = [];
  readonly startedAt = Date.now();
  private last: { route: string } | null = null;

  define(route: string, expected: number[]) {
    this.routes.set(route, {
      route,
      expected,
      requests: 0,
      statuses: {},
      latencies: [],
      serverErrors: {},
    });
  }

  response(route: string, status: number, body: string) {
    const stats = this.routes.get(route);
    if (!stats) throw new Error(`undefined route ${route}`);
    stats.requests++;
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status >= 500) {
      let message = body.slice(0, 200);
      try {
        message = String((JSON.parse(body) as { message?: unknown }).message ?? message);
      } catch {
        // not JSON: keep the text
      }
      stats.serverErrors[`${status} ${message}`] = (stats.serverErrors[`${status} ${message}`] ?? 0) + 1;
    }
    const second = Math.floor((Date.now() - this.startedAt) / 1000);
    while (this.timeline.length <= second) this.timeline.push({ ok: 0, refused: 0, failed: 0 });
    const bucket = this.timeline[second] as Second;
    if (status < 400) bucket.ok++;
    else if (status < 500) bucket.refused++;
    else bucket.failed++;
    this.last = { route };
  }

  /** autocannon's `response` event follows the request's `onResponse` synchronously. */
  latency(ms: number) {
    if (!this.last) return;
    this.routes.get(this.last.route)?.latencies.push(ms);
    this.last = null;
  }

  requestError() {
    const second = Math.floor((Date.now() - this.startedAt) / 1000);
    while (this.timeline.length <= second) this.timeline.push({ ok: 0, refused: 0, failed: 0 });
    (this.timeline[second] as Second).failed++;
  }
}

export const newLedger = (): Ledger => ({
  progressAcks: new Map(),
  attemptsStarted: new Map(),
  submissions: new Map(),
  tutorialsCreated: new Map(),
  tutorialsCancelled: new Map(),
});

export const refKey = (ref: SubmoduleRef) => `${ref.subjectId}/${ref.lessonId}/${ref.submoduleId}`;

export interface Activity {
  name: string;
  connections: number;
}

/** The share of connections each activity gets, for a total. */
export function activities(total: number): Activity[] {
  const shares: [string, number][] = [
    ['lectura', 0.3],
    ['progreso', 0.2],
    ['ensayos', 0.3],
    ['tutorias', 0.1],
    ['sesiones', 0.1],
  ];
  return shares.map(([name, share]) => ({ name, connections: Math.max(1, Math.round(total * share)) }));
}

interface Run {
  instances: Instance[];
  done: Promise<Result[]>;
  stop(): void;
}

export function startWorkload(
  stack: StackInfo,
  fixture: Fixture,
  options: { durationSeconds: number; connections: number },
  recorder: Recorder,
  ledger: Ledger,
): Run {
  const { students } = fixture;
  const counters = new Map<string, number>();
  const nextStudent = (activity: string): LoadStudent => {
    const n = counters.get(activity) ?? 0;
    counters.set(activity, n + 1);
    return students[n % students.length] as LoadStudent;
  };
  const progressCursor = new Map<number, number>();
  const student = (context: Record<string, unknown>) => students[context.student as number] as LoadStudent;
  const auth = (s: LoadStudent) => ({
    authorization: `Bearer ${s.idToken}`,
    'content-type': 'application/json',
  });

  /** A request with its route label, expected statuses and bookkeeping. */
  const step = (
    route: string,
    expected: number[],
    setup: (
      context: Record<string, unknown>,
    ) => Omit<AutocannonRequest, 'setupRequest' | 'onResponse'> | null,
    after?: (status: number, body: string, context: Record<string, unknown>) => void,
  ): AutocannonRequest => {
    if (!recorder.routes.has(route)) recorder.define(route, expected);
    return {
      method: 'GET',
      setupRequest: (request, context) => {
        const built = setup(context);
        return built ? { ...request, ...built } : null;
      },
      onResponse: (status, body, context) => {
        recorder.response(route, status, body);
        after?.(status, body, context);
      },
    };
  };
  const pick = (activity: string) => (context: Record<string, unknown>) => {
    const s = nextStudent(activity);
    context.student = s.index;
    return s;
  };

  const byActivity: Record<string, AutocannonRequest[]> = {
    lectura: [
      step('GET /api/subject', [200], (context) => ({
        path: '/api/subject?course=paes',
        headers: auth(pick('lectura')(context)),
      })),
      step('GET /api/subject/{id}', [200], (context) => ({
        path: `/api/subject/${fixture.subjectIds[Math.floor(Math.random() * fixture.subjectIds.length)]}`,
        headers: auth(student(context)),
      })),
      step('GET /api/exam/progress', [200], (context) => ({
        path: '/api/exam/progress?pagination=true&limit=10&page=1',
        headers: auth(student(context)),
      })),
      step('GET /api/hubspot/contact', [200], (context) => ({
        path: `/api/hubspot/contact?email=${encodeURIComponent(student(context).email)}`,
        headers: auth(student(context)),
      })),
    ],
    progreso: [
      step(
        'POST /api/user?course=paes',
        // 403: the save would open a lesson past the free allowance; 409: merge rounds exhausted.
        [200, 403, 409],
        (context) => {
          const s = pick('progreso')(context);
          const cursor = progressCursor.get(s.index) ?? 0;
          progressCursor.set(s.index, cursor + 1);
          const ref = fixture.submodules[cursor % fixture.submodules.length] as SubmoduleRef;
          context.ref = refKey(ref);
          return {
            method: 'POST',
            path: '/api/user?course=paes',
            headers: auth(s),
            body: JSON.stringify({
              progress: {
                subjects: [
                  {
                    id: ref.subjectId,
                    lessons: [{ id: ref.lessonId, submodules: [{ id: ref.submoduleId, complete: true }] }],
                  },
                ],
              },
            }),
          };
        },
        (status, _body, context) => {
          if (status !== 200) return;
          const sub = student(context).sub;
          const acks = ledger.progressAcks.get(sub) ?? new Set<string>();
          acks.add(String(context.ref));
          ledger.progressAcks.set(sub, acks);
        },
      ),
      step('GET /api/user', [200], (context) => ({ path: '/api/user', headers: auth(student(context)) })),
    ],
    ensayos: [
      step(
        'POST /api/exam/{id}/attempt',
        // 403: no exam left (every fourth student has two).
        [200, 201, 403],
        (context) => {
          const s = pick('ensayos')(context);
          const slug =
            fixture.examSlugs[(s.index + Number(counters.get('ensayos'))) % fixture.examSlugs.length];
          context.slug = slug;
          return { method: 'POST', path: `/api/exam/${slug}/attempt`, headers: auth(s) };
        },
        (status, body, context) => {
          if (status !== 200 && status !== 201) return;
          const paper = JSON.parse(body) as {
            attempt: { id: string; startedAt: string };
            questions: { id: string; alternatives: { id: string }[] }[];
          };
          context.attemptId = paper.attempt.id;
          if (status === 201) ledger.attemptsStarted.set(paper.attempt.id, student(context).sub);
          const chosen = paper.questions.map((q, i) => ({
            id: q.id,
            answered: i % 4 !== 3,
            answers: q.alternatives.map((a, j) => ({ id: a.id, selected: i % 4 !== 3 && j === i % 4 })),
          }));
          context.submission = JSON.stringify({
            attemptId: paper.attempt.id,
            examType: context.slug,
            startTime: Date.parse(paper.attempt.startedAt),
            endTime: Date.now(),
            points: 0,
            course: 'paes',
            progress: JSON.stringify(chosen),
          });
        },
      ),
      step(
        'GET /api/exam/{id}',
        // 409/403: another connection of the same student submitted this attempt meanwhile.
        [200, 403, 409],
        (context) =>
          context.attemptId ? { path: `/api/exam/${context.slug}`, headers: auth(student(context)) } : null,
      ),
      step(
        'POST /api/exam/progress',
        [200, 201],
        (context) =>
          context.submission && noteSubmission(context)
            ? {
                method: 'POST',
                path: '/api/exam/progress',
                headers: auth(student(context)),
                body: String(context.submission),
              }
            : null,
        (status, _body, context) => recordSubmission(context, status),
      ),
      step(
        'POST /api/exam/progress (repetido)',
        // A double click or a retry: the stored result again, never a second submission.
        [200],
        (context) =>
          context.submission && Math.random() < 0.5
            ? {
                method: 'POST',
                path: '/api/exam/progress',
                headers: auth(student(context)),
                body: String(context.submission),
              }
            : null,
        (status, _body, context) => recordSubmission(context, status),
      ),
    ],
    tutorias: [
      step(
        'POST /api/tutorial',
        // 409: the month's hour is in use (it comes back with the cancel).
        [201, 409],
        (context) => ({
          method: 'POST',
          path: '/api/tutorial',
          headers: auth(pick('tutorias')(context)),
          body: JSON.stringify({
            scheduleOptions: { A: fixture.tutoringOption },
            doubts: 'Prueba de carga: funciones y probabilidades',
          }),
        }),
        (status, body, context) => {
          if (status !== 201) return;
          const id = (JSON.parse(body) as { tutorial: { id: string } }).tutorial.id;
          context.tutorialId = id;
          ledger.tutorialsCreated.set(id, student(context).sub);
        },
      ),
      step(
        'GET /api/tutorial/cancel/{id}',
        [200],
        (context) =>
          context.tutorialId
            ? { path: `/api/tutorial/cancel/${context.tutorialId}`, headers: auth(student(context)) }
            : null,
        (status, _body, context) => {
          if (status === 200) ledger.tutorialsCancelled.set(String(context.tutorialId), student(context).sub);
        },
      ),
      step('GET /api/tutorial', [200], (context) => ({
        path: '/api/tutorial',
        headers: auth(student(context)),
      })),
    ],
    sesiones: [
      step('InitiateAuth (Cognito)', [200], (context) => {
        const s = pick('sesiones')(context);
        return {
          method: 'POST',
          path: '/',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
          body: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: stack.userPoolClientId,
            AuthParameters: { USERNAME: s.email, PASSWORD: s.password },
          }),
        };
      }),
    ],
  };

  /** Noted when sent: a submission whose answer never came (the run ended) is retried afterwards. */
  function noteSubmission(context: Record<string, unknown>): true {
    const attemptId = String(context.attemptId);
    if (!ledger.submissions.has(attemptId)) {
      ledger.submissions.set(attemptId, {
        sub: student(context).sub,
        slug: String(context.slug),
        created: 0,
        repeated: 0,
        failed: 0,
        body: String(context.submission),
      });
    }
    return true;
  }

  function recordSubmission(context: Record<string, unknown>, status: number) {
    noteSubmission(context);
    const entry = ledger.submissions.get(String(context.attemptId)) as Submission;
    if (status === 201) entry.created++;
    else if (status === 200) entry.repeated++;
    else entry.failed++;
  }

  const instances = activities(options.connections).map(({ name, connections }) => {
    const instance = autocannon({
      url: name === 'sesiones' ? stack.cognitoEndpoint : stack.apiUrl,
      title: name,
      connections,
      duration: options.durationSeconds,
      timeout: 15,
      requests: byActivity[name] as AutocannonRequest[],
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
      recorder.latency(ms),
    );
    instance.on('reqError', () => recorder.requestError());
    return instance;
  });
  return {
    instances,
    done: Promise.all(instances.map((instance) => Promise.resolve(instance))),
    stop: () => {
      for (const instance of instances) instance.stop();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}
