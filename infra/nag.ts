/**
 * cdk-nag helpers. cdk-nag 3 acknowledges each IAM5 finding by its exact text
 * (`AwsSolutions-IAM5[Resource::<SiteE53D7754.Arn>/*]`), which for policies written by
 * aws-cdk-lib's own constructs depends on logical ids and the target environment. This computes
 * the findings the way cdk-nag does and acknowledges only those matching an expected pattern, so a
 * new, unexpected wildcard still fails the check.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { Policy } from 'aws-cdk-lib/aws-iam';

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

export function acknowledgeExpectedWildcards(policy: Policy, expected: RegExp[], reason: string): string[] {
  const document = Stack.of(policy).resolve(policy.document) as { Statement?: PolicyStatementJson[] };
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of list(statement.Action))
      if (String(action).includes('*')) findings.add(`Action::${action}`);
    for (const resource of list(statement.Resource).map(flatten)) {
      if (resource.includes('*')) findings.add(`Resource::${resource}`);
    }
  }
  const acknowledged: string[] = [];
  for (const finding of findings) {
    if (!expected.some((pattern) => pattern.test(finding))) continue;
    Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
    acknowledged.push(finding);
  }
  return acknowledged;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** cdk-nag's rendering of a CloudFormation value: `${X}` → `<X>`, GetAtt → `<Id.Attr>`, Ref → `<Id>`. */
function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/}/g, '>');
  const value = node as Record<string, unknown>;
  if (value['Fn::Join']) {
    const [delimiter, items] = value['Fn::Join'] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (value['Fn::Sub']) return flatten(value['Fn::Sub']);
  if (value['Fn::GetAtt']) {
    const [resource, attribute] = value['Fn::GetAtt'] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  if (value['Fn::ImportValue']) return flatten(value['Fn::ImportValue']);
  if (value.Ref) return `<${flatten(value.Ref)}>`;
  return JSON.stringify(node);
}
