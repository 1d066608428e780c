import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { TV_MESSAGES, type TvLink, type TvScreen } from '@freguesia/shared/schemas/tv';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { KIND_CHANGE_MESSAGE } from '@freguesia/functions/campaign-records/campaign-records.service';
import { handler as tv } from '@freguesia/functions/tv/handler';
import { handler as checkout } from '@freguesia/functions/checkout/handler';
import { SCREEN_POLLS_PER_MINUTE } from '@freguesia/functions/tv/tv.service';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createProduct, createStore, integrationToken } from './catalog-fixtures';

/**
 * TV campaigns (spec part 2 §2.2) through the real campaigns and tv handlers on DynamoDB Local:
 * the campaign saved with type TV, its screen links, and the public screen, which shows that
 * campaign at that store with the engine's prices and reveals nothing for any other link.
 */

const ARROZ = '7891000100103';
const LEITE = '7891000200209';
const UNKNOWN = '7899999999991';
const today = localDay();

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('TV campaigns and their public screen', () => {
  let t: TestTenant;
  let other: TestTenant;
  let store: number;
  let store2: number;
  let outside: number;
  let discountId: number;

  const admin = (handler: typeof tv, request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const tvCampaign = (overrides: Record<string, unknown> = {}) => ({
    description: 'Ofertas na TV',
    type: 'TV',
    active: 'Y',
    start_at: today,
    end_at: NO_END_DATE,
    stores: [{ id_store: store }, { id_store: store2 }],
    info: { reference_code: 'TV-1', rotate_seconds: 5 },
    products: [
      { code: ARROZ, type: 2, description: 'ARROZ', price: '21,90', qt_packing: 1 },
      { code: LEITE, type: 1, description: 'LEITE', price: null, qt_packing: 12 },
      { code: UNKNOWN, type: 1, description: TV_MESSAGES.unknownDescription, price: '3,50' },
    ],
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await admin(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: tvCampaign(overrides),
    });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const links = async (id: number): Promise<TvLink[]> => {
    const res = await admin(tv, { path: '/api/web/tv/links', query: { id } });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const tokenOf = (link: TvLink) => link.path.slice('/tv#'.length);
  const screen = (token: string, tenant = t.tenant, headers: Record<string, string> = {}) =>
    call<TvScreen>(tv, {
      path: '/api/tv/screen',
      tenant,
      sourceIp: freshIp(),
      headers: { 'x-tv-token': token, ...headers },
    });

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('tv'), createTestTenant('tvo')]);
    store = await createStore(t, { name: 'Loja Centro' });
    store2 = await createStore(t, { name: 'Loja Bairro' });
    outside = await createStore(t, { name: 'Loja Fora' });
    const arroz = await createProduct(t, { code: ARROZ, description: 'Arroz Camil 5kg' });
    const leite = await createProduct(t, { code: LEITE, description: 'Leite Italac 1L', pack: 12 });
    const prices = await api(t).post('/api/web/price/new', [
      { id_product: arroz.id, id_store: store, cust_price: '10,00', regular_price: '25,00', stock: 5 },
      { id_product: leite.id, id_store: store, cust_price: '3,00', regular_price: '5,00', stock: 5 },
      { id_product: arroz.id, id_store: store2, cust_price: '10,00', regular_price: '20,00', stock: 5 },
    ]);
    expect(prices.status, prices.text).toBe(200);
    // A running 10 % discount on the milk at the first store: the screen shows the engine's price.
    const discount = await admin(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: {
        description: 'Leite 10%',
        type: 'D',
        active: 'Y',
        start_at: today,
        end_at: NO_END_DATE,
        stores: [{ id_store: store }],
        info: {},
        products: [{ code: LEITE, trigger_discount: 'D', type: 2, price: 10 }],
      },
    });
    expect(discount.status, discount.text).toBe(200);
    discountId = discount.body.id;
  });

  it('saves a TV campaign through the campaigns paths and lists it by type', async () => {
    const id = await create();
    const details = await admin(campaigns, { path: '/api/web/campaign/details', query: { id } });
    expect(details.status, details.text).toBe(200);
    expect(details.body).toMatchObject({ type: 'TV', info: { reference_code: 'TV-1', rotate_seconds: 5 } });
    expect(
      details.body.products.map((p: { code: string; description: string; price: number | null }) => [
        p.code,
        p.description,
        p.price,
      ]),
    ).toEqual(
      [
        [ARROZ, 'Arroz Camil 5kg', 21.9],
        [LEITE, 'Leite Italac 1L', null],
        [UNKNOWN, TV_MESSAGES.unknownDescription, 3.5],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const list = await admin(campaigns, { path: '/api/web/campaigns', query: { type: 'TV', per_page: 10 } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(id);
    expect(list.body.data.every((c: { type: string }) => c.type === 'TV')).toBe(true);
  });

  it('grants nothing at the checkout: a club price on a screen is not a discount', async () => {
    await create();
    const pos = await integrationToken(t);
    const res = await call(checkout, {
      method: 'POST',
      path: '/api/checkout/subtotal',
      tenant: t.tenant,
      headers: { 'x-api-key': pos },
      body: {
        session: 'tv-1',
        customer: { document: '' },
        basket: {
          coupon: 'tv-1',
          id_store: store,
          checkout: '01',
          operator: 'Caixa 1',
          items: [
            { sequence: 1, barcode: ARROZ, quantity: 1, unit_value: 25, total_value: 25, discounts: 0 },
          ],
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.basket.items[0].campaigns).toEqual([]);
    expect(res.body.basket.discounts).toEqual([]);
  });

  it('refuses what the spec asks for, in its words', async () => {
    const res = await admin(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      body: tvCampaign({ description: '', start_at: '', stores: [] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      description: 'Informe a descrição da campanha',
      start_at: 'Selecione o Período',
      stores: 'Selecione uma loja para a campanha!',
    });
  });

  it('keeps a TV campaign a TV campaign, and a discount a discount', async () => {
    const id = await create();
    const toDiscount = await admin(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: {
        id,
        description: 'x',
        type: 'D',
        start_at: today,
        stores: [{ id_store: store }],
        info: {},
        products: [{ code: ARROZ, type: 2, price: 100 }],
      },
    });
    expect(toDiscount.status).toBe(400);
    expect(toDiscount.body.message).toBe(KIND_CHANGE_MESSAGE);
    const toTv = await admin(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...tvCampaign(), id: discountId },
    });
    expect(toTv.status).toBe(400);
    expect(toTv.body.message).toBe(KIND_CHANGE_MESSAGE);
  });

  it('shows the campaign at the store with the lowest of regular, promotion and club price', async () => {
    const id = await create();
    const [centro, bairro] = await links(id);
    expect(centro).toMatchObject({ id_store: store, store: 'Loja Centro' });
    expect(bairro).toMatchObject({ id_store: store2, store: 'Loja Bairro' });
    const res = await screen(tokenOf(centro!));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ title: 'Ofertas na TV', store: 'Loja Centro', rotate_seconds: 5 });
    expect(res.body.rows).toEqual([
      // Club R$ 21,90 under the regular R$ 25,00.
      expect.objectContaining({ code: ARROZ, type: 2, now: 2190, before: 2500, kind: 'club' }),
      // 10 % off R$ 5,00 by the running discount campaign.
      expect.objectContaining({
        code: LEITE,
        type: 1,
        now: 450,
        before: 500,
        kind: 'promotion',
        qt_packing: 12,
      }),
    ]);
    // The other store: its own price; the milk has none there and no club price, so it is not shown.
    const there = await screen(tokenOf(bairro!));
    expect(there.body.rows).toEqual([
      expect.objectContaining({ code: ARROZ, now: 2000, before: null, kind: 'regular' }),
    ]);
    // Nothing of the tenant but the screen.
    expect(Object.keys(res.body).sort()).toEqual(['rotate_seconds', 'rows', 'store', 'title', 'version']);
  });

  it('answers 304 to an unchanged poll and a new version after an edit', async () => {
    const id = await create();
    const [link] = await links(id);
    const first = await screen(tokenOf(link!));
    const etag = first.headers.etag!;
    expect(etag).toBe(`"${first.body.version}"`);
    const again = await screen(tokenOf(link!), t.tenant, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const details = (await admin(campaigns, { path: '/api/web/campaign/details', query: { id } })).body;
    const edit = await admin(campaigns, {
      method: 'PUT',
      path: '/api/web/campaign/update',
      body: { ...tvCampaign({ description: 'Ofertas editadas' }), id, updated_at: details.updated_at },
    });
    expect(edit.status, edit.text).toBe(200);
    const after = await screen(tokenOf(link!), t.tenant, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.title).toBe('Ofertas editadas');
  });

  it('reveals nothing for a wrong, foreign, revoked or off-air link', async () => {
    const id = await create();
    const [link] = await links(id);
    const token = tokenOf(link!);
    const [campaign, , signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const probes = [
      '',
      'nada',
      `${campaign}.${store}.${flipped}`,
      // Another store of the tenant, with this store's signature.
      `${campaign}.${outside}.${signature}`,
      `${campaign}.${store2}.${signature}`,
      // A discount campaign's id with the signature.
      `${discountId}.${store}.${signature}`,
    ];
    for (const probe of probes) {
      const res = await screen(probe);
      expect(res.status, probe).toBe(404);
      expect(res.body).toEqual({ message: TV_MESSAGES.screenNotFound });
    }
    // The same link on another tenant's host.
    const foreign = await screen(token, other.tenant);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: TV_MESSAGES.screenNotFound });

    // Revoked by regenerating: the old link is gone, the new one works.
    const renewed = await admin(tv, { method: 'POST', path: '/api/web/tv/links/regenerate', body: { id } });
    expect(renewed.status, renewed.text).toBe(200);
    expect((await screen(token)).status).toBe(404);
    expect((await screen(tokenOf(renewed.body.data[0]))).status).toBe(200);
  });

  it('stops showing an inactive, ended or future campaign', async () => {
    for (const overrides of [
      { active: 'N' },
      { start_at: addDays(today, -10), end_at: addDays(today, -1) },
      { start_at: addDays(today, 2) },
    ]) {
      const id = await create(overrides);
      const [link] = await links(id);
      const res = await screen(tokenOf(link!));
      expect(res.status, JSON.stringify(overrides)).toBe(404);
      expect(res.body).toEqual({ message: TV_MESSAGES.screenNotFound });
    }
  });

  it('limits the polls of one address', async () => {
    const ip = '10.99.0.1';
    let last = 0;
    for (let i = 0; i <= SCREEN_POLLS_PER_MINUTE; i++) {
      last = (
        await call(tv, {
          path: '/api/tv/screen',
          tenant: t.tenant,
          sourceIp: ip,
          headers: { 'x-tv-token': 'nada' },
        })
      ).status;
    }
    // A window may turn mid-loop: the next call then counts again, so allow one more round.
    if (last !== 429)
      for (let i = 0; i <= SCREEN_POLLS_PER_MINUTE && last !== 429; i++)
        last = (
          await call(tv, {
            path: '/api/tv/screen',
            tenant: t.tenant,
            sourceIp: ip,
            headers: { 'x-tv-token': 'nada' },
          })
        ).status;
    expect(last).toBe(429);
  });

  it('gives links and simulated prices only to staff who may see the campaign and the store', async () => {
    const id = await create();
    const bound = await t.userWith([{ action: 'read', subject: 'Campaigns' }], {
      allStores: false,
      storeId: store2,
    });
    const mine = await call(tv, {
      path: '/api/web/tv/links',
      query: { id },
      tenant: t.tenant,
      token: bound.token,
    });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.map((l: TvLink) => l.id_store)).toEqual([store2]);
    const prices = await call(tv, {
      path: '/api/web/tv/prices',
      query: { id_store: store, codes: `${LEITE},${UNKNOWN}` },
      tenant: t.tenant,
      token: bound.token,
    });
    expect(prices.status).toBe(403);
    const simulated = await admin(tv, {
      path: '/api/web/tv/prices',
      query: { id_store: store, codes: `${LEITE},${UNKNOWN}` },
    });
    expect(simulated.body.data).toEqual([
      {
        code: LEITE,
        description: 'Leite Italac 1L',
        pack: 12,
        url: '',
        regular: 500,
        offer: null,
        promotion: 450,
      },
      { code: UNKNOWN, description: null, pack: null, url: '', regular: null, offer: null, promotion: null },
    ]);
    const foreign = await call(tv, {
      path: '/api/web/tv/links',
      query: { id },
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(foreign.status).toBe(404);
  });
});
