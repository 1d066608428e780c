/**
 * Keeps the detail of a Lambda bundle's source map for our own code only. With
 * NODE_OPTIONS=--enable-source-maps the runtime reads and parses the whole map at import, and
 * about 85 % of it described ElectroDB, zod & co.; that cost ≈ 50 ms of every cold start (Node
 * 20, measured by test/bench/cold-start.ts). Frames in our files keep their exact file:line;
 * frames inside a library keep their file, at the first line of the surrounding run of its code.
 *
 * Plain JavaScript, no dependencies: the CDK runs it after esbuild (DomainFunction's
 * afterBundling hook) and functions/scripts/bundle.ts calls `trimSourceMap` on its output.
 *   node functions/scripts/trim-source-map.mjs <index.mjs.map>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import process from 'node:process';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad VLQ character '${char}'`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(value) {
  let vlq = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = vlq & 31;
    vlq >>>= 5;
    if (vlq > 0) digit |= 32;
    out += BASE64[digit];
  } while (vlq > 0);
  return out;
}

/**
 * Returns the map with the segments that point into node_modules collapsed: one segment per
 * run of code from the same library file, at the run's first position. `sources`/`names` stay
 * as they are, so indexes hold.
 * @param {{ sources: string[], mappings: string, sourceRoot?: string }} map a version 3 source map (parsed)
 * @param {string} mapDir the folder of the .map file: sources are relative to it, and the map
 *   itself may sit under node_modules (the cold-start benchmark builds there).
 */
export function trimSourceMap(map, mapDir) {
  const keep = map.sources.map(
    (source) => !/[\\/]node_modules[\\/]/.test(resolve(mapDir, map.sourceRoot ?? '', source)),
  );
  // Absolute state, as the VLQ deltas accumulate across the whole file (except the column).
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  // Last values written, for the new deltas.
  let outSource = 0;
  let outLine = 0;
  let outColumn = 0;
  let outName = 0;
  const lines = map.mappings.split(';').map((text) => {
    // Decode the line to absolute values first. Of several segments at one generated column,
    // only the first counts for a lookup (as Node resolves it), so keep that one alone.
    /** @type {{ generated: number, mapped: boolean, source: number, line: number, column: number, name?: number }[]} */
    const decoded = [];
    let generated = 0;
    for (const segment of text === '' ? [] : text.split(',')) {
      const fields = decodeSegment(segment);
      generated += fields[0] ?? 0;
      const mapped = fields.length >= 4;
      if (mapped) {
        source += fields[1];
        line += fields[2];
        column += fields[3];
        if (fields.length >= 5) name += fields[4];
      }
      if (decoded.at(-1)?.generated === generated) continue;
      decoded.push({ generated, mapped, source, line, column, name: fields.length >= 5 ? name : undefined });
    }
    let outGenerated = 0;
    // The library file the current run of dropped segments points into (-1: none open).
    let runSource = -1;
    const segments = [];
    const mapped = (entry, withName) => {
      let out =
        encodeValue(entry.generated - outGenerated) +
        encodeValue(entry.source - outSource) +
        encodeValue(entry.line - outLine) +
        encodeValue(entry.column - outColumn);
      if (withName && entry.name !== undefined) {
        out += encodeValue(entry.name - outName);
        outName = entry.name;
      }
      outSource = entry.source;
      outLine = entry.line;
      outColumn = entry.column;
      outGenerated = entry.generated;
      segments.push(out);
    };
    for (const entry of decoded) {
      if (!entry.mapped) {
        segments.push(encodeValue(entry.generated - outGenerated));
        outGenerated = entry.generated;
        runSource = -1;
      } else if (keep[entry.source]) {
        mapped(entry, true);
        runSource = -1;
      } else if (entry.source !== runSource) {
        // One segment per run in a library file: its frames still name the file (at the run's
        // first line). Node reads a bare column-only segment as "same as before", not "unmapped".
        mapped(entry, false);
        runSource = entry.source;
      }
    }
    return segments.join(',');
  });
  return { ...map, mappings: lines.join(';') };
}

/** Rewrites a .map file in place; returns its size before and after. */
export function trimSourceMapFile(path) {
  const text = readFileSync(path, 'utf8');
  const trimmed = JSON.stringify(trimSourceMap(JSON.parse(text), dirname(resolve(path))));
  writeFileSync(path, trimmed);
  return { before: Buffer.byteLength(text), after: Buffer.byteLength(trimmed) };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const path of process.argv.slice(2)) trimSourceMapFile(path);
}
