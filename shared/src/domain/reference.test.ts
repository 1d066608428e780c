import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import banksPacked from '../data/banks.packed';
import municipalitiesPacked from '../data/municipalities.packed';
import { packJson, unpackText } from '../data/packed';
import { getCity, isUf, listBanks, listCities, listStates, normalizeText, searchCities } from './reference';

const SPEC_ORDER = 'RO AC AM RR PA AP TO MA PI CE RN PB PE AL SE BA MG ES RJ SP PR SC RS MS MT GO DF'.split(
  ' ',
);
const allCities = () => listStates().flatMap((s) => listCities(s.uf));

describe('packed tables', () => {
  const json = (name: string) => readFileSync(new URL(`../data/${name}.json`, import.meta.url), 'utf8');

  it('are their JSON files, byte for byte (re-run build-reference-data.ts after changing one)', () => {
    expect(unpackText(municipalitiesPacked)).toBe(json('municipalities'));
    expect(unpackText(banksPacked)).toBe(json('banks'));
    // Written by the same packer: regenerating gives the same files.
    expect(packJson(json('municipalities'))).toBe(municipalitiesPacked);
  });

  it('weigh about half their JSON in the bundles (base64 of brotli)', () => {
    expect(municipalitiesPacked.length).toBeLessThan(json('municipalities').length * 0.55);
    expect(banksPacked.length).toBeLessThan(json('banks').length * 0.35);
  });
});

describe('normalizeText', () => {
  it('strips accents, upper-cases and collapses spaces', () => {
    expect(normalizeText('  São   José\tdos Pinhais ')).toBe('SAO JOSE DOS PINHAIS');
    expect(normalizeText('Conceição do Araguaia')).toBe('CONCEICAO DO ARAGUAIA');
    expect(normalizeText("Santa Bárbara d'Oeste")).toBe("SANTA BARBARA D'OESTE");
    expect(normalizeText('')).toBe('');
  });
});

describe('states', () => {
  it('lists the 27 states in IBGE order with accented names', () => {
    const states = listStates();
    expect(states).toHaveLength(27);
    expect(states.map((s) => s.uf)).toEqual(SPEC_ORDER);
    expect(states.map((s) => s.id)).toEqual([...states.map((s) => s.id)].sort((a, b) => a - b));
    expect(states.find((s) => s.uf === 'SP')).toEqual({ id: 35, uf: 'SP', name: 'São Paulo' });
    expect(states[0]).toEqual({ id: 11, uf: 'RO', name: 'Rondônia' });
    expect(states.at(-1)).toEqual({ id: 53, uf: 'DF', name: 'Distrito Federal' });
  });

  it('isUf accepts exactly the 27 codes', () => {
    expect(SPEC_ORDER.every(isUf)).toBe(true);
    expect(isUf('sp')).toBe(false);
    expect(isUf('XX')).toBe(false);
  });
});

describe('municipalities', () => {
  it('has 5,570 municipalities with SP 645 and RJ 92', () => {
    expect(allCities()).toHaveLength(5570);
    expect(listCities('SP')).toHaveLength(645);
    expect(listCities('RJ')).toHaveLength(92);
    expect(listCities('DF')).toEqual([{ ibge: '5300108', city: 'BRASÍLIA', state: 'DF' }]);
  });

  it('returns an empty list for an unknown UF', () => {
    expect(listCities('XX')).toEqual([]);
    expect(listCities('')).toEqual([]);
  });

  it('contains the known rows', () => {
    expect(getCity('3304557')).toEqual({ ibge: '3304557', city: 'RIO DE JANEIRO', state: 'RJ' });
    expect(getCity('3550308')).toEqual({ ibge: '3550308', city: 'SÃO PAULO', state: 'SP' });
    expect(listCities('RJ')).toContainEqual({ ibge: '3304557', city: 'RIO DE JANEIRO', state: 'RJ' });
    expect(listCities('SP')).toContainEqual({ ibge: '3550308', city: 'SÃO PAULO', state: 'SP' });
    expect(getCity('0000000')).toBeUndefined();
  });

  it('every ibge has 7 digits, starts with its state prefix and is unique', () => {
    const prefix = new Map(listStates().map((s) => [s.uf, String(s.id)]));
    const cities = allCities();
    for (const c of cities) {
      expect(c.ibge).toMatch(/^\d{7}$/);
      expect(c.ibge.slice(0, 2)).toBe(prefix.get(c.state));
    }
    expect(new Set(cities.map((c) => c.ibge)).size).toBe(cities.length);
  });

  it('names are upper-case with accents', () => {
    for (const c of allCities()) expect(c.city).toBe(c.city.toLocaleUpperCase('pt-BR'));
    expect(allCities().some((c) => /[ÁÉÍÓÚÂÊÔÃÕÇ]/.test(c.city))).toBe(true);
  });

  it('is alphabetical (pt-BR) within each state', () => {
    const collator = new Intl.Collator('pt-BR');
    for (const uf of SPEC_ORDER) {
      const names = listCities(uf).map((c) => c.city);
      expect(names.length).toBeGreaterThan(0);
      expect(names).toEqual([...names].sort(collator.compare));
    }
  });
});

describe('searchCities', () => {
  it('finds a municipality by its seven-digit IBGE code', () => {
    expect(searchCities('3303302')).toEqual([{ ibge: '3303302', city: 'NITERÓI', state: 'RJ' }]);
    expect(searchCities(' 3550308 ')).toEqual([{ ibge: '3550308', city: 'SÃO PAULO', state: 'SP' }]);
    expect(searchCities('9999999')).toEqual([]);
  });

  it("finds SÃO PAULO/SP first for 'sao paulo', whatever the case or accents", () => {
    for (const q of ['sao paulo', 'SÃO PAULO', '  São  paulo ']) {
      expect(searchCities(q)[0]).toEqual({ ibge: '3550308', city: 'SÃO PAULO', state: 'SP' });
    }
  });

  it("finds 'SÃO JOSÉ…' cities for 'jose', prefix matches first", () => {
    const results = searchCities('jose');
    expect(results).toHaveLength(20);
    expect(results.some((c) => c.city.startsWith('SÃO JOSÉ'))).toBe(true);
    const firstContains = results.findIndex((c) => !normalizeText(c.city).startsWith('JOSE'));
    expect(firstContains).toBeGreaterThan(0);
    expect(results.slice(firstContains).every((c) => !normalizeText(c.city).startsWith('JOSE'))).toBe(true);
    expect(searchCities('sao jose', 200).filter((c) => c.city.startsWith('SÃO JOSÉ')).length).toBeGreaterThan(
      20,
    );
  });

  it('honours the limit and ignores queries shorter than 2 characters', () => {
    expect(searchCities('sa', 5)).toHaveLength(5);
    expect(searchCities('a')).toEqual([]);
    expect(searchCities(' s ')).toEqual([]);
    expect(searchCities('')).toEqual([]);
    expect(searchCities('zzzzqqq')).toEqual([]);
  });
});

describe('banks', () => {
  it('includes the major banks', () => {
    const byCode = new Map(listBanks().map((b) => [b.code, b]));
    const expectName = (code: string, text: string) =>
      expect(normalizeText(byCode.get(code)?.name ?? '')).toContain(normalizeText(text));
    expectName('001', 'Banco do Brasil');
    expectName('237', 'Bradesco');
    expectName('341', 'Itaú');
    expectName('104', 'Caixa');
    expectName('260', 'Nu Pagamentos');
    expect(byCode.get('001')?.ispb).toBe('00000000');
  });

  it('has unique 3-digit codes ordered by code', () => {
    const codes = listBanks().map((b) => b.code);
    expect(codes.every((c) => /^\d{3}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const b of listBanks()) expect(b.ispb === null || /^\d{8}$/.test(b.ispb)).toBe(true);
  });
});
