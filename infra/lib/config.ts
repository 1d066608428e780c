import type { Node } from 'constructs';

/** Deployment options, from CDK context (`-c key=value` or cdk.json). */
export interface AppConfig {
  /** e.g. freguesia.com.br; tenants are served on `*.freguesia.com.br`. */
  readonly domainName?: string;
  /** ACM certificate in us-east-1 covering `*.{domainName}` (CloudFront only reads us-east-1). */
  readonly certificateArn?: string;
  /** Optional stage (dev, staging, prod): prefixes the stack names so stages share an account. */
  readonly stage?: string;
}

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const acmUsEast1 = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
const stageName = /^[a-z][a-z0-9-]{0,19}$/;

/** Reads and validates the context; fails the synth with a message saying what to fix. */
export function readConfig(node: Node): AppConfig {
  const domainName = optionalString(node, 'domainName')?.toLowerCase();
  const certificateArn = optionalString(node, 'certificateArn');
  const stage = optionalString(node, 'stage');

  if (domainName !== undefined && !hostName.test(domainName)) {
    throw new Error(
      `Context domainName "${domainName}" must be a bare domain such as freguesia.com.br (no "*.", no scheme).`,
    );
  }
  if (certificateArn !== undefined && !acmUsEast1.test(certificateArn)) {
    throw new Error(
      `Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront requirement), got "${certificateArn}".`,
    );
  }
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context domainName and certificateArn go together: pass both or neither.');
  }
  if (stage !== undefined && !stageName.test(stage)) {
    throw new Error(`Context stage "${stage}" must be lower case letters, digits and dashes (max 20).`);
  }
  return { domainName, certificateArn, stage };
}

function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string.`);
  return value.trim();
}
