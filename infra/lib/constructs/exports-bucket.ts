import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { DomainFunction } from './domain-function';

/**
 * The exports bucket's grants (functions/README.md, "Exports"): the `exports` queue's consumer
 * writes the files (multipart uploads included); the exports API function only reads them, to sign
 * the short-lived download links (a presigned GET works with its signer's permissions). Both get
 * the bucket's name as `BUCKET_EXPORTS` (lib/ports/blob.ts). Kept in one call so it can be
 * re-applied wherever the stacks put the functions.
 */
export function grantExportsBucket(
  bucket: IBucket,
  writers: readonly (DomainFunction | undefined)[],
  readers: readonly (DomainFunction | undefined)[],
): void {
  const grant = (fn: DomainFunction, write: boolean) => {
    if (write) bucket.grantPut(fn.function);
    else bucket.grantRead(fn.function);
    fn.function.addEnvironment('BUCKET_EXPORTS', bucket.bucketName);
    NagSuppressions.addResourceSuppressions(
      fn.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Export files are named per tenant and job at run time (`<tenant>/<job>/<file>`): the wildcard covers the objects of the exports bucket only.',
          appliesTo: [
            { regex: '/^Action::s3:.*\\*$/g' },
            { regex: '/^Resource::.*BucketsExports.*\\/\\*$/g' },
          ],
        },
      ],
      true,
    );
  };
  for (const fn of writers) if (fn) grant(fn, true);
  for (const fn of readers) if (fn) grant(fn, false);
}
