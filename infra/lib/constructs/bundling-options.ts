/**
 * The esbuild settings for every Lambda bundle, in one place. The CDK `DomainFunction` maps them
 * onto NodejsFunction's bundling props and `functions/scripts/bundle.ts` onto esbuild's build
 * API, so the sizes the script reports are the sizes that get deployed.
 *
 * Pure data on purpose: no aws-cdk-lib or esbuild import, so the functions workspace can use it
 * without depending on the CDK.
 */

/** Lambda runtime major version; keep in step with `Runtime.NODEJS_22_X` in domain-function.ts. */
export const lambdaNodeMajor = 22;

export const lambdaBundling = {
  platform: 'node',
  target: `node${lambdaNodeMajor}`,
  format: 'esm',
  /** NodejsFunction writes `index.mjs` for ESM; the script does the same. */
  outputFile: 'index.mjs',
  minify: true,
  /** External maps + NODE_OPTIONS=--enable-source-maps give readable stack traces. */
  sourcemap: true,
  /** Traces need file/line only; leaving the sources out halves the .map the runtime loads. */
  sourcesContent: false,
  /**
   * Map our code only (functions/scripts/trim-source-map.mjs, run after esbuild): the runtime
   * parses the whole map at import, and the libraries' part cost ≈ 50 ms of each cold start.
   * Frames inside a library then show bundle positions.
   */
  appOnlySourceMap: true,
  /** Prefer ESM builds of dependencies: better tree shaking. */
  mainFields: ['module', 'main'],
  /** The Node.js 22 Lambda runtime ships AWS SDK v3; bundling it only adds cold-start weight. */
  externalModules: ['@aws-sdk/*'],
  /** Portuguese text stays readable (and smaller) instead of \u-escaped. */
  charset: 'utf8',
  /**
   * ESM output has no `require`; CommonJS dependencies that call it (e.g. for Node built-ins)
   * get one through createRequire.
   */
  banner: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);",
  /** Licences stay in node_modules; the deployed file carries code only. */
  legalComments: 'none',
  /**
   * Package substitutions, relative to the repository root (esbuild resolves alias targets from
   * its working directory). `zod` → its classic API without locales, compiler and JSON-schema
   * importer, which `import { z } from 'zod'` would otherwise drag into every bundle (≈ 240 KB).
   * `jsonschema` → a stand-in for ElectroDB's model check, the largest cold-start cost (see
   * functions/scripts/lambda-jsonschema/index.ts for why that is safe). The HTML sanitiser's
   * weight (label layouts, e-mail and NPS saves): `postcss` → its parser alone (the one function
   * sanitize-html calls), `source-map-js` and `dayjs` → stand-ins for code it never runs (≈ 55 KB
   * in all; each folder under functions/scripts says why).
   */
  alias: {
    zod: './functions/scripts/lambda-zod',
    jsonschema: './functions/scripts/lambda-jsonschema',
    postcss: './functions/scripts/lambda-postcss',
    'source-map-js': './functions/scripts/lambda-source-map-js',
    dayjs: './functions/scripts/lambda-dayjs',
  },
} as const;

export type LambdaBundling = typeof lambdaBundling;
