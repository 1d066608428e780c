import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { StaticSite } from '../constructs/static-site';
import type { AppStackData } from './app-stack';

export interface WebStackProps extends StackProps {
  readonly data: AppStackData;
  /** Host name of the HTTP API (the API stack's `api.originDomainName`). */
  readonly apiDomainName: string;
  /** The Vite build; uploaded only when it contains index.html. */
  readonly webDistDir: string;
  readonly domainName?: string;
  readonly certificateArn?: string;
}

/**
 * The CDN: the CloudFront distribution (web bucket, `/api/*` and `/link/*` to the HTTP API), its
 * functions, headers policies and access logs, and the upload of the web build. A web-only
 * release deploys this stack alone.
 */
export class WebStack extends Stack {
  readonly site: StaticSite;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { data } = props;

    this.site = new StaticSite(this, 'Site', {
      // By attributes: a concrete cross-stack bucket would make the OAC origin add a statement
      // naming this distribution to the data stack's bucket policy, a dependency cycle.
      webBucket: Bucket.fromBucketAttributes(this, 'WebBucket', {
        bucketArn: data.webBucket.bucketArn,
        bucketName: data.webBucket.bucketName,
        bucketRegionalDomainName: data.webBucket.bucketRegionalDomainName,
      }),
      logBucket: data.accessLogsBucket,
      cmsFilesBucket: data.cmsFilesBucket
        ? Bucket.fromBucketAttributes(this, 'CmsFilesBucket', {
            bucketArn: data.cmsFilesBucket.bucketArn,
            bucketName: data.cmsFilesBucket.bucketName,
            bucketRegionalDomainName: data.cmsFilesBucket.bucketRegionalDomainName,
          })
        : undefined,
      apiDomainName: props.apiDomainName,
      domainName: props.domainName,
      certificate: props.certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      webDistDir: props.webDistDir,
    });

    new CfnOutput(this, 'DistributionDomainName', { value: this.site.distribution.distributionDomainName });
    new CfnOutput(this, 'DistributionId', { value: this.site.distribution.distributionId });
  }
}
