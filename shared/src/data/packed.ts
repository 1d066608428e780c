import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * The reference tables as the code imports them: each JSON file of this folder (the readable,
 * diffable source) is also written as `<name>.packed.ts`, its bytes brotli-compressed and base64-
 * encoded (shared/scripts/build-reference-data.ts). The municipalities weigh 99 KB as JSON and 48 KB
 * packed, the banks 45 KB and 14 KB: that much less for the Lambda bundles to carry and parse at cold
 * start; a table is unpacked on its first use (≈ 1 ms). `reference.test.ts` holds that each packed
 * file is its JSON, byte for byte.
 */
export function packJson(json: string): string {
  return brotliCompressSync(Buffer.from(json, 'utf8'), {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json, 'utf8'),
    },
  }).toString('base64');
}

/** The JSON text of a packed table. */
export function unpackText(packed: string): string {
  return brotliDecompressSync(Buffer.from(packed, 'base64')).toString('utf8');
}

/** A packed table, parsed. */
export function unpackJson<T>(packed: string): T {
  return JSON.parse(unpackText(packed)) as T;
}
