import { Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';

export interface WebDeploymentProps {
  /** The Vite build output (contains index.html and assets/). */
  readonly sourceDir: string;
  readonly bucket: IBucket;
  readonly distribution: IDistribution;
}

/**
 * Uploads the web build in two passes: content-hashed `assets/*` first, cached for a year and
 * never pruned (open tabs still load their old chunks), then everything else (index.html,
 * favicon, ...) revalidated on every load, and finally a `/*` invalidation.
 */
export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    const source = Source.asset(props.sourceDir);

    const assets = new BucketDeployment(this, 'Assets', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });

    const pages = new BucketDeployment(this, 'Pages', {
      sources: [source],
      destinationBucket: props.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html must never point at chunks that are not uploaded yet.
    pages.node.addDependency(assets);

    this.suppressProviderFindings(assets, pages);
  }

  /** The deployments share a singleton provider function created by aws-cdk-lib. */
  private suppressProviderFindings(...deployments: BucketDeployment[]): void {
    const reason = 'aws-cdk-lib BucketDeployment provider (deploy-time only, not reachable by users):';
    for (const deployment of deployments) {
      NagSuppressions.addResourceSuppressions(
        deployment.handlerRole,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason: `${reason} it reads the CDK asset bucket and syncs whole prefixes of the web bucket (s3:List*, GetObject*, DeleteObject* on bucket/*); aws-cdk-lib scopes its cloudfront:CreateInvalidation to *, not configurable.`,
          },
        ],
        true,
      );
    }
    const stack = Stack.of(this);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      NagSuppressions.addResourceSuppressions(
        child,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: `${reason} its role uses AWSLambdaBasicExecutionRole for its own logs.`,
            appliesTo: [
              'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
            ],
          },
          { id: 'AwsSolutions-L1', reason: `${reason} its runtime is chosen and updated by aws-cdk-lib.` },
        ],
        true,
      );
    }
  }
}
