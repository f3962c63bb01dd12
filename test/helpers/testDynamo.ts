/**
 * An in-memory dynalite for a test file, with the platform's tables, and the environment that
 * points the repositories at it (set before a test imports them).
 */
import { type LocalDynamo, startLocalDynamo } from '../../scripts/local/dynamo';

export async function startTestDynamo(stage: string): Promise<LocalDynamo> {
  const server = await startLocalDynamo({ port: 0, stage });
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    DYNAMODB_ENDPOINT: server.endpoint,
    USERS_TABLE: server.tables.users,
    EVENTS_TABLE: server.tables.events,
    CONTENT_TABLE: server.tables.content,
  });
  return server;
}
