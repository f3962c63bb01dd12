/**
 * One Lambda of the platform, bundled by the local esbuild (never Docker) as infra/lambda-bundle.ts
 * says, with its own role, its own log group, and exactly the grants infra/permissions.ts lists.
 */
import path from 'node:path';
import { AssetHashType, DockerImage, Duration, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { type TableKey, tableDefinitions } from '../../lambdas/data/tables';
import type { PlatformConfig } from '../config';
import { lambdaBuildOptions } from '../lambda-bundle';
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
  readonly function: LambdaFunction;
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

    const entry = path.join(REPO_ROOT, props.entry);
    this.function = new LambdaFunction(this, 'Function', {
      functionName,
      description: props.description,
      // NodejsFunction writes a single file; code splitting needs an output directory (infra/lambda-bundle.ts).
      code: Code.fromAsset(REPO_ROOT, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Required by the API, never pulled: the local bundling below always bundles or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          local: {
            tryBundle(outputDir) {
              buildSync(lambdaBuildOptions(entry, outputDir));
              return true;
            },
          },
        },
      }),
      handler: 'index.handler',
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
