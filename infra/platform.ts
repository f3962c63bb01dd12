/**
 * The whole platform for one stage, as CDK stacks in deployment order:
 * auth → data → crm → api → edge (us-east-1) → web → operations.
 *
 * The API and the edge come before the web stack because the distribution serves the API under
 * `/api/*` and carries the edge stack's WAF web ACL; the Lambdas learn the site's origin from
 * context (`webOrigin`), not from the web stack, which would be a cycle (docs/decisions.md,
 * records 9 and 26). The edge stack lives in us-east-1 whatever the platform's region, since
 * CloudFront takes web ACLs only from there; the web stack reads it with a weak cross-region
 * reference (`Fn::GetStackOutput`, cdk.json `@aws-cdk/core:defaultCrossStackReferences`).
 */
import { Annotations, type App, type Environment, Tags, Token } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Route } from '../lambdas/routes';
import { EDGE_REGION, type PlatformConfig, readPlatformConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { CrmStack } from './stacks/crm-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { OperationsStack } from './stacks/operations-stack';
import { WebStack } from './stacks/web-stack';

export interface PlatformOptions {
  /** Defaults to the deploying account/region (CDK_DEFAULT_*), or environment-agnostic offline. */
  env?: Environment;
  /** Test hooks; the real app uses the repository's files. */
  routes?: readonly Route[];
  includeCrmWorker?: boolean;
  crmWorkerEntry?: string;
  siteDirectory?: string;
}

export interface Platform {
  config: PlatformConfig;
  auth: AuthStack;
  data: DataStack;
  crm: CrmStack;
  api: ApiStack;
  edge: EdgeStack;
  web: WebStack;
  operations: OperationsStack;
}

export function createPlatform(app: App, options: PlatformOptions = {}): Platform {
  const config = readPlatformConfig(app);
  const env: Environment = options.env ?? {
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  };
  if (env.region === undefined || Token.isUnresolved(env.region)) {
    throw new Error(
      `The web stack reads the WAF web ACL from us-east-1 across regions, which needs an explicit region: run through "npx cdk" (it sets CDK_DEFAULT_REGION from your AWS configuration, us-east-1 without one) or set CDK_DEFAULT_REGION`,
    );
  }
  const name = (part: string) => `preu-${config.stage}-${part}`;
  const common = { env, config };

  const auth = new AuthStack(app, name('auth'), { ...common, description: 'Preu PAES: Cognito user pool' });
  const data = new DataStack(app, name('data'), { ...common, description: 'Preu PAES: DynamoDB tables' });
  const crm = new CrmStack(app, name('crm'), {
    ...common,
    description: 'Preu PAES: CRM update queue and worker',
    tables: data.tables,
    ...(options.includeCrmWorker !== undefined ? { includeWorker: options.includeCrmWorker } : {}),
    ...(options.crmWorkerEntry ? { workerEntry: options.crmWorkerEntry } : {}),
  });
  const api = new ApiStack(app, name('api'), {
    ...common,
    description: 'Preu PAES: HTTP API and its Lambda handlers',
    userPool: auth.userPool,
    userPoolClient: auth.webClient,
    tables: data.tables,
    crmQueue: crm.queue,
    ...(options.routes ? { routes: options.routes } : {}),
  });
  const edge = new EdgeStack(app, name('edge'), {
    config,
    env: { ...env, region: EDGE_REGION },
    description: 'Preu PAES: AWS WAF web ACL of the CloudFront distribution (us-east-1)',
  });
  const web = new WebStack(app, name('web'), {
    ...common,
    description: 'Preu PAES: web app and /api/ on S3 and CloudFront, behind the WAF web ACL',
    userPool: auth.userPool,
    userPoolClient: auth.webClient,
    apiDomainName: api.apiDomainName,
    webAclArn: edge.webAcl.attrArn,
    ...(options.siteDirectory ? { siteDirectory: options.siteDirectory } : {}),
  });

  const functions = new Map<string, IFunction>();
  for (const [module, fn] of api.functions) functions.set(`api-${module}`, fn.function);
  if (crm.worker) functions.set('crm-worker', crm.worker.function);
  const operations = new OperationsStack(app, name('operations'), {
    ...common,
    description: 'Preu PAES: alarms',
    httpApi: api.httpApi,
    apiStage: api.stage,
    crmDeadLetterQueue: crm.deadLetterQueue,
    functions,
  });

  if (!config.webOrigin) {
    Annotations.of(api).addWarningV2(
      'preu:web-origin-missing',
      `No webOrigin for stage ${config.stage}: the Lambdas get an empty WEB_ORIGIN (Stripe return URLs, links to the site). After the first deploy, set the web stack's WebUrl output as "webOrigin" (cdk.json stages.${config.stage}) and deploy again.`,
    );
  }

  Tags.of(app).add('project', 'preu-paes');
  Tags.of(app).add('stage', config.stage);
  return { config, auth, data, crm, api, edge, web, operations };
}
