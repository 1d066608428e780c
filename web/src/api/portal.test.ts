import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../app/test-storage';

// A staff session is stored: portal calls must never send it, nor end it on a 401.
const local = memoryStorage();
const session = memoryStorage();
const assign = vi.fn();
const fetchMock = vi.fn();

beforeEach(() => {
  vi.resetModules();
  local.data.clear();
  session.data.clear();
  local.data.set(
    'user',
    JSON.stringify({ token: 'staff-token', ability: [], shortname: 'x', fullname: 'x' }),
  );
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
const sent = (call = 0) => {
  const [url, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return { url, headers: init.headers as Record<string, string>, method: init.method, body: init.body };
};

describe('portal calls', () => {
  it('checks a document: empty answer = unknown, {id} = registered; no staff token', async () => {
    const { customerExists } = await import('./portal');
    fetchMock.mockResolvedValueOnce(
      new Response('', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    expect(await customerExists('12345678909')).toBeUndefined();
    expect(sent().url).toBe('/api/customer/exists?document=12345678909');
    expect(sent().headers.Authorization).toBeUndefined();
    fetchMock.mockResolvedValueOnce(json(200, { id: 42 }));
    expect(await customerExists('12345678909')).toBe(42);
  });

  it("reads the login answer: id '0' or null is no customer", async () => {
    const { customerLogin, isKnownCustomer } = await import('./portal');
    fetchMock.mockResolvedValueOnce(json(200, { id: '0', token: null }));
    const answer = await customerLogin('12345678909', 'segredo1');
    // A POST with a JSON body: the password never sits in a URL (access logs, history).
    expect(sent().url).toBe('/api/customer/login');
    expect(sent().method).toBe('POST');
    expect(JSON.parse(String(sent().body))).toEqual({ document: '12345678909', password: 'segredo1' });
    expect(isKnownCustomer(answer)).toBe(false);
    expect(isKnownCustomer({ id: null, token: 't' })).toBe(false);
    expect(isKnownCustomer({ id: 7, token: 't' })).toBe(true);
  });

  it('a wrong password (401) rejects without ending the staff session', async () => {
    const { customerLogin } = await import('./portal');
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Senha incorreta. Verifique e tente novamente.' }));
    await expect(customerLogin('12345678909', 'errada')).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    expect(local.data.get('user')).toContain('staff-token');
  });

  it('sends the customer token as Bearer on /customer/me and /customer/update', async () => {
    const { fetchMe, updateMe } = await import('./portal');
    fetchMock.mockResolvedValueOnce(json(200, { id: 7 }));
    await fetchMe('customer-token');
    expect(sent(0).headers.Authorization).toBe('Bearer customer-token');
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Token' }));
    await expect(updateMe('customer-token', { fullname: 'ANA' })).rejects.toMatchObject({ status: 401 });
    expect(sent(1)).toMatchObject({ method: 'PUT', url: '/api/customer/update', body: '{"fullname":"ANA"}' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('reads tag lists bare or as data.data, and the settings list', async () => {
    const { fetchCustomerTags, fetchPublicTags, fetchPortalSettings } = await import('./portal');
    fetchMock.mockResolvedValueOnce(json(200, [{ description: 'Vinhos' }, { description: '' }]));
    expect(await fetchPublicTags()).toEqual([{ description: 'Vinhos' }]);
    fetchMock.mockResolvedValueOnce(json(200, { data: { data: [{ description: 'Queijos' }] } }));
    expect(await fetchCustomerTags('t')).toEqual([{ description: 'Queijos' }]);
    expect(sent(1).url).toBe('/api/tags?token=t');
    fetchMock.mockResolvedValueOnce(json(200, [{ key: 'portal_style_bg', value: 'repeat' }]));
    expect(await fetchPortalSettings()).toEqual([{ key: 'portal_style_bg', value: 'repeat' }]);
  });
});
