/**
 * What `postcss` resolves to inside the Lambda bundles (esbuild `alias`, see bundling-options.ts).
 *
 * sanitize-html is its only user, and it calls one function: `parse`, on each `style` attribute
 * (`require('postcss').parse(css, { map: false })`). postcss's own entry also carries the
 * processor, lazy results, the source-map generator, JSON hydration and the list helpers —
 * none of which a parse runs. This entry is postcss's very `parse` module (the same code, so
 * the same trees and the same errors) without them. A relative path on purpose: a `postcss/...`
 * specifier would be aliased back to this folder. npm workspaces hoist postcss to the root.
 */
import parse from '../../../node_modules/postcss/lib/parse.js';

export { parse, parse as default };
