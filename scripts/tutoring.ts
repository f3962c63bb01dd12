/**
 * Operators move a tutoring request along (the spec has no operator screen): the ticket that
 * announced it ends with `Referencia: <sub>/<id>`.
 *
 *   npx tsx scripts/tutoring.ts <sub>/<id> agendada --at 2025-07-07T15:00   (Chile time)
 *   npx tsx scripts/tutoring.ts <sub>/<id> realizada
 *   npx tsx scripts/tutoring.ts <sub>/<id> cancelada                        (gives the hour back)
 *
 * Target: the running local stack (.local/stack.json, or LOCAL_DATA_DIR), or DYNAMODB_ENDPOINT and
 * USERS_TABLE, or `--stage prod` for AWS (table prod-preu-users, default credentials).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chileInstant } from '@core/domain/chileTime';
import { TIME_ORDERED_ID } from '@core/domain/ids';
import {
  cancelReturnsHour,
  OPERATOR_TRANSITIONS,
  TUTORING_STATES,
  type TutoringState,
} from '@core/domain/tutoring';
import { tableName } from '../lambdas/data/tables';
import {
  getTutorial,
  returnQuotaHour,
  setStateByOperator,
  type TutoringRequestItem,
} from '../lambdas/data/tutoringRepository';

export interface OperatorChange {
  reference: string;
  state: TutoringState;
  /** `YYYY-MM-DDTHH:MM` in Chile time, for `agendada`. */
  at?: string;
}

/** Applies an operator's change; the message says what happened, in the operator's words. */
export async function applyOperatorChange(
  change: OperatorChange,
  now = new Date(),
): Promise<{ ok: boolean; message: string; item?: TutoringRequestItem }> {
  const [sub, id] = change.reference.split('/');
  if (!sub || !id || !TIME_ORDERED_ID.test(id)) {
    return { ok: false, message: `Not a reference <sub>/<id>: ${change.reference}` };
  }
  let scheduledAt: string | undefined;
  if (change.state === 'agendada') {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(change.at ?? '');
    if (!match?.[1] || !match[2])
      return { ok: false, message: 'agendada needs --at YYYY-MM-DDTHH:MM (Chile time)' };
    scheduledAt = chileInstant(match[1], match[2]).toISOString();
  }
  const current = await getTutorial(sub, id);
  if (!current) return { ok: false, message: `No request ${change.reference}` };
  if (!OPERATOR_TRANSITIONS[current.state].includes(change.state)) {
    return { ok: false, message: `A request that is ${current.state} cannot become ${change.state}` };
  }
  const item = await setStateByOperator(sub, id, {
    from: current.state,
    to: change.state,
    now,
    ...(scheduledAt ? { scheduledAt } : {}),
  });
  if (!item) return { ok: false, message: 'The request changed meanwhile; look at it again' };
  let message = `${change.reference}: ${current.state} → ${item.state}`;
  if (change.state === 'cancelada' && cancelReturnsHour(current.state)) {
    const returned = await returnQuotaHour(sub, { year: item.quotaYear, month: item.quotaMonth }, id);
    if (returned) message += ' (hour given back)';
  }
  return { ok: true, message, item };
}

function configureTarget(stage: string | undefined): string {
  if (stage && stage !== 'local') {
    process.env.USERS_TABLE = tableName(stage, 'users');
    return `AWS, table ${process.env.USERS_TABLE}`;
  }
  if (process.env.DYNAMODB_ENDPOINT && process.env.USERS_TABLE) {
    return `${process.env.DYNAMODB_ENDPOINT}, table ${process.env.USERS_TABLE}`;
  }
  const stackFile = path.resolve(process.env.LOCAL_DATA_DIR ?? '.local', 'stack.json');
  if (!existsSync(stackFile)) {
    throw new Error(
      `${stackFile} not found. Start the local stack, set DYNAMODB_ENDPOINT and USERS_TABLE, or pass --stage.`,
    );
  }
  const stack = JSON.parse(readFileSync(stackFile, 'utf8')) as {
    dynamoEndpoint: string;
    region: string;
    tables: { users: string };
  };
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    USERS_TABLE: stack.tables.users,
    AWS_REGION: stack.region,
  });
  return `local stack ${stack.dynamoEndpoint}, table ${stack.tables.users}`;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { at: { type: 'string' }, stage: { type: 'string' } },
  });
  const [reference, state] = positionals;
  if (!reference || !(TUTORING_STATES as readonly string[]).includes(state ?? '')) {
    console.error(
      'Usage: npx tsx scripts/tutoring.ts <sub>/<id> agendada|realizada|cancelada [--at YYYY-MM-DDTHH:MM]',
    );
    process.exitCode = 2;
    return;
  }
  console.log(`Updating in ${configureTarget(values.stage)}…`);
  const result = await applyOperatorChange({
    reference,
    state: state as TutoringState,
    ...(values.at ? { at: values.at } : {}),
  });
  (result.ok ? console.log : console.error)(result.message);
  if (!result.ok) process.exitCode = 1;
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
