import { beforeAll, describe, expect, it } from 'vitest';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import {
  campaignRecords,
  campaignSetVersion,
  discountCampaignRecords,
} from '@freguesia/functions/campaign-records/campaign-records.service';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { discountCampaign } from './campaigns-fixtures';
import { createStore } from './customers-fixtures';

/**
 * Issue 20 item 26: an e-mail inside the schema's limits never overflows DynamoDB's 400 KB item
 * (a clear 400, nothing written), and saving messages leaves the checkout's campaign set alone:
 * its version moves only with discounts, and its read carries no message body.
 */
describe('campaign weight', { timeout: 120_000 }, () => {
  let t: TestTenant;
  let store: number;
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });
  const email = (body: string, flow = '') => ({
    description: 'Newsletter',
    type: 'EMAIL',
    active: 'N',
    info: { layout_title: 'Novidades', layout_body: body, flow, type: 'O' },
  });

  beforeAll(async () => {
    t = await createTestTenant('weight');
    store = (await createStore(t.tenant, 'Loja Centro')).id;
  });

  it('refuses an e-mail of 250 KB of body and 250 KB of project with a Portuguese message, writing nothing', async () => {
    const res = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: email(`<p>${'ã'.repeat(125 * 1024)}</p>`, JSON.stringify({ html: 'x'.repeat(250 * 1024) })),
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toMatch(
      /^A campanha ficou grande demais para ser salva \(\d+ KB; o máximo é 350 KB/,
    );
    expect(await campaignRecords(staffContext(t))).toEqual([]);
    // An e-mail under the limit is saved.
    const small = await staff({ method: 'POST', path: '/api/web/campaign/new', body: email('<p>Olá</p>') });
    expect(small.status, small.text).toBe(200);
  });

  it('moves the checkout’s set only with discounts, and reads no message body', async () => {
    const ctx = staffContext(t);
    const start = await campaignSetVersion(ctx);
    const saved = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: email(`<p>${'conteúdo '.repeat(10_000)}</p>`),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(await campaignSetVersion(ctx)).toBe(start);
    const discount = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: discountCampaign(store, '10% no café', [
        { code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 },
      ]),
    });
    expect(discount.status, discount.text).toBe(200);
    expect(await campaignSetVersion(ctx)).toBe(start + 1);
    const set = await discountCampaignRecords(ctx);
    expect(set.map((c) => c.type)).toEqual(['D']);
  });
});
