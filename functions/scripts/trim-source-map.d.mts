/** Types of trim-source-map.mjs (plain JavaScript so the CDK hook can run it with node alone). */
export interface SourceMapV3 {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  sourceRoot?: string;
  [key: string]: unknown;
}

/** The map with segments pointing into node_modules made unmapped; `mapDir` is the .map file's folder. */
export function trimSourceMap<M extends SourceMapV3>(map: M, mapDir: string): M;

/** Rewrites a .map file in place; returns its size in bytes before and after. */
export function trimSourceMapFile(path: string): { before: number; after: number };
