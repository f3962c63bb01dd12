/**
 * `ANSWERED#<questionId>` items of the users table: that a student has seen the key of a bank or
 * trivia question (docs/data-model.md). The exam submission and the trivia confirmation write
 * them; `GET /api/question/{id}` reads one to decide whether to reveal a key.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../lib/config';
import { dynamo } from './client';
import { userKeys } from './userRepository';

export const answeredKey = (questionId: string) => `ANSWERED#${questionId}`;

export interface AnsweredRecord {
  questionId: string;
  /** `attempt#<attemptId>` or `trivia`. */
  source: string;
  /** The version of a bank question the student answered; absent for trivia. */
  version?: number;
}

/** `GetItem USER#<sub> / ANSWERED#<questionId>`: null when the student has not answered it. */
export async function getAnswered(sub: string, questionId: string): Promise<AnsweredRecord | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: readConfig().tables.users,
      Key: { pk: userKeys.partition(sub), sk: answeredKey(questionId) },
    }),
  );
  if (!Item) return null;
  return {
    questionId,
    source: String(Item.source ?? ''),
    ...(typeof Item.version === 'number' ? { version: Item.version } : {}),
  };
}
