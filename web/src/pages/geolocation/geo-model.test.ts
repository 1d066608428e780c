import { describe, expect, it } from 'vitest';
import {
  geographicLeadDescription,
  parseLocationSearch,
  payloadLatLngs,
  polygonPayload,
  populationText,
} from './geo-model';

describe('polygonPayload', () => {
  const ring = [
    { lat: -22.9, lng: -43.25 },
    { lat: -22.9, lng: -43.1 },
    { lat: -23.05, lng: -43.1 },
    { lat: -23.05, lng: -43.25 },
  ];

  it('sends the outer ring of what Leaflet answers as [lat, lng] pairs', () => {
    const expected = [
      [-22.9, -43.25],
      [-22.9, -43.1],
      [-23.05, -43.1],
      [-23.05, -43.25],
    ];
    expect(polygonPayload(ring)).toEqual(expected);
    // A polygon's getLatLngs() is a list of rings (the first is the outline)…
    expect(
      polygonPayload([
        ring,
        [
          { lat: -22.95, lng: -43.2 },
          { lat: -22.96, lng: -43.2 },
          { lat: -22.96, lng: -43.19 },
        ],
      ]),
    ).toEqual(expected);
    // …and a multi-polygon's a list of polygons.
    expect(polygonPayload([[ring]])).toEqual(expected);
  });

  it('rounds to 6 decimals and leaves out repeated and closing vertices', () => {
    const payload = polygonPayload([
      { lat: -22.123456789, lng: -43.987654321 },
      { lat: -22.1234568, lng: -43.9876543 },
      { lat: -22.2, lng: -43.9 },
      { lat: -22.3, lng: -44 },
      { lat: -22.123456789, lng: -43.987654321 },
    ]);
    expect(payload).toEqual([
      [-22.123457, -43.987654],
      [-22.2, -43.9],
      [-22.3, -44],
    ]);
  });

  it('is undefined with fewer than 3 distinct vertices or a non-finite one', () => {
    expect(polygonPayload([])).toBeUndefined();
    expect(
      polygonPayload([
        { lat: 1, lng: 1 },
        { lat: 2, lng: 2 },
        { lat: 1, lng: 1 },
      ]),
    ).toBeUndefined();
    expect(
      polygonPayload([
        { lat: 1, lng: 1 },
        { lat: Number.NaN, lng: 2 },
        { lat: 3, lng: 1 },
      ]),
    ).toBeUndefined();
  });

  it('comes back to the same vertices', () => {
    const payload = polygonPayload(ring)!;
    expect(polygonPayload(payloadLatLngs(payload))).toEqual(payload);
  });
});

describe('geographicLeadDescription', () => {
  it("is 'Lead Geográfico' plus the business date (America/Sao_Paulo)", () => {
    expect(geographicLeadDescription(new Date('2026-03-15T15:00:00Z'))).toBe('Lead Geográfico 15/03/2026');
    // 01:30 UTC on the 16th is still the 15th in São Paulo (UTC-3).
    expect(geographicLeadDescription(new Date('2026-03-16T01:30:00Z'))).toBe('Lead Geográfico 15/03/2026');
  });
});

describe('populationText', () => {
  it('counts the customers in the area', () => {
    expect(populationText(0)).toBe('0 clientes na área');
    expect(populationText(1)).toBe('1 cliente na área');
    expect(populationText(12345)).toBe('12.345 clientes na área');
  });
});

describe('parseLocationSearch', () => {
  it('reads street, number, city and state', () => {
    expect(parseLocationSearch('Avenida Paulista, 1000, São Paulo, sp')).toEqual({
      address: 'Avenida Paulista',
      number: '1000',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(parseLocationSearch('Rua da Assembleia, Rio de Janeiro - RJ')).toEqual({
      address: 'Rua da Assembleia',
      city: 'Rio de Janeiro',
      state: 'RJ',
    });
    expect(parseLocationSearch('Centro,  Paraty/RJ')).toEqual({
      address: 'Centro',
      city: 'Paraty',
      state: 'RJ',
    });
  });

  it("searches a city's name when only city and state are typed", () => {
    expect(parseLocationSearch('Paraty, RJ')).toEqual({ address: 'Paraty', city: 'Paraty', state: 'RJ' });
    expect(parseLocationSearch('Angra dos Reis - RJ')).toEqual({
      address: 'Angra dos Reis',
      city: 'Angra dos Reis',
      state: 'RJ',
    });
  });

  it('is undefined without a city and a state', () => {
    expect(parseLocationSearch('')).toBeUndefined();
    expect(parseLocationSearch('Paraty')).toBeUndefined();
    expect(parseLocationSearch('123, 456')).toBeUndefined();
  });
});
