import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as loyalty } from '@freguesia/functions/loyalty/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore } from './customers-fixtures';

/**
 * Issue 20, item 16 (the screen): a deleted campaign is archived, not erased — the lists' 'Excluídas'
 * (GET /web/campaigns?archived=Y) show it, newest first, under the live list's permission and store
 * scope; it leaves the live list; GET /web/campaign/details?archived=Y opens it read-only with its
 * products; nothing can edit or delete it; another tenant sees nothing.
 */
describe("'Excluídas': deleted campaigns kept for history", () => {
  let t: TestTenant;
  let other: TestTenant;
  let store: number;
  let otherStore: number;
  const as = (tenant: TestTenant, token: string) => (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: tenant.tenant, token, ...request });
  const admin = (request: Parameters<typeof call>[1]) => as(t, t.adminToken)(request);
  const start = localDay();
  const discount = (description: string, id_store: number) => ({
    description,
    type: 'D',
    active: 'Y',
    start_at: start,
    end_at: addDays(start, 6),
    stores: [{ id_store }],
    info: { can_accumulate: 'N', need_terms: 'N' },
    products: [
      { code: '7891000100103', trigger_discount: 'D', type: 2, price: 10 },
      { code: '7891000055502', trigger_discount: 'D', type: 1, price: 3.5 },
    ],
  });
  const sms = (description: string) => ({
    description,
    type: 'SMS',
    active: 'Y',
    info: { layout_body: 'Oferta de hoje', type: 'O', approvement: 'sim' },
  });
  const create = async (body: unknown) => {
    const res = await admin({ method: 'POST', path: '/api/web/campaign/new', body });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const remove = async (id: number) => {
    const res = await admin({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
    expect(res.status, res.text).toBe(200);
  };
  const list = (query: Record<string, string | number>, by = admin) =>
    by({ method: 'GET', path: '/api/web/campaigns', query: { per_page: 200, ...query } });
  const ids = (res: Awaited<ReturnType<typeof admin>>) =>
    (res.body.data as { id: number }[]).map((r) => r.id);

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('arch'), createTestTenant('arch')]);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    otherStore = (await createStore(t.tenant, 'Loja Bairro')).id;
  });

  it('lists a deleted campaign under archived=Y only, and opens it read-only with its products', async () => {
    const kept = await create(discount('Ofertas que ficam', store));
    const gone = await create(discount('Ofertas da semana passada', store));
    await remove(gone);

    const live = await list({ types: 'D' });
    expect(live.status, live.text).toBe(200);
    expect(ids(live)).toContain(kept);
    expect(ids(live)).not.toContain(gone);

    const archived = await list({ types: 'D', archived: 'Y' });
    expect(archived.status, archived.text).toBe(200);
    expect(ids(archived)).toEqual([gone]);
    expect(archived.body.pagination.total).toBe(1);
    expect(archived.body.data[0]).toMatchObject({
      id: gone,
      description: 'Ofertas da semana passada',
      type: 'D',
      archived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // The live details say it is gone; the archived ones show it as it was, products included.
    expect((await admin({ path: '/api/web/campaign/details', query: { id: gone } })).status).toBe(404);
    const details = await admin({ path: '/api/web/campaign/details', query: { id: gone, archived: 'Y' } });
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject({ id: gone, description: 'Ofertas da semana passada' });
    expect(details.body.archived_at).toBe(archived.body.data[0].archived_at);
    expect(details.body.products.map((p: { code: string; price: number }) => [p.code, p.price])).toEqual(
      expect.arrayContaining([
        ['7891000100103', 10],
        ['7891000055502', 3.5],
      ]),
    );
    // A live campaign is not in the archive.
    expect(
      (await admin({ path: '/api/web/campaign/details', query: { id: kept, archived: 'Y' } })).status,
    ).toBe(404);

    // Read-only: an edit, a second delete or a duplicate of it finds nothing.
    const edit = await admin({
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...discount('Ressuscitada', store), id: gone },
    });
    expect(edit.status).toBe(404);
    expect(
      (await admin({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id: gone } })).status,
    ).toBe(404);
    expect(
      (
        await admin({
          method: 'POST',
          path: '/api/web/campaign/duplicate',
          body: { id: gone, start_at: start, end_at: addDays(start, 6) },
        })
      ).status,
    ).toBe(404);
    expect(ids(await list({ types: 'D', archived: 'Y' }))).toEqual([gone]);
  });

  it('keeps each kind in its own list, newest first, searchable and paged', async () => {
    const first = await create(sms('Aviso antigo'));
    const second = await create(sms('Aviso de sábado'));
    await remove(first);
    await remove(second);
    const archived = await list({ types: 'SMS', archived: 'Y' });
    expect(ids(archived)).toEqual([second, first]);
    expect(ids(await list({ types: 'SMS', archived: 'Y', q: 'sabado' }))).toEqual([second]);
    const page2 = await list({ types: 'SMS', archived: 'Y', per_page: 1, page: 2 });
    expect(ids(page2)).toEqual([first]);
    expect(page2.body.pagination.total).toBe(2);
    // Not among the deleted discounts, nor in the live SMS list.
    expect(ids(await list({ types: 'D', archived: 'Y' }))).not.toContain(first);
    expect(ids(await list({ types: 'SMS' }))).not.toContain(second);
  });

  it('applies the live lists’ permission and store scope, and shows another tenant nothing', async () => {
    const here = await create(discount('Só no Centro', store));
    const there = await create(discount('Só no Bairro', otherStore));
    await remove(here);
    await remove(there);
    // A user bound to the Centro store sees its deleted campaign, not the Bairro's.
    const bound = await t.userWith([{ action: 'read', subject: 'Campaigns' }], {
      allStores: false,
      storeId: store,
    });
    const scoped = ids(await list({ types: 'D', archived: 'Y' }, as(t, bound.token)));
    expect(scoped).toContain(here);
    expect(scoped).not.toContain(there);
    expect(
      (
        await as(
          t,
          bound.token,
        )({
          path: '/api/web/campaign/details',
          query: { id: there, archived: 'Y' },
        })
      ).status,
    ).toBe(404);
    // Communications only: no discounts, deleted or not.
    const comms = await t.userWith([{ action: 'read', subject: 'Communications' }]);
    expect((await list({ types: 'D', archived: 'Y' }, as(t, comms.token))).status).toBe(403);
    expect(
      (await as(t, comms.token)({ path: '/api/web/campaign/details', query: { id: here, archived: 'Y' } }))
        .status,
    ).toBe(403);
    // Another tenant: nothing, even with the same ids.
    const foreign = await list({ types: 'D', archived: 'Y' }, as(other, other.adminToken));
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
    expect(
      (
        await as(
          other,
          other.adminToken,
        )({ path: '/api/web/campaign/details', query: { id: here, archived: 'Y' } })
      ).status,
    ).toBe(404);
    // No session: 401.
    expect(
      (await call(campaigns, { tenant: t.tenant, path: '/api/web/campaigns', query: { archived: 'Y' } }))
        .status,
    ).toBe(401);
  });

  it("opens a deleted ticket, lucky-number or TV campaign as its own kind's view, read-only", async () => {
    const ticket = await create({
      description: 'Troque e Ganhe antigo',
      type: 'T',
      active: 'Y',
      id_lead: null,
      start_at: start,
      end_at: '',
      info: {
        need_terms: 'N',
        value: '20,00',
        layout_body: '<p>Ticket {{ticket}}</p>',
        can_accumulate: 'N',
        layout_gift: '<p>Você ganhou {{gift}}</p>',
      },
      accelerators: [],
      stores: [{ id_store: store }],
      gifts: [{ id_store: store, available_at: '2099-01-01T10:00:00-03:00', gift: 'Viagem', qt_print: 0 }],
    });
    const lucky = await create({
      description: 'Sorte antiga',
      type: 'L',
      active: 'Y',
      start_at: start,
      end_at: '9999-12-31',
      info: { value: 50, need_terms: 'N', can_accumulate: 'N', series_quantity: 2 },
    });
    const tv = await create({
      description: 'TV antiga',
      type: 'TV',
      active: 'Y',
      start_at: start,
      end_at: '9999-12-31',
      stores: [{ id_store: store }],
      info: { reference_code: 'TV-9', rotate_seconds: 5 },
      products: [{ code: '7891000100103', type: 1, description: 'ARROZ', price: '21,90', qt_packing: 1 }],
    });
    for (const id of [ticket, lucky, tv]) await remove(id);

    // Each list's 'Excluídas' (the kinds of the tickets, lucky-number and TV lists).
    expect(ids(await list({ types: 'T', archived: 'Y' }))).toEqual([ticket]);
    expect(ids(await list({ type: 'L', archived: 'Y' }))).toEqual([lucky]);
    expect(ids(await list({ type: 'TV', archived: 'Y' }))).toEqual([tv]);
    for (const kind of ['T', 'L', 'TV']) expect(ids(await list({ type: kind }))).toEqual([]);

    // A ticket campaign answers in the ticket editor's shape (its prizes and accelerators), not the general one.
    const details = (id: number) =>
      admin({ path: '/api/web/campaign/details', query: { id, archived: 'Y' } });
    const t1 = await details(ticket);
    expect(t1.status, t1.text).toBe(200);
    expect(t1.body).toMatchObject({
      id: ticket,
      type: 'T',
      instant_prize: true,
      accelerators: [],
      gifts: [{ gift: 'Viagem', id_store: store }],
      archived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(t1.body).not.toHaveProperty('products');
    // Lucky numbers: the details page's campaign and its issuance state still open.
    const l1 = await details(lucky);
    expect(l1.body).toMatchObject({
      id: lucky,
      type: 'L',
      info: { series_quantity: 2 },
      archived_at: expect.any(String),
    });
    const status = await call(loyalty, {
      tenant: t.tenant,
      token: t.adminToken,
      path: `/api/web/lucky-numbers/${lucky}`,
    });
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({ capacity: 200_000, generated: 0 });
    // TV: its products as saved, for the read-only wizard.
    const v1 = await details(tv);
    expect(v1.body).toMatchObject({
      id: tv,
      type: 'TV',
      info: { reference_code: 'TV-9' },
      archived_at: expect.any(String),
    });
    expect(v1.body.products.map((p: { code: string }) => p.code)).toEqual(['7891000100103']);

    // The live details of each say it is gone; none can be edited.
    for (const id of [ticket, lucky, tv])
      expect((await admin({ path: '/api/web/campaign/details', query: { id } })).status).toBe(404);

    // The store scope and the other tenant, as for discounts.
    const elsewhere = await t.userWith([{ action: 'read', subject: 'Campaigns' }], {
      allStores: false,
      storeId: otherStore,
    });
    expect(ids(await list({ types: 'T', archived: 'Y' }, as(t, elsewhere.token)))).toEqual([]);
    expect(
      (
        await as(
          t,
          elsewhere.token,
        )({ path: '/api/web/campaign/details', query: { id: ticket, archived: 'Y' } })
      ).status,
    ).toBe(404);
    expect(
      (
        await as(
          other,
          other.adminToken,
        )({ path: '/api/web/campaign/details', query: { id: ticket, archived: 'Y' } })
      ).status,
    ).toBe(404);
  });
});
