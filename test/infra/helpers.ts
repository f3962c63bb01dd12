/**
 * Builds the platform the way infra/app.ts does, for template assertions: the context of cdk.json
 * (feature flags included) plus the test's own, with Lambda bundling and the CloudFormation
 * validator skipped so a whole app synthesizes in about a second. test/infra/synth.test.ts runs
 * the real `cdk synth` with both.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, type Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../infra/constructs/platform-function';
import { createPlatform, type Platform, type PlatformOptions } from '../../infra/platform';

export const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
  app: string;
  context: Record<string, unknown>;
};

/** A fixed environment keeps ARNs and stack outputs readable in failures. */
export const TEST_ENV = { account: '123456789012', region: 'sa-east-1' };

export type StackName = Exclude<keyof Platform, 'config'>;

export interface SynthesizedPlatform {
  app: App;
  platform: Platform;
  templates: Record<StackName, Template>;
}

const outdirs: string[] = [];

/** Deletes the cloud assemblies written by this file's apps (each holds ~20 MB of staged assets). */
export function removeSynthOutputs(): void {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function synthPlatform(
  context: Record<string, unknown> = {},
  options: PlatformOptions = {},
  { quiet = true }: { quiet?: boolean } = {},
): SynthesizedPlatform {
  const outdir = mkdtempSync(path.join(tmpdir(), 'preu-infra-test-'));
  outdirs.push(outdir);
  const app = new App({
    outdir,
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...context },
    builtinCloudFormationValidation: false,
  });
  // Never the developer's web/dist: a test gets a built site only when it passes one.
  const siteDirectory = options.siteDirectory ?? path.join(outdir, 'no-site');
  const platform = createPlatform(app, { env: TEST_ENV, ...options, siteDirectory });
  if (quiet && !existsSync(path.join(siteDirectory, 'index.html'))) {
    Validations.of(platform.web).acknowledge({
      id: 'Annotation::preu:web-dist-missing',
      reason:
        'web/dist is a build product the infra tests do not build; web.test.ts asserts this warning itself.',
    });
  }
  const stacks: Record<StackName, Stack> = {
    auth: platform.auth,
    data: platform.data,
    crm: platform.crm,
    api: platform.api,
    edge: platform.edge,
    web: platform.web,
    operations: platform.operations,
  };
  const templates = Object.fromEntries(
    Object.entries(stacks).map(([name, stack]) => [name, Template.fromStack(stack)]),
  ) as Record<StackName, Template>;
  return { app, platform, templates };
}

/** A resource of a synthesized template (CloudFormation JSON, untyped by nature). */
export interface CfnResourceJson {
  Type: string;
  // biome-ignore lint/suspicious/noExplicitAny: template JSON; each test states the shape it expects.
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

/** The resources of a type as `[logicalId, resource]` pairs. */
export function resourcesOf(template: Template, type: string): [string, CfnResourceJson][] {
  return Object.entries(template.findResources(type) as Record<string, CfnResourceJson>).map(
    ([id, resource]) => [id, { ...resource, Properties: resource.Properties ?? {} }],
  );
}

/** The one resource of a type (fails when there are none or several). */
export function onlyResource(template: Template, type: string): CfnResourceJson {
  const found = resourcesOf(template, type);
  if (found.length !== 1) throw new Error(`Expected one ${type}, found ${found.length}`);
  return (found[0] as [string, CfnResourceJson])[1];
}

/** Every IAM policy statement in a template, with the logical id of the policy or role. */
export function policyStatements(template: Template): { owner: string; statement: IamStatement }[] {
  const found: { owner: string; statement: IamStatement }[] = [];
  for (const [id, policy] of resourcesOf(template, 'AWS::IAM::Policy')) {
    const document = policy.Properties.PolicyDocument as { Statement: IamStatement[] };
    for (const statement of document.Statement) found.push({ owner: id, statement });
  }
  for (const [id, role] of resourcesOf(template, 'AWS::IAM::Role')) {
    for (const inline of (role.Properties.Policies as { PolicyDocument: { Statement: IamStatement[] } }[]) ??
      []) {
      for (const statement of inline.PolicyDocument.Statement) found.push({ owner: id, statement });
    }
  }
  return found;
}

export interface IamStatement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  Principal?: unknown;
}

export const asList = <T>(value: T | T[] | undefined): T[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** The logical id of a construct's CloudFormation resource, as written in its own stack's template. */
export function logicalId(stack: Stack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.resolve(stack.getLogicalId(construct.node.defaultChild as never)) as string;
}
