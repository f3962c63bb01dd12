/**
 * The HTTP API against the route table: a route per row, the JWT authorizer exactly on `user`
 * rows, one Lambda per module with the runtime, environment and grants infra/permissions.ts says.
 */
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_SETTINGS, STAGES, THROTTLED_ROUTES, type ThrottledRouteGroup } from '../../infra/config';
import { HANDLER_PERMISSIONS, TABLE_ACTIONS } from '../../infra/permissions';
import { SECRET_PARAMETERS, type SecretKey } from '../../infra/secrets';
import { tableName } from '../../lambdas/data/tables';
import { type HandlerModule, type Route, routeKey, routes } from '../../lambdas/routes';
import {
  asList,
  type IamStatement,
  logicalId,
  onlyResource,
  policyStatements,
  removeSynthOutputs,
  resourcesOf,
  type SynthesizedPlatform,
  synthPlatform,
} from './helpers';

afterAll(removeSynthOutputs);

const WEB_ORIGIN = 'https://www.preu.example';

/**
 * The real table plus a Stripe-signed row, so the authorizer rule is checked for every access kind
 * even before the Stripe issue registers its route. Its module must have a handler file; the
 * bundling step is skipped here, so only the wiring is asserted.
 */
const TABLE: readonly Route[] = [
  ...routes,
  {
    method: 'POST',
    path: '/api/test/signed',
    module: 'health',
    operation: 'getHealth',
    access: 'stripe-signature',
  },
];

let synth: SynthesizedPlatform;
let api: Template;

beforeAll(() => {
  synth = synthPlatform(
    { webOrigin: WEB_ORIGIN, hubspotTicketPipeline: 'tutorias', stripePriceYearly: 'price_yearly' },
    { routes: TABLE },
  );
  api = synth.templates.api;
});

const routeResources = () =>
  resourcesOf(api, 'AWS::ApiGatewayV2::Route').map(
    ([, resource]) => resource.Properties as Record<string, unknown>,
  );

describe('routes from lambdas/routes.ts', () => {
  it('has exactly one API route per row of the route table', () => {
    const keys = routeResources().map((route) => route.RouteKey);
    expect([...keys].sort()).toEqual(TABLE.map(routeKey).sort());
  });

  it('puts the Cognito JWT authorizer on every user route and on no other', () => {
    const authorizers = resourcesOf(api, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [authorizerId] = authorizers[0] as [string, unknown];
    const byKey = new Map(routeResources().map((route) => [route.RouteKey as string, route]));
    for (const route of TABLE) {
      const resource = byKey.get(routeKey(route));
      if (route.access === 'user') {
        expect(resource, routeKey(route)).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: authorizerId },
        });
      } else {
        expect(resource?.AuthorizationType, routeKey(route)).toBe('NONE');
        expect(resource?.AuthorizerId, routeKey(route)).toBeUndefined();
      }
    }
  });

  it('verifies ID tokens of the platform pool issued to the web client', () => {
    expect(onlyResource(api, 'AWS::ApiGatewayV2::Authorizer').Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [outputOf('preu-dev-auth', 'RefUserPoolWebClient')],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.sa-east-1.amazonaws.com/', outputOf('preu-dev-auth', 'RefUserPool')],
          ],
        },
      },
    });
  });

  it('routes each row to the Lambda of its module', () => {
    const integrations = new Map(
      resourcesOf(api, 'AWS::ApiGatewayV2::Integration').map(([id, resource]) => [id, resource.Properties]),
    );
    for (const route of routeResources()) {
      const row = TABLE.find((r) => routeKey(r) === route.RouteKey) as Route;
      const target = (route.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1][1] as {
        Ref: string;
      };
      const integration = integrations.get(target.Ref);
      const fn = synth.platform.api.functions.get(row.module)?.function;
      expect(fn, row.module).toBeDefined();
      expect(integration?.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalId(synth.platform.api, fn as never), 'Arn'],
      });
      expect(integration?.PayloadFormatVersion).toBe('2.0');
    }
  });
});

describe('Lambda per handler module', () => {
  const modules = [...new Set(TABLE.map((route) => route.module))];

  it('creates one function per module used by the table, and none for unused modules', () => {
    expect([...synth.platform.api.functions.keys()].sort()).toEqual([...modules].sort());
    expect(resourcesOf(api, 'AWS::Lambda::Function')).toHaveLength(modules.length);
  });

  it('runs the newest Node runtime on arm64 with a bounded timeout', () => {
    for (const [, fn] of resourcesOf(api, 'AWS::Lambda::Function')) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 512,
        Timeout: 10,
      });
    }
  });

  it('tells every function its stage, tables, queue and the site origin; secret names only where readable', () => {
    for (const module of modules) {
      const fn = synth.platform.api.functions.get(module)?.function;
      const resource = api.toJSON().Resources[logicalId(synth.platform.api, fn as never)];
      const variables = resource.Properties.Environment.Variables as Record<string, unknown>;
      expect(variables).toMatchObject({
        STAGE: 'dev',
        WEB_ORIGIN,
        USERS_TABLE: outputOf('preu-dev-data', 'RefUsersTable'),
        CONTENT_TABLE: outputOf('preu-dev-data', 'RefContentTable'),
        EVENTS_TABLE: outputOf('preu-dev-data', 'RefEventsTable'),
        CRM_QUEUE_URL: outputOf('preu-dev-crm', 'RefQueue'),
        // Integration settings from context, only those that are set.
        HUBSPOT_TICKET_PIPELINE: 'tutorias',
        STRIPE_PRICE_YEARLY: 'price_yearly',
      });
      expect(variables.STRIPE_PRICE_MONTHLY).toBeUndefined();
      for (const key of Object.keys(SECRET_PARAMETERS) as SecretKey[]) {
        const expected = HANDLER_PERMISSIONS[module].secrets.includes(key)
          ? `/preu/dev/${SECRET_PARAMETERS[key].path}`
          : undefined;
        expect(variables[SECRET_PARAMETERS[key].envVar], `${module} ${key}`).toBe(expected);
      }
    }
  });

  it('grants each function exactly the tables, queue and parameters of infra/permissions.ts', () => {
    const statements = policyStatements(api);
    const data = synth.platform.data;
    const tableIdOf = new Map(
      (['users', 'content', 'events'] as const).map((key) => [logicalId(data, data.tables[key]), key]),
    );
    for (const module of modules) {
      const fn = synth.platform.api.functions.get(module) as NonNullable<
        ReturnType<typeof synth.platform.api.functions.get>
      >;
      const policyId = logicalId(synth.platform.api, fn.role.node.findChild('DefaultPolicy') as never);
      const own = statements.filter((s) => s.owner === policyId).map((s) => s.statement);
      const granted = grantsOf(own, tableIdOf);
      const expected = HANDLER_PERMISSIONS[module as HandlerModule];
      expect(granted.tables, module).toEqual(
        Object.fromEntries(
          Object.entries(expected.tables).map(([key, access]) => [key, [...TABLE_ACTIONS[access]].sort()]),
        ),
      );
      expect(granted.queueSend, module).toBe(expected.sendsCrmUpdates);
      expect(granted.parameters.sort(), module).toEqual(
        expected.secrets.map((key) => `parameter/preu/dev/${SECRET_PARAMETERS[key].path}`).sort(),
      );
      expect(granted.other, module).toEqual(['logs:CreateLogStream,logs:PutLogEvents']);
    }
  });
});

describe('stage', () => {
  it('writes JSON access logs and throttles the default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
      DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 },
    });
  });

  it('configures no CORS: browsers call it on the site origin, through CloudFront', () => {
    expect(onlyResource(api, 'AWS::ApiGatewayV2::Api').Properties.CorsConfiguration).toBeUndefined();
  });

  it('throttles each writing route of THROTTLED_ROUTES at its group limit, below the stage default', () => {
    const stage = onlyResource(api, 'AWS::ApiGatewayV2::Stage');
    const expected = Object.fromEntries(
      (Object.entries(THROTTLED_ROUTES) as [ThrottledRouteGroup, readonly string[]][]).flatMap(
        ([group, keys]) =>
          keys.map((key) => [
            key,
            {
              ThrottlingRateLimit: STAGE_SETTINGS.dev.routeThrottles[group].rateLimit,
              ThrottlingBurstLimit: STAGE_SETTINGS.dev.routeThrottles[group].burstLimit,
            },
          ]),
      ),
    );
    expect(stage.Properties.RouteSettings).toEqual(expected);
    expect(Object.keys(expected)).toEqual(
      expect.arrayContaining([
        'POST /api/user/signup-v2',
        'POST /api/hubspot/submission/register',
        'POST /api/hubspot/submission/contact',
        'POST /api/hubspot/ticket',
        'POST /api/tutorial',
        'POST /api/stripe/checkout',
        'POST /api/exam/{id}/attempt',
        'POST /api/exam/progress',
      ]),
    );
    for (const stageName of STAGES) {
      const { apiThrottle, routeThrottles } = STAGE_SETTINGS[stageName];
      for (const [group, limit] of Object.entries(routeThrottles)) {
        expect(limit.rateLimit, `${stageName} ${group}`).toBeLessThanOrEqual(apiThrottle.rateLimit);
        expect(limit.burstLimit, `${stageName} ${group}`).toBeLessThanOrEqual(apiThrottle.burstLimit);
        expect(limit.burstLimit, `${stageName} ${group}`).toBeGreaterThanOrEqual(limit.rateLimit);
      }
    }
  });

  it('creates the throttled routes before the stage that names them', () => {
    const stage = Object.values(api.findResources('AWS::ApiGatewayV2::Stage'))[0] as { DependsOn: string[] };
    const routeIds = new Map(
      resourcesOf(api, 'AWS::ApiGatewayV2::Route').map(([id, route]) => [route.Properties.RouteKey, id]),
    );
    for (const key of Object.values(THROTTLED_ROUTES).flat()) {
      expect(stage.DependsOn, key).toContain(routeIds.get(key));
    }
  });

  it('refuses a throttled route that the route table does not have', () => {
    expect(() =>
      synthPlatform({}, { routes: routes.filter((route) => route.path !== '/api/hubspot/ticket') }),
    ).toThrow(/THROTTLED_ROUTES\.tickets names "POST \/api\/hubspot\/ticket"/);
  });

  it('names the tables of the stage', () => {
    expect(synth.templates.data.toJSON().Resources).toBeDefined();
    synth.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: tableName('dev', 'users'),
    });
  });
});

/** A value read from another stack's output (cross-stack reference). */
const outputOf = (stackName: string, outputPart: string) =>
  expect.objectContaining({
    'Fn::GetStackOutput': expect.objectContaining({
      StackName: stackName,
      OutputName: expect.stringContaining(outputPart),
    }),
  });

/** Reads a function's statements back into tables → actions, queue send, parameter names. */
function grantsOf(statements: IamStatement[], tableIdOf: Map<string, string>) {
  const tables: Record<string, string[]> = {};
  let queueSend = false;
  const parameters: string[] = [];
  const other: string[] = [];
  for (const statement of statements) {
    const actions = asList(statement.Action);
    const resources = asList(statement.Resource);
    if (actions.every((action) => action.startsWith('dynamodb:'))) {
      for (const resource of resources) {
        const text = JSON.stringify(resource);
        const table = [...tableIdOf].find(([id]) => text.includes(`FnGetAtt${id}Arn`))?.[1];
        expect(table, text).toBeDefined();
        if (text.includes('/index/')) {
          expect(actions).toEqual(['dynamodb:Query']);
        } else {
          tables[table as string] = [...actions].sort();
        }
      }
    } else if (actions.every((action) => action.startsWith('sqs:'))) {
      expect(actions).toEqual(['sqs:SendMessage']);
      queueSend = true;
    } else if (actions.every((action) => action.startsWith('ssm:'))) {
      expect(actions).toEqual(['ssm:GetParameter']);
      for (const resource of resources)
        parameters.push(/parameter\/[^"]+/.exec(JSON.stringify(resource))?.[0] ?? '');
    } else {
      other.push(actions.join(','));
    }
  }
  return { tables, queueSend, parameters, other };
}

describe('without a site origin (first deploy of a stage)', () => {
  let fresh: SynthesizedPlatform;
  beforeAll(() => {
    fresh = synthPlatform();
  });

  it('tells the functions they have no site origin, and warns', () => {
    expect(
      onlyResource(fresh.templates.api, 'AWS::ApiGatewayV2::Api').Properties.CorsConfiguration,
    ).toBeUndefined();
    for (const [id, fn] of resourcesOf(fresh.templates.api, 'AWS::Lambda::Function')) {
      expect(fn.Properties.Environment.Variables.WEB_ORIGIN, id).toBe('');
    }
    Annotations.fromStack(fresh.platform.api).hasWarning('*', Match.stringLikeRegexp('webOrigin'));
  });
});
