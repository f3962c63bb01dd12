/**
 * One Lambda of the platform: a NodejsFunction bundled by the local esbuild (never Docker) with
 * its own role, its own log group, and exactly the grants infra/permissions.ts lists for it.
 */
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type TableKey, tableDefinitions } from '../../lambdas/data/tables';
import type { PlatformConfig } from '../config';
import { type Permissions, QUEUE_SEND_ACTIONS, SECRET_READ_ACTIONS, TABLE_ACTIONS } from '../permissions';
import { SECRET_PARAMETERS, secretParameterName } from '../secrets';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** What every function is told about its surroundings (the names lambdas/lib/config.ts reads). */
export interface FunctionEnvironmentInput {
  config: PlatformConfig;
  tables: Record<TableKey, ITable>;
  crmQueue: IQueue;
}

/**
 * The environment of one function. Secret parameter names are given only to functions allowed to
 * read them: lambdas/lib/secrets.ts takes a configured name as "use the real provider".
 */
export function functionEnvironment(
  { config, tables, crmQueue }: FunctionEnvironmentInput,
  permissions: Permissions,
): Record<string, string> {
  const secretNames = Object.fromEntries(
    permissions.secrets.map((key) => [SECRET_PARAMETERS[key].envVar, secretParameterName(config.stage, key)]),
  );
  return {
    STAGE: config.stage,
    USERS_TABLE: tables.users.tableName,
    CONTENT_TABLE: tables.content.tableName,
    EVENTS_TABLE: tables.events.tableName,
    // Empty until ops configures the site origin: browsers are then refused rather than misdirected.
    WEB_ORIGIN: config.webOrigin ?? '',
    CRM_QUEUE_URL: crmQueue.queueUrl,
    ...config.functionSettings,
    ...secretNames,
    LOG_LEVEL: config.settings.logLevel,
  };
}

export interface PlatformFunctionProps extends FunctionEnvironmentInput {
  /** Physical name suffix: `<stage>-preu-<name>`. */
  name: string;
  /** Source file relative to the repo root, exporting `handler`. */
  entry: string;
  description: string;
  permissions: Permissions;
  timeout?: Duration;
  memorySize?: number;
}

export class PlatformFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: PlatformFunctionProps) {
    super(scope, id);
    const { config } = props;
    const functionName = `${config.stage}-preu-${props.name}`;

    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: config.settings.logRetention,
      removalPolicy: config.settings.removalPolicy,
    });
    // A role of its own instead of AWSLambdaBasicExecutionRole: logs only to its own group.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runtime role of ${functionName}`,
    });
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    grantPermissions(this.role, props.permissions, props);

    this.function = new NodejsFunction(this, 'Function', {
      functionName,
      description: props.description,
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        ...functionEnvironment(props, props.permissions),
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        // ESM builds of dependencies tree-shake better; the banner gives CommonJS dependencies `require`.
        mainFields: ['module', 'main'],
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        target: 'node24',
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.EXTERNAL,
        sourcesContent: false,
        // Bundle the AWS SDK too: the versions in package-lock.json are the ones tested.
        bundleAwsSDK: true,
        externalModules: [],
      },
    });
  }
}

/** Adds the statements of a permission entry to a role (tables, queue, secret parameters). */
export function grantPermissions(
  role: Role,
  permissions: Permissions,
  resources: { config: PlatformConfig; tables: Record<TableKey, ITable>; crmQueue: IQueue },
): void {
  for (const [key, access] of Object.entries(permissions.tables) as [TableKey, 'read' | 'readWrite'][]) {
    const table = resources.tables[key];
    role.addToPolicy(
      new PolicyStatement({ actions: [...TABLE_ACTIONS[access]], resources: [table.tableArn] }),
    );
    const indexes = tableDefinitions[key].globalSecondaryIndexes;
    if (indexes.length > 0) {
      role.addToPolicy(
        new PolicyStatement({
          actions: ['dynamodb:Query'],
          resources: indexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
        }),
      );
    }
  }
  if (permissions.sendsCrmUpdates) {
    role.addToPolicy(
      new PolicyStatement({ actions: [...QUEUE_SEND_ACTIONS], resources: [resources.crmQueue.queueArn] }),
    );
  }
  if (permissions.secrets.length > 0) {
    const stack = Stack.of(role);
    role.addToPolicy(
      new PolicyStatement({
        actions: [...SECRET_READ_ACTIONS],
        resources: permissions.secrets.map((key) =>
          stack.formatArn({
            service: 'ssm',
            resource: 'parameter',
            // formatArn adds the slash; the name's leading one would double it.
            resourceName: secretParameterName(resources.config.stage, key).slice(1),
          }),
        ),
      }),
    );
  }
}
