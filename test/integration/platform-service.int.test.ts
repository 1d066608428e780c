import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '@freguesia/functions/lib/context';
import { citiesOf, findCities, tenantTheme } from '@freguesia/functions/platform/service';
import { createTestTenant, type TestTenant } from '../support/tenant';

/** The platform service called directly (no HTTP): tenant theme and reference data. */
describe('platform service', () => {
  let t: TestTenant;

  beforeAll(async () => {
    t = await createTestTenant('psv');
  });

  it('reads the tenant theme from the tenant record when the caller has none at hand', async () => {
    // Prepare
    const ctx = systemContext(t.tenant, 'test');
    // Act
    const theme = await tenantTheme(ctx);
    // Assess
    expect(theme).toEqual({ tenant: t.tenant, name: `Loja ${t.tenant}`, primary_color: '#c62828' });
    await expect(tenantTheme(systemContext('naoexiste', 'test'))).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('lists the cities of a state and refuses an unknown state', async () => {
    // Prepare
    const ctx = systemContext(t.tenant, 'test');
    // Act
    const attempt = citiesOf(ctx, 'XX');
    const found = await findCities(ctx, 'sao joao del');
    // Assess
    await expect(attempt).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Estado (UF) inválido.',
      errors: { state: 'Estado (UF) inválido.' },
    });
    expect((await citiesOf(ctx, 'SP')).length).toBeGreaterThan(600);
    expect(found.some((c) => c.state === 'MG' && c.city.startsWith('SÃO JOÃO DEL'))).toBe(true);
  });
});
