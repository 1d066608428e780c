import { describe, expect, it } from 'vitest';
import { Service } from 'electrodb';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { CounterEntity } from '@freguesia/functions/lib/ddb/entities/counter';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import { assertCommitted } from '@freguesia/functions/lib/ddb/transactions';
import { readPage, paginated } from '@freguesia/functions/lib/ddb/pagination';
import { UserEntity } from '@freguesia/functions/lib/identity/entities';
import { createTestTenant } from '../support/tenant';

const service = new Service({ unique: UniqueEntity, counter: CounterEntity });

async function claim(tenant: string, value: string, ownerId: number) {
  const result = await service.transaction
    .write(({ unique, counter }) => [
      unique.create({ tenant, scope: 'test-email', value, ownerId }).commit(),
      counter.upsert({ tenant, name: 'total:test' }).add({ value: 1 }).commit(),
    ])
    .go();
  assertCommitted(result, { 0: 'E-mail já cadastrado.' });
}

describe('data layer', () => {
  it('hands out consecutive ids per tenant, independently across tenants', async () => {
    const [a, b] = [countersFor('ids-a-' + Date.now()), countersFor('ids-b-' + Date.now())];
    const ids = await Promise.all(Array.from({ length: 20 }, () => a.next('thing')));
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await b.next('thing')).toBe(1);
  });

  it('enforces uniqueness under concurrency and keeps the total consistent', async () => {
    const tenant = 'uniq-' + Date.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => claim(tenant, 'ana@loja.com', i + 1)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ kind: 'conflict', message: 'E-mail já cadastrado.' });
    expect(await countersFor(tenant).total('test')).toBe(1);
    // The same value is free in another tenant.
    await expect(claim(tenant + 'x', 'ana@loja.com', 1)).resolves.toBeUndefined();
  });

  it('never reads another tenant’s records (cross-tenant negative test)', async () => {
    const [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
    const mine = await UserEntity.get({ tenant: a.tenant, id: a.adminId }).go();
    expect(mine.data?.email).toBe(a.adminEmail);
    const users = await UserEntity.query.byId({ tenant: b.tenant }).go();
    expect(users.data.map((u) => u.email)).toEqual([b.adminEmail]);
    expect(users.data.some((u) => u.email === a.adminEmail)).toBe(false);
  });

  it('reads any page of an index query and shapes data + pagination.total', async () => {
    const all = Array.from({ length: 23 }, (_, i) => i + 1);
    const fetch = async ({ cursor, limit }: { cursor: string | null; limit: number }) => {
      const start = cursor ? Number(cursor) : 0;
      const data = all.slice(start, start + Math.min(limit, 4));
      const next = start + data.length;
      return { data, cursor: next < all.length ? String(next) : null };
    };
    expect(await readPage(fetch, 1, 10)).toEqual(all.slice(0, 10));
    expect(await readPage(fetch, 3, 10)).toEqual([21, 22, 23]);
    expect(await readPage(fetch, 4, 10)).toEqual([]);
    expect(paginated([21, 22, 23], 23, 3, 10).pagination).toEqual({
      total: 23,
      page: 3,
      per_page: 10,
      last_page: 3,
    });
  });
});
