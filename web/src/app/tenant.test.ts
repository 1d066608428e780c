import { describe, expect, it } from 'vitest';
import { documentTitle, tenantFromHost } from './tenant';

describe('tenantFromHost', () => {
  it('takes the first label of the host name', () => {
    expect(tenantFromHost('verde.freguesia.com.br')).toBe('verde');
    expect(tenantFromHost('Demo.localhost')).toBe('demo');
  });

  it('maps hosts without a tenant label to demo', () => {
    expect(tenantFromHost('localhost')).toBe('demo');
    expect(tenantFromHost('127.0.0.1')).toBe('demo');
    expect(tenantFromHost('')).toBe('demo');
  });

  it('titles the page with the upper-cased tenant and the product', () => {
    expect(documentTitle('verde')).toBe('VERDE | Freguesia');
  });
});
