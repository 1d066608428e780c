import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../app/test-storage';

const fetchMock = vi.fn();

beforeEach(() => {
  vi.resetModules();
  const local = memoryStorage();
  local.data.set(
    'user',
    JSON.stringify({ token: 'staff-token', ability: [], shortname: 'x', fullname: 'x' }),
  );
  fetchMock.mockReset();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.stubGlobal('window', { location: { assign: vi.fn() } });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('lookupLabel', () => {
  it("names a saved lead's city by its IBGE code through the city search", async () => {
    const { lookupLabel } = await import('./leads');
    fetchMock.mockResolvedValueOnce(json([{ ibge: '3303302', city: 'NITERÓI', state: 'RJ' }]));
    expect(await lookupLabel('cities', '3303302')).toBe('NITERÓI/RJ');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/web/cities/search?q=3303302');
  });

  it('leaves an unknown or malformed code unnamed', async () => {
    const { lookupLabel } = await import('./leads');
    fetchMock.mockResolvedValueOnce(json([]));
    expect(await lookupLabel('cities', '9999999')).toBeUndefined();
    expect(await lookupLabel('cities', 'abc')).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
