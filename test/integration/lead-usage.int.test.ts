import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { handler } from '@freguesia/functions/segmentation/handler';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20, item 9: a lead's read-only 'Detalhes' lists its members a page at a time and finds
 * them by a search; deleting a lead that a campaign or another lead uses is refused with a message
 * naming them (the campaigns' lead-use index kept on write, the leads' LD rows), and allowed again
 * once nothing uses it.
 */
describe('lead details and leads in use (issue 20)', () => {
  let t: TestTenant;
  let store: number;
  const ids: number[] = [];
  const req = (request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });
  const manualLead = async (description: string, customers: number[]) => {
    const res = await req({
      method: 'POST',
      path: '/api/web/lead/new/list',
      body: { description, customers: customers.map((id_customer) => ({ id_customer })) },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const discount = (description: string, lead: number) => ({
    description,
    type: 'D',
    active: 'N',
    start_at: localDay(),
    end_at: NO_END_DATE,
    stores: [{ id_store: store }],
    info: { can_accumulate: 'N', need_terms: 'N' },
    products: [{ code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 }],
    id_lead: lead,
  });

  beforeAll(async () => {
    t = await createTestTenant('leaduse');
    store = (await createStore(t.tenant, 'Loja Uso')).id;
    for (let i = 0; i < 60; i++) {
      const { id } = await createCustomer(
        staffContext(t),
        CustomerForm.parse(
          staffCustomer({
            document: randomCpf(),
            fullname: i === 42 ? 'Quitéria Zanetti' : `Membro Número ${i}`,
            email: `membro${i}@example.com`,
          }),
        ),
      );
      ids.push(id);
    }
  }, 120_000);

  it("pages a lead's members (50 a page) and searches them", async () => {
    // Prepare: 55 of the 60 customers, Quitéria among them; the last five outside.
    const lead = await manualLead('Detalhes', ids.slice(0, 55));
    // Act
    const first = await req({ path: '/api/web/lead/members', query: { id: lead } });
    const second = await req({
      path: '/api/web/lead/members',
      query: { id: lead, cursor: first.body.cursor },
    });
    const found = await req({ path: '/api/web/lead/members', query: { id: lead, q: 'quiteria' } });
    const outside = await req({ path: '/api/web/lead/members', query: { id: lead, q: 'Membro Número 57' } });
    // Assess
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(55);
    expect(first.body.data).toHaveLength(50);
    expect(second.body.data).toHaveLength(5);
    expect(second.body.cursor).toBeNull();
    const seen = [...first.body.data, ...second.body.data].map((m: { id_customer: number }) => m.id_customer);
    expect(seen.sort((a: number, b: number) => a - b)).toEqual(ids.slice(0, 55));
    expect(found.body.data).toEqual([
      expect.objectContaining({ id_customer: ids[42], fullname: 'QUITÉRIA ZANETTI' }),
    ]);
    expect(outside.body.data).toEqual([]);
    const bad = await req({ path: '/api/web/lead/members', query: { id: lead, cursor: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('refuses to delete a lead that a campaign or another lead uses, naming them', async () => {
    // Prepare
    const lead = await manualLead('Clientes usados', ids.slice(0, 3));
    const campaign = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: discount('Natal VIP', lead),
    });
    expect(campaign.status, campaign.text).toBe(200);
    const naming = await req({
      method: 'POST',
      path: '/api/web/lead/new',
      body: {
        description: 'Quem está no usado',
        origin: 'S',
        filter: [{ key: 'LD', option: 'exists', value: [lead] }],
        always_valid: 'Y',
        auto_refresh: 'N',
      },
    });
    expect(naming.status, naming.text).toBe(200);
    // Act
    const refused = await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id: lead } });
    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Lead em uso não pode ser excluído. Campanhas: ${campaign.body.id} – Natal VIP. Leads: ${naming.body.id} – Quem está no usado.`,
    );
    expect((await req({ path: '/api/web/lead/details', query: { id: lead } })).status).toBe(200);
    // Act: the campaign moves to another lead, the naming lead is deleted.
    const other = await manualLead('Outro', ids.slice(3, 4));
    const current = (await staff({ path: '/api/web/campaign/details', query: { id: campaign.body.id } }))
      .body;
    const moved = await staff({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...discount('Natal VIP', other), id: campaign.body.id, version: current.version },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(
      (await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id: naming.body.id } })).status,
    ).toBe(200);
    // Assess: nothing uses it any more.
    const deleted = await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id: lead } });
    expect(deleted.status, deleted.text).toBe(200);
    // The other lead is used by the campaign until the campaign is deleted.
    expect((await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id: other } })).status).toBe(
      409,
    );
    await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id: campaign.body.id } });
    expect((await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id: other } })).status).toBe(
      200,
    );
  });
});
