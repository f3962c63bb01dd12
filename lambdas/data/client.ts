import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readConfig } from '../lib/config';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per Lambda container, pointed at dynalite when DYNAMODB_ENDPOINT is set. */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const config = readConfig();
    const client = new DynamoDBClient({
      region: config.region,
      maxAttempts: 3,
      // Fail fast when DynamoDB is unreachable or hangs: 3 attempts × 2 s stay inside the API's
      // 10 s Lambda timeout, so the student gets the handler's 503 rather than a gateway timeout.
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000 },
      ...(config.dynamoEndpoint
        ? { endpoint: config.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    });
  }
  return documentClient;
}
