import { afterEach, describe, expect, it } from 'vitest';
import { lookupCep } from '@freguesia/functions/lib/ports/cep';
import { geocode } from '@freguesia/functions/lib/ports/geocode';
import { knownStandInCeps, startOfflineLookups, type StandIns } from '@freguesia/infra/local/stand-ins';

/** `npm start -- --offline`: the CEP and geocoding ports answer from the local stand-ins, no internet. */
let standIns: StandIns | undefined;
const saved = { cep: process.env.CEP_BASE_URL, geo: process.env.GEOCODE_BASE_URL };

afterEach(async () => {
  await standIns?.close();
  standIns = undefined;
  for (const [name, value] of [
    ['CEP_BASE_URL', saved.cep],
    ['GEOCODE_BASE_URL', saved.geo],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('offline lookups', () => {
  it('finds the address of a known CEP and places it on the map', async () => {
    standIns = await startOfflineLookups();
    expect(await lookupCep('01310-100')).toMatchObject({
      address: 'Avenida Paulista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(
      await geocode({ address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' }),
    ).toMatchObject({
      lat: -23.5613,
      lon: -46.6565,
    });
    expect(standIns.requests.map((r) => r.path)).toHaveLength(2);
  });

  it('answers "not found" for other CEPs, as the real service does', async () => {
    standIns = await startOfflineLookups();
    expect(await lookupCep('04538-133')).toBeUndefined();
    expect(knownStandInCeps()).toContain('01310-100');
  });
});

describe('online lookups when the service cannot be reached', () => {
  it('report it in Portuguese (the user then types the address by hand)', async () => {
    process.env.CEP_BASE_URL = 'http://127.0.0.1:9/ws';
    process.env.GEOCODE_BASE_URL = 'http://127.0.0.1:9/nominatim';
    await expect(lookupCep('01310100')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Não foi possível consultar o serviço de CEP. Tente novamente.',
    });
    await expect(
      geocode({ address: 'Avenida Paulista', city: 'São Paulo', state: 'SP' }),
    ).rejects.toMatchObject({
      message: 'Não foi possível consultar o serviço de geolocalização. Tente novamente.',
    });
  });
});
