import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as leadPreview } from '@freguesia/functions/lead-preview/handler';
import { COSTLY_READS_PER_MINUTE } from '@freguesia/functions/segmentation/leads.service';
import { pointHash, pointInPolygon, type LatLng } from '@freguesia/functions/segmentation/geo.model';
import { populationRepository } from '@freguesia/functions/segmentation/population.repository';
import { emptyProfile } from '@freguesia/functions/segmentation/profile.model';
import { documentClient } from '@freguesia/functions/lib/ddb/client';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/**
 * Issue 20 item 24: the geographic count and the lead preview are bounded. A 10°×10° polygon is
 * refused before any read (it cost up to 26,314 Queries); a 1,000-vertex polygon around a city
 * counts with at most 128 partition Queries in well under a second of work; both counts are
 * rate-limited per tenant. The test prints its figures.
 */
describe('bounded geographic counts', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let queries = 0;
  const send = documentClient.send.bind(documentClient) as (command: object) => Promise<unknown>;
  const limits = { ...COSTLY_READS_PER_MINUTE };
  const count = (polygon: LatLng[], tenant = t) =>
    call(leadPreview, {
      method: 'POST',
      path: '/api/web/geolocation/count',
      tenant: tenant.tenant,
      token: tenant.adminToken,
      body: { polygon },
    });
  const measured = async (polygon: LatLng[]) => {
    queries = 0;
    const started = performance.now();
    const res = await count(polygon);
    return { res, queries, ms: Math.round(performance.now() - started) };
  };
  /** A circle of `n` vertices around São Paulo's centre, `radius` degrees wide. */
  const circle = (n: number, radius: number): LatLng[] =>
    Array.from({ length: n }, (_, k) => [
      -23.55 + radius * Math.sin((2 * Math.PI * k) / n),
      -46.63 + radius * Math.cos((2 * Math.PI * k) / n),
    ]);
  const points = Array.from({ length: 3_000 }, (_, i) => ({
    id: 700_000 + i,
    latitude: -23.55 + ((i % 60) - 30) * 0.012,
    longitude: -46.63 + (Math.floor(i / 60) - 25) * 0.012,
  }));

  beforeAll(async () => {
    t = await createTestTenant('geo');
    (documentClient as unknown as { send: typeof send }).send = async (command: object) => {
      if (/Query/.test(command.constructor.name)) queries++;
      return send(command);
    };
    await populationRepository(t.tenant).putProfiles(
      points.map((p) => ({
        profile: emptyProfile({
          id: p.id,
          hasEmail: true,
          hasCellphone: false,
          terms: true,
          optouts: { email: false, sms: false, whatsapp: false, app: false },
          registeredAt: '2024-01-01T00:00:00.000Z',
          tags: [],
          latitude: p.latitude,
          longitude: p.longitude,
        }),
        geo: { hash: pointHash(p.latitude, p.longitude), latitude: p.latitude, longitude: p.longitude },
      })),
    );
  });

  afterAll(() => {
    (documentClient as unknown as { send: typeof send }).send = send;
    Object.assign(COSTLY_READS_PER_MINUTE, limits);
  });

  it('refuses a 10°×10° polygon before any read, in Portuguese', async () => {
    const square: LatLng[] = [
      [-30, -55],
      [-20, -55],
      [-20, -45],
      [-30, -45],
    ];
    const { res, queries: used, ms } = await measured(square);
    console.log(`10°×10° polygon: ${res.status}, ${used} Queries, ${ms} ms`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^A área desenhada é grande demais para a contagem/);
    expect(used).toBe(0);
  });

  it('counts a 1,000-vertex polygon with a bounded number of Queries', async () => {
    const ring = circle(1_000, 0.25);
    const { res, queries: used, ms } = await measured(ring);
    console.log(
      `1,000-vertex polygon: ${res.status}, ${res.body.population} customers, ${used} Queries, ${ms} ms`,
    );
    expect(res.status, res.text).toBe(200);
    const inside = points.filter((p) => pointInPolygon(p.latitude, p.longitude, ring)).map((p) => p.id);
    expect(res.body.population).toBe(inside.length);
    expect(used).toBeLessThanOrEqual(128);
    // A drawing with more vertices than the map makes is refused (the schema's message).
    expect((await count(circle(1_001, 0.25))).status).toBe(400);
  });

  it('limits the counts and the previews of a tenant per minute', async () => {
    const other = await createTestTenant('geo2');
    COSTLY_READS_PER_MINUTE.geoCount = 3;
    COSTLY_READS_PER_MINUTE.preview = 3;
    const ring = circle(12, 0.05);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await count(ring, other)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await count(ring, other);
    expect(limited.body.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    const preview = () =>
      call(leadPreview, {
        method: 'POST',
        path: '/api/web/leads/preview',
        tenant: other.tenant,
        token: other.adminToken,
        body: { filter: [{ key: 'GE', option: 'in', value: ['F'] }] },
      });
    const previews = [];
    for (let i = 0; i < 4; i++) previews.push((await preview()).status);
    expect(previews).toEqual([200, 200, 200, 429]);
    // Another tenant is not held back by this one.
    expect((await count(ring)).status).toBe(200);
  });
});
