import { beforeAll, describe, expect, it } from 'vitest';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { CampaignProductEntity } from '@freguesia/functions/campaign-records/campaign-records.entities';
import {
  campaignsRepository,
  type CampaignFields,
} from '@freguesia/functions/campaign-records/campaign-records.repository';
import type { CampaignProduct } from '@freguesia/shared/schemas/campaign';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { checkoutDiscounts, percentCampaign, percentRows, rowCode } from './campaigns-fixtures';
import { createStore } from './customers-fixtures';

/**
 * Issue 20 item 22: a campaign update never exposes a mix of old and new product rows. The new
 * rows are written under a new generation and the header flips to it in its last transaction; a
 * DynamoDB error in the middle of the rows (here a row beyond the 400 KB item limit, in the third
 * of four transactions) or a crash before the flip leaves the old version whole, at the checkout
 * and in the details.
 */

const ROWS = 300;

describe('a campaign update', { timeout: 180_000 }, () => {
  let t: TestTenant;
  let pos: string;
  let store: number;
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });
  const rows = (percent: number) => percentRows(ROWS, percent);
  const body = (percent: number) => percentCampaign(store, ROWS, percent);
  /** The discount of R$ 10 of the first, a middle and the last product, read fresh from the table. */
  const discounts = (coupon: string) => checkoutDiscounts(t, { key: pos, store }, coupon, [0, 250, ROWS - 1]);
  const detailsPrices = async (id: number) => {
    const res = await staff({ path: '/api/web/campaign/details', query: { id } });
    return new Set(res.body.products.map((p: { price: number }) => p.price));
  };

  beforeAll(async () => {
    t = await createTestTenant('atm');
    pos = await integrationToken(t);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
  });

  it('leaves the old version whole when DynamoDB fails in the middle of the new rows', async () => {
    const created = await staff({ method: 'POST', path: '/api/web/campaign/new', body: body(10) });
    expect(created.status, created.text).toBe(200);
    const id = created.body.id as number;
    expect(await discounts('a-1')).toEqual([1, 1, 1]);

    const repo = campaignsRepository(t.tenant);
    const current = (await repo.get(id))!;
    const {
      id: _id,
      product_count: _c,
      product_gen: _g,
      created_by: _b,
      version: _v,
      created_at: _ca,
      updated_at: _u,
      ...fields
    } = current;
    const next = rows(20) as CampaignProduct[];
    // A row DynamoDB refuses (over 400 KB) among the new ones: its transaction fails mid-way.
    next[250] = { ...next[250]!, layout: 'x'.repeat(410_000) } as CampaignProduct;
    await expect(
      repo.update(
        current,
        { ...(fields as CampaignFields), description: 'Nova versão' },
        next,
        new Date().toISOString(),
      ),
    ).rejects.toThrow();

    expect(await discounts('a-2')).toEqual([1, 1, 1]);
    expect(await detailsPrices(id)).toEqual(new Set([10]));
    const after = (await repo.get(id))!;
    expect(after).toMatchObject({ description: current.description, version: current.version });
    // The rows written before the failure were removed again.
    const { data } = await CampaignProductEntity.query
      .byCampaign({ tenant: t.tenant, campaign: id })
      .go({ pages: 'all' });
    expect(data).toHaveLength(ROWS);

    // A good update then replaces every row at once.
    const details = await staff({ path: '/api/web/campaign/details', query: { id } });
    const updated = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...body(20), id, updated_at: details.body.updated_at },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(await discounts('a-3')).toEqual([2, 2, 2]);
    expect(await detailsPrices(id)).toEqual(new Set([20]));
    const { data: left } = await CampaignProductEntity.query
      .byCampaign({ tenant: t.tenant, campaign: id })
      .go({ pages: 'all' });
    expect(left).toHaveLength(ROWS);
    await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
  });

  it('ignores the rows of an update that crashed before its flip, and the next update removes them', async () => {
    const created = await staff({ method: 'POST', path: '/api/web/campaign/new', body: body(10) });
    const id = created.body.id as number;
    // What a crash leaves: some rows of a generation the header never pointed at.
    for (const i of [0, 250])
      await CampaignProductEntity.put({
        tenant: t.tenant,
        campaign: id,
        code: `${rowCode(i)}#g999999`,
        gen: 999_999,
        row: { ...rows(50)[i], budget: 0, budget_limit: 0 },
      }).go();
    expect(await discounts('b-1')).toEqual([1, 1, 1]);
    expect(await detailsPrices(id)).toEqual(new Set([10]));

    const details = await staff({ path: '/api/web/campaign/details', query: { id } });
    const updated = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...body(30), id, updated_at: details.body.updated_at },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(await discounts('b-2')).toEqual([3, 3, 3]);
    const { data } = await CampaignProductEntity.query
      .byCampaign({ tenant: t.tenant, campaign: id })
      .go({ pages: 'all' });
    expect(data).toHaveLength(ROWS);
    // A fields-only edit keeps the same rows.
    const again = await staff({ path: '/api/web/campaign/details', query: { id } });
    const renamed = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...body(30), description: 'Só o nome', id, updated_at: again.body.updated_at },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await discounts('b-3')).toEqual([3, 3, 3]);
    await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
    const { data: gone } = await CampaignProductEntity.query
      .byCampaign({ tenant: t.tenant, campaign: id })
      .go({ pages: 'all' });
    expect(gone).toHaveLength(0);
  });
});
