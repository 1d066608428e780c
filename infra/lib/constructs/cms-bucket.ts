import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { DomainFunction } from './domain-function';

/**
 * The cms bucket's grants (functions/src/cms): the cms API function writes, reads and deletes the
 * files; the `cms-files` stream processor deletes those whose record the table's TTL removed. Both
 * get the bucket's name as `BUCKET_CMS` (lib/ports/blob.ts).
 */
export function grantCmsBucket(
  bucket: IBucket,
  writers: readonly (DomainFunction | undefined)[],
  deleters: readonly (DomainFunction | undefined)[],
): void {
  const grant = (fn: DomainFunction, write: boolean) => {
    if (write) bucket.grantReadWrite(fn.function);
    else bucket.grantDelete(fn.function);
    fn.function.addEnvironment('BUCKET_CMS', bucket.bucketName);
    NagSuppressions.addResourceSuppressions(
      fn.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'CMS files are named per tenant, expiry and file at run time (`<tenant>/<expiry>/<id>/<name>`): the wildcard covers the objects of the cms bucket only.',
          appliesTo: [
            { regex: '/^Action::s3:.*\\*$/g' },
            { regex: '/^Resource::.*BucketsCmsFiles.*\\/\\*$/g' },
          ],
        },
      ],
      true,
    );
  };
  for (const fn of writers) if (fn) grant(fn, true);
  for (const fn of deleters) if (fn) grant(fn, false);
}
