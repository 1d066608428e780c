/**
 * What `source-map-js` resolves to inside the Lambda bundles (esbuild `alias`, see
 * bundling-options.ts): 29 KB no function runs.
 *
 * postcss's parser (functions/scripts/lambda-postcss) is its only importer, and sanitize-html
 * parses each `style` attribute with `{ map: false }`: postcss's PreviousMap then returns before
 * reading any annotation, so no source map is ever read, consumed or generated (the classes are
 * only tested for presence at load). These stand-ins keep that test true and refuse any real use
 * loudly. `lambda-bundle.test.ts` holds that the sanitiser's output is the same with them.
 */
const refuse = (name: string) =>
  class {
    constructor() {
      throw new Error(`source-map-js (${name}) is not bundled in the Lambda functions`);
    }
  };

export const SourceMapConsumer = refuse('SourceMapConsumer');
export const SourceMapGenerator = refuse('SourceMapGenerator');
export const SourceNode = refuse('SourceNode');
