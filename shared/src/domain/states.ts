/**
 * The 27 Brazilian federative units (IBGE). Small on purpose: schemas that validate a UF import
 * this module, not the municipality list (`./cities`).
 */
import statesData from '../data/states.json' with { type: 'json' };

/** A federative unit, as listed by GET /web/states. */
export interface State {
  /** IBGE state code (two digits), e.g. 35 for São Paulo. */
  id: number;
  /** Two-letter code, e.g. 'SP'. */
  uf: string;
  /** Name in Portuguese with accents, e.g. 'São Paulo'. */
  name: string;
}

// Built on first use, so importing the module costs nothing (and bundlers can drop it unused).
let states: readonly State[] | undefined;
let ufs: ReadonlySet<string> | undefined;

/**
 * Lists the 27 states in IBGE code order (RO, AC, AM, … GO, DF).
 * @returns `[{ id, uf, name }]`, e.g. `{ id: 35, uf: 'SP', name: 'São Paulo' }`.
 */
export function listStates(): readonly State[] {
  states ??= Object.freeze(
    statesData.map((s) => Object.freeze({ id: Number(s.ibge), uf: s.uf, name: s.name })),
  );
  return states;
}

/** True when `uf` is one of the 27 two-letter state codes (exact, upper-case). */
export function isUf(uf: string): boolean {
  ufs ??= new Set(listStates().map((s) => s.uf));
  return ufs.has(uf);
}
