import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { BehaviorOptions } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { NagSuppressions } from 'cdk-nag';
import { CloudFrontAccessLogs } from './cloudfront-access-logs';
import { cmsFilesCode, forwardHostCode, spaRewriteCode } from './edge-functions';
import { WebDeployment } from './web-deployment';
import {
  API_CONTENT_SECURITY_POLICY,
  CMS_FILES_CONTENT_SECURITY_POLICY,
  DEFAULT_TILE_URL,
  HSTS_MAX_AGE_SECONDS,
  REFERRER_POLICY,
  webContentSecurityPolicy,
} from '../security-headers';

export interface StaticSiteProps {
  /** Web bucket, referenced by attributes (its policy is owned by the data stack). */
  readonly webBucket: IBucket;
  /** Destination of CloudFront's standard logs (ACLs enabled). */
  readonly logBucket: IBucket;
  /** CMS files, served under `/files/*` (per tenant prefix), referenced by attributes. */
  readonly cmsFilesBucket?: IBucket;
  /** Host name of the HTTP API (`/api/*`, `/link/*`). */
  readonly apiDomainName: string;
  /** Custom domain, e.g. freguesia.com.br: tenants are served on `*.freguesia.com.br`. */
  readonly domainName?: string;
  /** us-east-1 ACM certificate covering `*.{domainName}`; required with domainName. */
  readonly certificate?: ICertificate;
  /** Vite build to upload; skipped unless it contains index.html. */
  readonly webDistDir: string;
}

/** The single CloudFront distribution: the SPA from S3, and the API on `/api/*` and `/link/*`. */
export class StaticSite extends Construct {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    if (Boolean(props.domainName) !== Boolean(props.certificate)) {
      throw new Error(
        'domainName and certificate go together (CloudFront needs a certificate for the alias).',
      );
    }

    const tileUrl = process.env.VITE_MAP_TILE_URL?.trim() || DEFAULT_TILE_URL;
    const securityHeaders = securityHeadersPolicy(
      this,
      'SecurityHeaders',
      'Freguesia web: CSP and security headers',
      {
        // Large CMS uploads go from the browser straight to the cms bucket (a presigned PUT).
        contentSecurityPolicy: webContentSecurityPolicy(
          tileUrl,
          props.cmsFilesBucket ? [`https://${props.cmsFilesBucket.bucketRegionalDomainName}`] : [],
        ),
        override: true,
      },
    );
    // API answers carry their own headers (functions/src/lib/http); CloudFront only fills in what is missing.
    const apiSecurityHeaders = securityHeadersPolicy(
      this,
      'ApiSecurityHeaders',
      'Freguesia API: security headers',
      {
        contentSecurityPolicy: API_CONTENT_SECURITY_POLICY,
        override: false,
      },
    );

    const forwardHost = new CloudFrontFunction(this, 'ForwardHost', {
      comment: 'Copies the viewer host into x-forwarded-host (tenant resolution)',
      code: FunctionCode.fromInline(forwardHostCode),
      runtime: FunctionRuntime.JS_2_0,
    });
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Serves index.html for SPA routes (paths without a file extension)',
      code: FunctionCode.fromInline(spaRewriteCode),
      runtime: FunctionRuntime.JS_2_0,
    });

    const apiBehavior: BehaviorOptions = {
      origin: new HttpOrigin(props.apiDomainName, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      }),
      // A redirect would turn POSTs into GETs; API clients must speak HTTPS.
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (cookies, query, headers) except Host, which must be the
      // API Gateway's own for it to route the request.
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiSecurityHeaders,
      functionAssociations: [{ function: forwardHost, eventType: FunctionEventType.VIEWER_REQUEST }],
    };

    // CMS files (issue 25): from the site's own origin, the tenant's prefix of the cms bucket, refused
    // once past the expiry their address carries; never run as the site (nosniff, no script).
    const filesBehavior: BehaviorOptions | undefined = props.cmsFilesBucket && {
      origin: S3BucketOrigin.withOriginAccessControl(props.cmsFilesBucket),
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeadersPolicy(
        this,
        'CmsFilesHeaders',
        'Freguesia CMS files: no script, nosniff',
        {
          contentSecurityPolicy: CMS_FILES_CONTENT_SECURITY_POLICY,
          override: true,
        },
      ),
      functionAssociations: [
        {
          function: new CloudFrontFunction(this, 'CmsFiles', {
            comment: 'CMS files: the tenant prefix from the host; refused past their expiry',
            code: FunctionCode.fromInline(cmsFilesCode),
            runtime: FunctionRuntime.JS_2_0,
          }),
          eventType: FunctionEventType.VIEWER_REQUEST,
        },
      ],
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Freguesia: web app, API and short links',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': apiBehavior,
        '/link/*': apiBehavior,
        ...(filesBehavior ? { '/files/*': filesBehavior } : {}),
      },
      domainNames: props.domainName ? [`*.${props.domainName}`] : undefined,
      certificate: props.certificate,
      // Only meaningful with our own certificate (the default one is fixed at TLSv1).
      minimumProtocolVersion: props.certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      // South American edge locations are only in the "All" price class; the users are in Brazil.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      // Standard logging (v2), below: legacy logging always writes the query string.
      enableLogging: false,
    });
    new CloudFrontAccessLogs(this, 'AccessLogs', {
      distribution: this.distribution,
      bucket: props.logBucket,
    });

    if (props.cmsFilesBucket) {
      Annotations.of(this).acknowledgeWarning(
        '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        'The cms bucket policy (data stack) grants s3:GetObject to CloudFront distributions of this account.',
      );
    }
    // The bucket is referenced by attributes, so the OAC origin cannot add its bucket statement;
    // the data stack's bucket policy already allows this account's distributions.
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The web bucket policy (data stack) grants s3:GetObject to CloudFront distributions of this account.',
    );

    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction wanted: customers (and their customers) may open the pages from abroad.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          'Access logs are on, through CloudFront standard logging (v2) to the access-log bucket ' +
          '(CloudFrontAccessLogs), which cdk-nag does not see: legacy logging cannot leave query strings out.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'AWS WAF is an optional cost (web ACL + rules per month) left to the operator; the API ' +
          'authenticates every private route and API Gateway throttles.',
      },
      ...(props.certificate
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net ' +
                'certificate, whose TLS policy cannot be changed; with a domain it is TLSv1.2_2021.',
            },
          ]),
    ]);

    if (existsSync(join(props.webDistDir, 'index.html'))) {
      new WebDeployment(this, 'WebDeployment', {
        sourceDir: props.webDistDir,
        bucket: props.webBucket,
        distribution: this.distribution,
      });
    }
  }
}

/** The shared referrer policy as CDK's enum (a typo in either would fail the synth, not ship). */
function referrerPolicy(): HeadersReferrerPolicy {
  const policy = Object.values(HeadersReferrerPolicy).find((value) => value === REFERRER_POLICY);
  if (!policy) throw new Error(`Unknown referrer policy: ${REFERRER_POLICY}`);
  return policy;
}

/** A response headers policy with the shared security headers (infra/lib/security-headers.ts). */
function securityHeadersPolicy(
  scope: Construct,
  id: string,
  comment: string,
  csp: { contentSecurityPolicy: string; override: boolean },
): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: csp,
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      // The API sets its own (no-referrer); the web policy imposes the shared one.
      referrerPolicy: { referrerPolicy: referrerPolicy(), override: csp.override },
    },
  });
}
