/**
 * The HTTP API, generated from the route table (lambdas/routes.ts): one Lambda per handler module
 * that the table uses, one route per row, the Cognito JWT authorizer on every `user` route and
 * on no other, JSON access logs, and throttling of the stage and of the writing routes that
 * matter (infra/config.ts). No CORS: browsers reach it through the site's own CloudFront
 * distribution (`/api/*`, same origin; docs/decisions.md record 26).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Fn, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpRoute,
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
import { type PlatformConfig, THROTTLED_ROUTES, type ThrottledRouteGroup } from '../config';
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
  /** `<id>.execute-api.<region>.amazonaws.com`: the origin of the site's `/api/*` behaviour. */
  readonly apiDomainName: string;
  readonly functions: ReadonlyMap<HandlerModule, PlatformFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const routes = props.routes ?? routeTable;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${config.stage}-preu-api`,
      description: 'Preu PAES API (routes generated from lambdas/routes.ts)',
      createDefaultStage: false,
    });
    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));

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

    const routesByKey = new Map<string, HttpRoute>();
    for (const route of routes) {
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations.get(route.module) as HttpLambdaIntegration,
        ...(route.access === 'user' ? { authorizer } : {}),
      });
      if (httpRoute) routesByKey.set(routeKey(route), httpRoute);
      if (route.access !== 'user' && httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)}: ${OPEN_ROUTE_REASONS[route.access]}`,
        });
      }
    }

    this.throttleRoutes(config, routesByKey);

    new CfnOutput(this, 'ApiUrl', {
      value: this.httpApi.apiEndpoint,
      description:
        'Direct URL of the API (execute-api), for operators and the Stripe webhook; browsers use the site URL + /api/',
    });
  }

  /** Route-level throttles on top of the stage default (THROTTLED_ROUTES, per-stage limits). */
  private throttleRoutes(config: PlatformConfig, routesByKey: ReadonlyMap<string, HttpRoute>) {
    const settings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [group, keys] of Object.entries(THROTTLED_ROUTES) as [
      ThrottledRouteGroup,
      readonly string[],
    ][]) {
      const { rateLimit, burstLimit } = config.settings.routeThrottles[group];
      for (const key of keys) {
        const route = routesByKey.get(key);
        if (!route) {
          throw new Error(
            `infra/config.ts THROTTLED_ROUTES.${group} names "${key}", which is not in the route table`,
          );
        }
        settings[key] = { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit };
        // API Gateway refuses route settings for a route that does not exist yet.
        this.stage.node.addDependency(route);
      }
    }
    (this.stage.node.defaultChild as CfnStage).routeSettings = settings;
  }
}

const pascal = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
