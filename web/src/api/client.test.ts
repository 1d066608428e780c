import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../app/test-storage';

// The client reads the session from localStorage and leaves a flash in sessionStorage.
const local = memoryStorage();
const session = memoryStorage();
const assign = vi.fn();
const fetchMock = vi.fn();

beforeEach(() => {
  vi.resetModules();
  local.data.clear();
  session.data.clear();
  assign.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('window', { location: { assign } });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('buildUrl / errorMessage', () => {
  it('prefixes /api and drops empty query values', async () => {
    const { buildUrl, errorMessage } = await import('./client');
    expect(buildUrl('/web/customers', { page: 1, q: 'ana', field: undefined, ids: [1, 2] })).toBe(
      '/api/web/customers?page=1&q=ana&ids=1&ids=2',
    );
    expect(buildUrl('web/tags')).toBe('/api/web/tags');
    expect(errorMessage({ message: 'Conta bloqueada' })).toBe('Conta bloqueada');
    expect(errorMessage({ error: 'Link ja existe' })).toBe('Link ja existe');
    expect(errorMessage('x')).toBeUndefined();
  });
});

describe('apiRequest', () => {
  it('sends the stored token as a Bearer header, and none when logged out', async () => {
    const { api } = await import('./client');
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.get('/web/tags');
    expect(fetchMock.mock.calls[0]?.[1].headers.Authorization).toBeUndefined();
    local.setItem('user', JSON.stringify({ token: 'abc' }));
    await expect(api.post('/web/tag/new', { description: 'VIP' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/web/tag/new');
    expect(init.headers.Authorization).toBe('Bearer abc');
    expect(init.body).toBe('{"description":"VIP"}');
  });

  it('on a 401 of a signed-in call: flash the Token notice, clear the user, go to /login', async () => {
    const { api, ApiError } = await import('./client');
    local.setItem('user', JSON.stringify({ token: 'abc' }));
    fetchMock.mockResolvedValue(json(401, { message: 'Token inválido' }));
    await expect(api.get('/web/customers')).rejects.toBeInstanceOf(ApiError);
    expect(local.data.has('user')).toBe(false);
    expect(JSON.parse(session.data.get('flash') ?? '{}')).toEqual({
      type: 'error',
      header: 'Token',
      content: 'Seu token foi expirado, faça login novamente para continuar.',
    });
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('a 401 of a call without the staff token (wrong password) is only an error', async () => {
    const { apiRequest } = await import('./client');
    fetchMock.mockResolvedValue(json(401, { message: 'Usuário ou senha inválidos' }));
    await expect(apiRequest('/web/login', { method: 'POST', auth: 'none' })).rejects.toMatchObject({
      status: 401,
      message: 'Usuário ou senha inválidos',
    });
    expect(assign).not.toHaveBeenCalled();
    expect(session.data.has('flash')).toBe(false);
  });
});
