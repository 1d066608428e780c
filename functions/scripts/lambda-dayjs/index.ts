/**
 * What `dayjs` resolves to inside the Lambda bundles (esbuild `alias`, see bundling-options.ts):
 * 7 KB no function runs.
 *
 * `launder` is its only importer, for its date and time helpers; sanitize-html imports launder
 * for `naughtyHref` alone (the URL scheme check), which never touches a date. The app's own dates
 * use date-fns (shared/src/domain/dates.ts). Any call of this stand-in fails loudly.
 * `lambda-bundle.test.ts` holds that the sanitiser's output is the same with it.
 */
export default function dayjs(): never {
  throw new Error(
    'dayjs is not bundled in the Lambda functions (only launder imports it, for helpers sanitize-html never calls)',
  );
}
