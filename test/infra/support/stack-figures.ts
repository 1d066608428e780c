import { statSync } from 'node:fs';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';

/**
 * The budget every stack is held to, below CloudFormation's and API Gateway's hard limits so a
 * coming issue finds room (README, "Stack budget").
 */
export const BUDGET = {
  /** CloudFormation: 500 resources per stack. */
  resources: 400,
  /** API Gateway: 300 routes per HTTP API. */
  routes: 250,
  /** Lambda: 20 KB per function's resource-based policy. */
  resourcePolicyBytes: 10 * 1024,
  /** IAM: 10,240 characters of inline policies per role (whitespace aside). */
  rolePolicyChars: 8 * 1024,
  /** CloudFormation: 200 outputs (exports included) and 200 parameters per template. */
  outputs: 150,
  parameters: 150,
  /** CloudFormation: 1 MB template body (uploaded through S3, as CDK does). */
  templateBytes: 800 * 1024,
} as const;

export interface StackFigures {
  readonly stack: string;
  readonly resources: number;
  readonly routes: number;
  readonly functions: number;
  /** Lambda::Permission resources in the stack. */
  readonly permissions: number;
  readonly outputs: number;
  readonly parameters: number;
  readonly templateBytes: number;
  /** The largest estimated resource policy among the stack's functions, and whose. */
  readonly largestPolicy: { readonly function: string; readonly bytes: number; readonly statements: number };
  /** The largest estimated inline policies of one role (a function's grants), and whose. */
  readonly largestRolePolicy: { readonly role: string; readonly chars: number };
}

interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
}

interface CfnTemplate {
  readonly Resources?: Record<string, CfnResource>;
  readonly Outputs?: Record<string, unknown>;
  readonly Parameters?: Record<string, unknown>;
}

// The longest values these tokens take in an account, so the estimate errs high.
const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws-us-gov',
  'AWS::Region': 'ap-southeast-2',
  'AWS::AccountId': '123456789012',
  'AWS::URLSuffix': 'amazonaws.com.cn',
  'AWS::StackName': 'x'.repeat(128),
};
const FUNCTION_NAME = 'x'.repeat(64);
const functionArn = `arn:${PSEUDO['AWS::Partition']}:lambda:${PSEUDO['AWS::Region']}:${PSEUDO['AWS::AccountId']}:function:${FUNCTION_NAME}`;

/** A CloudFormation value as the string it becomes once deployed (tokens at their longest). */
function render(value: unknown, resources: Record<string, CfnResource>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => render(v, resources)).join(',');
  const intrinsic = value as Record<string, unknown>;
  if ('Ref' in intrinsic) {
    const ref = String(intrinsic.Ref);
    if (PSEUDO[ref]) return PSEUDO[ref];
    const type = resources[ref]?.Type;
    if (type === 'AWS::ApiGatewayV2::Api') return 'a1b2c3d4e5';
    return FUNCTION_NAME;
  }
  if ('Fn::GetAtt' in intrinsic) {
    const [id, attribute] = intrinsic['Fn::GetAtt'] as [string, string];
    if (resources[id]?.Type === 'AWS::Lambda::Function' && attribute === 'Arn') return functionArn;
    return 'x'.repeat(128);
  }
  if ('Fn::Join' in intrinsic) {
    const [separator, parts] = intrinsic['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => render(p, resources)).join(separator);
  }
  // Fn::ImportValue, Fn::Select, ...: an ARN's length.
  return 'x'.repeat(128);
}

/** A CloudFormation value with every intrinsic rendered (`render`), structures kept. */
function renderDeep(value: unknown, resources: Record<string, CfnResource>): unknown {
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, resources));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::')))
      return render(value, resources);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, resources)]));
  }
  return value;
}

/**
 * The inline policies of each role of a template (`AWS::IAM::Policy` resources naming it), in
 * characters as IAM counts them (JSON without whitespace), tokens at their longest.
 */
export function rolePolicies(template: { Resources?: Record<string, CfnResource> }): Map<string, number> {
  const resources = template.Resources ?? {};
  const sizes = new Map<string, number>();
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const p = resource.Properties ?? {};
    const chars = JSON.stringify(renderDeep(p.PolicyDocument, resources)).length;
    for (const role of (p.Roles as unknown[] | undefined) ?? []) {
      const key =
        typeof role === 'object' && role && 'Ref' in role
          ? String((role as { Ref: string }).Ref)
          : JSON.stringify(role);
      sizes.set(key, (sizes.get(key) ?? 0) + chars);
    }
  }
  return sizes;
}

/** Which function a permission targets: a local logical id, or the import it names. */
function targetOf(functionName: unknown, stack: string): string {
  const intrinsic = functionName as Record<string, unknown>;
  if (typeof functionName === 'string') return functionName;
  if ('Fn::GetAtt' in intrinsic) return `${stack}/${(intrinsic['Fn::GetAtt'] as string[])[0]}`;
  if ('Ref' in intrinsic) return `${stack}/${String(intrinsic.Ref)}`;
  return JSON.stringify(functionName);
}

/**
 * The resource-based policy Lambda keeps for each function, estimated from the
 * `AWS::Lambda::Permission` resources of every stack that target it: one statement each, as
 * Lambda serializes it (statement id = stack name, logical id and a suffix, as CloudFormation
 * names a permission), with every token at its longest. Keyed by `<stack>/<logical id>`.
 */
export function resourcePolicies(
  assembly: CloudAssembly,
): Map<string, { bytes: number; statements: number }> {
  const statements = new Map<string, unknown[]>();
  for (const artifact of assembly.stacks) {
    const resources = (artifact.template as CfnTemplate).Resources ?? {};
    for (const [id, resource] of Object.entries(resources)) {
      if (resource.Type !== 'AWS::Lambda::Permission') continue;
      const p = resource.Properties ?? {};
      const statement = {
        Sid: `${artifact.stackName}-${id}-ABCDEFGHIJKL`.slice(0, 100),
        Effect: 'Allow',
        Principal: { Service: render(p.Principal, resources) },
        Action: render(p.Action, resources),
        Resource: functionArn,
        ...(p.SourceArn || p.SourceAccount
          ? {
              Condition: {
                ...(p.SourceAccount
                  ? { StringEquals: { 'AWS:SourceAccount': render(p.SourceAccount, resources) } }
                  : {}),
                ...(p.SourceArn ? { ArnLike: { 'AWS:SourceArn': render(p.SourceArn, resources) } } : {}),
              },
            }
          : {}),
      };
      const target = targetOf(p.FunctionName, artifact.stackName);
      statements.set(target, [...(statements.get(target) ?? []), statement]);
    }
  }
  return new Map(
    [...statements].map(([target, list]) => [
      target,
      {
        bytes: Buffer.byteLength(JSON.stringify({ Version: '2012-10-17', Id: 'default', Statement: list })),
        statements: list.length,
      },
    ]),
  );
}

/** Resources, routes, outputs, parameters, template size and the largest function policy, per stack. */
export function stackFigures(assembly: CloudAssembly): StackFigures[] {
  const policies = resourcePolicies(assembly);
  return assembly.stacks.map((artifact) => {
    const template = artifact.template as CfnTemplate;
    const resources = Object.entries(template.Resources ?? {});
    const count = (type: string) => resources.filter(([, r]) => r.Type === type).length;
    const largest = resources
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([id]) => ({
        function: id,
        ...(policies.get(`${artifact.stackName}/${id}`) ?? { bytes: 0, statements: 0 }),
      }))
      .reduce((a, b) => (b.bytes > a.bytes ? b : a), { function: '-', bytes: 0, statements: 0 });
    const largestRole = [...rolePolicies(template)]
      .map(([role, chars]) => ({ role, chars }))
      .reduce((a, b) => (b.chars > a.chars ? b : a), { role: '-', chars: 0 });
    return {
      stack: artifact.stackName,
      resources: resources.length,
      routes: count('AWS::ApiGatewayV2::Route'),
      functions: count('AWS::Lambda::Function'),
      permissions: count('AWS::Lambda::Permission'),
      outputs: Object.keys(template.Outputs ?? {}).length,
      parameters: Object.keys(template.Parameters ?? {}).length,
      templateBytes: statSync(artifact.templateFullPath).size,
      largestPolicy: largest,
      largestRolePolicy: largestRole,
    };
  });
}

/** The figures as a small text table, for the CI log. */
export function figuresTable(title: string, figures: readonly StackFigures[]): string {
  const header = [
    'stack',
    'resources',
    'routes',
    'functions',
    'permissions',
    'outputs',
    'params',
    'template KB',
    'largest fn policy (B)',
    'largest role policy (chars)',
  ];
  const rows = figures.map((f) => [
    f.stack,
    `${f.resources}/${BUDGET.resources}`,
    `${f.routes}/${BUDGET.routes}`,
    String(f.functions),
    String(f.permissions),
    String(f.outputs),
    String(f.parameters),
    (f.templateBytes / 1024).toFixed(0),
    f.largestPolicy.bytes ? `${f.largestPolicy.bytes} (${f.largestPolicy.statements} st.)` : '-',
    f.largestRolePolicy.chars ? String(f.largestRolePolicy.chars) : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [title, line(header), ...rows.map(line)].join('\n');
}
