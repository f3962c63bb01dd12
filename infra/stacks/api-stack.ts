/**
 * The HTTP API, generated from the route table (lambdas/routes.ts): one Lambda per handler module
 * that the table uses, one route per row, the Cognito JWT authorizer on every `user` route and
 * on no other, CORS for the site's origin only, JSON access logs and stage throttling.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  type HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { TableKey } from '../../lambdas/data/tables';
import { type HandlerModule, type Route, routeKey, routes as routeTable } from '../../lambdas/routes';
import type { PlatformConfig } from '../config';
import { PlatformFunction, REPO_ROOT } from '../constructs/platform-function';
import { HANDLER_PERMISSIONS } from '../permissions';

export const handlerEntry = (module: HandlerModule) => `lambdas/http/${module}.ts`;

/** Why a route without the JWT authorizer is still safe; cdk-nag's APIG4 needs the reason. */
const OPEN_ROUTE_REASONS: Record<Exclude<Route['access'], 'user'>, string> = {
  public: 'Public by design in the route table (access "public"): it serves no student data.',
  'stripe-signature':
    'Called by Stripe, which cannot hold a Cognito token; the handler verifies the Stripe-Signature header with the webhook signing secret before doing anything.',
};

export interface ApiStackProps extends StackProps {
  config: PlatformConfig;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  tables: Record<TableKey, ITable>;
  crmQueue: IQueue;
  /** The route table; tests pass variations of it. */
  routes?: readonly Route[];
}

export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<HandlerModule, PlatformFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const routes = props.routes ?? routeTable;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.stage}-preu-api`,
      description: 'Preu PAES API (routes generated from lambdas/routes.ts)',
      createDefaultStage: false,
      ...(config.webOrigin
        ? {
            corsPreflight: {
              allowOrigins: [config.webOrigin],
              allowMethods: [...new Set(routes.map((route) => route.method)), 'OPTIONS'].map(
                (method) => CorsHttpMethod[method as keyof typeof CorsHttpMethod],
              ),
              allowHeaders: ['authorization', 'content-type'],
              maxAge: Duration.days(1),
            },
          }
        : {}),
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/preu/${config.stage}/api-access`,
      retention: config.settings.logRetention,
      removalPolicy: config.settings.removalPolicy,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: config.settings.apiThrottle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoIdToken', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    const functions = new Map<HandlerModule, PlatformFunction>();
    const integrations = new Map<HandlerModule, HttpLambdaIntegration>();
    for (const module of new Set(routes.map((route) => route.module))) {
      const entry = handlerEntry(module);
      if (!existsSync(path.join(REPO_ROOT, entry))) {
        throw new Error(`The route table uses module "${module}" but ${entry} does not exist`);
      }
      const fn = new PlatformFunction(this, `${pascal(module)}Handler`, {
        name: `api-${module}`,
        entry,
        description: `API handlers of the ${module} module (${entry})`,
        config,
        tables: props.tables,
        crmQueue: props.crmQueue,
        permissions: HANDLER_PERMISSIONS[module],
      });
      functions.set(module, fn);
      integrations.set(module, new HttpLambdaIntegration(`${pascal(module)}Integration`, fn.function));
    }
    this.functions = functions;

    for (const route of routes) {
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.module) as HttpLambdaIntegration,
        ...(route.access === 'user' ? { authorizer } : {}),
      });
      if (route.access !== 'user' && httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)}: ${OPEN_ROUTE_REASONS[route.access]}`,
        });
      }
    }

    new CfnOutput(this, 'ApiUrl', { value: this.httpApi.apiEndpoint, description: 'Base URL of the API' });
  }
}

const pascal = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
