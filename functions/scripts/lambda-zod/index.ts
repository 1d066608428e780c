/**
 * What `zod` resolves to inside the Lambda bundles (esbuild `alias`, see bundling-options.ts).
 *
 * The code imports `{ z } from 'zod'`. zod's own entry builds `z` as a namespace that also
 * carries every locale (`z.locales`), the JSON-schema importer and the schema compiler; a
 * namespace used as a value cannot be tree-shaken, so each bundle paid ≈ 316 KB for them.
 * This entry is zod's classic API (the same modules, so one global config and identical
 * messages) minus those parts, which the server never uses: pt-BR is set by
 * `shared/src/domain/zod-pt.ts` from its own locale file, English stays the built-in default.
 *
 * Types still come from the real package; only the bundler sees this file. It must keep the
 * same runtime members as zod's classic `external.js`, except the ones dropped on purpose.
 */
import * as z from './external';

export * from './external';
export { z, z as default };
