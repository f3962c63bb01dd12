/**
 * Runtime configuration of the Lambda code, read from the environment. The same code runs in AWS
 * (values set by CDK) and in the local stack (values set by scripts/local); nothing else differs.
 */
export interface LambdaConfig {
  region: string;
  /** Set only locally: the dynalite endpoint. In AWS the SDK finds DynamoDB by itself. */
  dynamoEndpoint: string | undefined;
  /** Origin of the web app, the only one CORS allows. */
  webOrigin: string;
  tables: {
    users: string;
    content: string;
    events: string;
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): LambdaConfig {
  return {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    webOrigin: env.WEB_ORIGIN ?? 'http://localhost:5173',
    tables: {
      users: env.USERS_TABLE ?? 'preu-users',
      content: env.CONTENT_TABLE ?? 'preu-content',
      events: env.EVENTS_TABLE ?? 'preu-events',
    },
  };
}
