import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { leadExpiredMessage } from '@freguesia/shared/domain/segmentation';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as checkoutHandler } from '@freguesia/functions/checkout/handler';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { fireCampaign } from '@freguesia/functions/communications/planner.service';
import { createLeadFromList } from '@freguesia/functions/segmentation/leads.service';
import { LeadEntity } from '@freguesia/functions/segmentation/leads.entities';
import { leadsRepository } from '@freguesia/functions/segmentation/leads.repository';
import { isMember } from '@freguesia/functions/segmentation/population.service';
import { SHARDS } from '@freguesia/functions/segmentation/population.repository';
import { loadProfiles, reevaluateCustomers } from '@freguesia/functions/segmentation/profiles.service';
import {
  planRecompute,
  runSegment,
  startRecompute,
} from '@freguesia/functions/segmentation/recompute.service';
import { getLead } from '@freguesia/functions/segmentation/leads.repository';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { createStore, randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20 item 4: a lead past its 'Válido até' (shared/domain/segmentation.ts `isLeadExpired`)
 * is used by nobody: its discount campaign applies to no one at the checkout, a campaign or send
 * cannot be saved active for it, a scheduled send to it does not start, and the LD conditions of
 * other leads read it as a lead without members (recompute and incremental alike).
 */

const EAN = '7891000100103';
const today = localDay();

describe('an expired lead', () => {
  let t: TestTenant;
  let pos: string;
  let store: number;
  let member: { id: number; document: string };
  let outsider: { id: number; document: string };
  let lead: number;
  const admin = () => staffContext(t);
  const staff = (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token: t.adminToken, ...request });
  const validUntil = (day: string) =>
    LeadEntity.patch({ tenant: t.tenant, id: lead }).set({ always_valid: 'N', valid_until: day }).go();
  const discount = {
    description: 'VIP 20%',
    type: 'D',
    active: 'Y',
    start_at: today,
    end_at: NO_END_DATE,
    info: { can_accumulate: 'N', need_terms: 'N' },
    products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 20 }],
  };
  const priceFor = async (document: string, coupon: string) => {
    const res = await call(checkoutHandler, {
      method: 'POST',
      path: '/api/checkout/subtotal',
      tenant: t.tenant,
      headers: { 'x-api-key': pos },
      body: {
        customer: { document },
        basket: {
          coupon,
          id_store: store,
          checkout: '01',
          items: [{ sequence: 1, barcode: EAN, quantity: 1, unit_value: 10, total_value: 10 }],
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.basket.total_discount as number;
  };
  const newCustomer = async () => {
    const document = randomCpf();
    const c = await createCustomer(admin(), CustomerForm.parse(staffCustomer({ document })));
    return { id: c.id, document };
  };
  const row = (key: string, option: string, value?: unknown) => ({ key, option, value }) as LeadCondition;
  const segmentation = (description: string, filter: LeadCondition[]) =>
    leadsRepository(t.tenant).create(
      {
        description,
        origin: 'S',
        filter,
        always_valid: 'Y',
        valid_until: null,
        auto_refresh: 'N',
        frequency_refresh: null,
      },
      { status: 'P', population: 0 },
      new Date().toISOString(),
    );
  async function recompute(leadId: number): Promise<void> {
    const run = (await startRecompute(admin(), leadId))!;
    const leadVersion = (await getLead(t.tenant, leadId))!.version;
    await planRecompute(admin(), { type: 'plan', tenant: t.tenant, lead: leadId, run, leadVersion });
    for (let shard = 0; shard < SHARDS; shard++)
      await runSegment(admin(), { type: 'segment', tenant: t.tenant, lead: leadId, run, leadVersion, shard });
  }

  beforeAll(async () => {
    t = await createTestTenant('exp');
    pos = await integrationToken(t);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    member = await newCustomer();
    outsider = await newCustomer();
    lead = (
      await createLeadFromList(admin(), {
        description: 'Clientes VIP',
        customers: [{ id_customer: member.id }],
      })
    ).id;
    const facts = (id: number) => ({
      id,
      channel: 'PDV',
      hasEmail: false,
      hasCellphone: false,
      terms: false,
      optouts: { email: false, sms: false, whatsapp: false, app: false },
      registeredAt: new Date().toISOString(),
      tags: [],
      updatedAt: new Date().toISOString(),
    });
    await loadProfiles(admin(), [facts(member.id), facts(outsider.id)], []);
  });

  it('gives its discount campaign to nobody, and refuses to save an active campaign for it', async () => {
    await validUntil(today);
    const res = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: { ...discount, stores: [{ id_store: store }], id_lead: lead },
    });
    expect(res.status, res.text).toBe(200);
    onTestFinished(async () => {
      await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id: res.body.id } });
    });
    // Valid through today: its members get it.
    expect(await priceFor(member.document, 'e-1')).toBe(2);
    expect(await priceFor(outsider.document, 'e-2')).toBe(0);

    await validUntil(addDays(today, -1));
    expect(await priceFor(member.document, 'e-3')).toBe(0);
    // Its members stay on record.
    expect(await isMember(admin(), lead, member.id)).toBe(true);

    const again = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: { ...discount, stores: [{ id_store: store }], id_lead: lead },
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(
      leadExpiredMessage('Clientes VIP', addDays(today, -1)).replace(/"/g, '\\"'),
    );
    const inactive = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: { ...discount, active: 'N', stores: [{ id_store: store }], id_lead: lead },
    });
    expect(inactive.status, inactive.text).toBe(200);
    await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id: inactive.body.id } });
  });

  it('reads as a lead without members in LD conditions, on recompute and incrementally', async () => {
    await validUntil(addDays(today, 1));
    const inIt = await segmentation('No lead VIP', [row('LD', 'exists', [lead])]);
    const notInIt = await segmentation('Fora do lead VIP', [row('LD', '!exists', [lead])]);
    await recompute(inIt.id);
    await recompute(notInIt.id);
    expect(await isMember(admin(), inIt.id, member.id)).toBe(true);
    expect(await isMember(admin(), notInIt.id, member.id)).toBe(false);
    expect(await isMember(admin(), notInIt.id, outsider.id)).toBe(true);

    await validUntil(addDays(today, -1));
    // The customer's next change (the profiles stream) already sees it expired.
    await reevaluateCustomers(admin(), [member.id]);
    expect(await isMember(admin(), inIt.id, member.id)).toBe(false);
    expect(await isMember(admin(), notInIt.id, member.id)).toBe(true);
    // A full recompute agrees.
    await recompute(inIt.id);
    await recompute(notInIt.id);
    expect(await isMember(admin(), inIt.id, member.id)).toBe(false);
    expect(await isMember(admin(), notInIt.id, member.id)).toBe(true);
    expect(await isMember(admin(), notInIt.id, outsider.id)).toBe(true);
  });

  it('refuses to send to it now, and does not start its scheduled send', async () => {
    await validUntil(addDays(today, 1));
    const saved = await staff({
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'SMS VIP',
        type: 'SMS',
        active: 'Y',
        start_at: today,
        end_at: NO_END_DATE,
        id_lead: lead,
        info: { layout_body: 'Oferta VIP para {{primeiro_nome}}', type: 'O', approvement: 'sim' },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const id = saved.body.id as number;
    onTestFinished(async () => {
      await staff({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
    });
    await validUntil(addDays(today, -1));
    const now = await call(communications, {
      method: 'POST',
      path: `/api/web/communications/${id}/send`,
      tenant: t.tenant,
      token: t.adminToken,
    });
    expect(now.status).toBe(400);
    expect(JSON.stringify(now.body)).toContain('expirou em');
    expect(await fireCampaign(admin(), id)).toBeUndefined();
  });
});
