import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs (CloudWatch in AWS, the terminal locally). */
export const logger = new Logger({
  serviceName: 'preu-api',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
