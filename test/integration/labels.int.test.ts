import { beforeAll, describe, expect, it } from 'vitest';
import type { Ability } from '@freguesia/shared/domain/permissions';
import { localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { LABEL_MESSAGES } from '@freguesia/shared/schemas/label';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import {
  facetLimitNotice,
  LABEL_STORE_MESSAGE,
  NO_FACET_PRODUCTS_NOTICE,
} from '@freguesia/functions/campaigns/labels-print.service';
import { handler as labelLayouts } from '@freguesia/functions/labels/handler';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { api, createCategory, createProduct, createStore } from './catalog-fixtures';

/**
 * Discount label layouts (spec part 3 §2, §3, §5, §7) and the data of a campaign's labels
 * (part 2 §2.6) through the labels and campaigns functions' real handlers against DynamoDB
 * Local: the required messages, CRUD with sanitised markup, who may list and who may write, and
 * the print data — prices from the catalogue and the promotion engine, unlimited → 1000, the
 * print limit and the store scope.
 */

const read = (subject: Ability['subject']): Ability => ({ action: 'read', subject });
const write = (subject: Ability['subject']): Ability => ({ action: 'write', subject });

const layout = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  width: 60,
  height: '40,5',
  layout: '<div style="font-size: 12px">{{description}} R$ {{price_integer}},{{price_cents}}</div>',
  visible: 'Y',
  visible_rules: '{"types":["D"]}',
  entity: 'campaigns',
  ...extra,
});

describe('label layouts API', () => {
  let t: TestTenant;
  const req = (
    method: string,
    path: string,
    extra: { body?: unknown; query?: Record<string, string | number>; token?: string } = {},
  ) =>
    call(labelLayouts, {
      method,
      path,
      tenant: t.tenant,
      token: extra.token ?? t.adminToken,
      body: extra.body,
      query: extra.query,
    });

  beforeAll(async () => {
    t = await createTestTenant('lbl');
  });

  it('requires name, width and height with the spec’s messages', async () => {
    const empty = await req('POST', '/api/web/label', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      name: 'Digite o nome da etiqueta',
      width: 'Digite a Largura',
      height: 'Digite a Altura',
    });
    const blank = await req('POST', '/api/web/label', { body: { name: '  ', width: '', height: null } });
    expect(blank.body.errors).toEqual({
      name: 'Digite o nome da etiqueta',
      width: 'Digite a Largura',
      height: 'Digite a Altura',
    });
  });

  it('bounds the size and checks the visibility rules are JSON', async () => {
    const res = await req('POST', '/api/web/label', {
      body: layout('Gôndola', { width: 0, height: 'abc', visible_rules: '{types: D}' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      width: LABEL_MESSAGES.widthRange,
      height: LABEL_MESSAGES.heightRange,
      visible_rules: LABEL_MESSAGES.visibleRules,
    });
    const big = await req('POST', '/api/web/label', {
      body: layout('Gôndola', { width: 501, entity: 'customers' }),
    });
    expect(big.body.errors).toEqual({ width: LABEL_MESSAGES.widthRange, entity: LABEL_MESSAGES.entity });
  });

  it('creates, lists by entity, updates and deletes layouts', async () => {
    const created = await req('POST', '/api/web/label', { body: layout('Gôndola 60x40') });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Gôndola 60x40',
      width: 60,
      height: 40.5,
      layout: '<div style="font-size:12px">{{description}} R$ {{price_integer}},{{price_cents}}</div>',
      visible: true,
      visible_rules: '{"types":["D"]}',
      entity: 'campaigns',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const second = await req('POST', '/api/web/label', {
      body: layout('Atacado', { visible: false, visible_rules: '' }),
    });
    expect(second.body).toMatchObject({ visible: false, visible_rules: '{}' });

    const list = await req('GET', '/api/web/labels', { query: { entity: 'campaigns' } });
    expect(list.status).toBe(200);
    expect(list.body.map((l: { name: string }) => l.name)).toEqual(['Atacado', 'Gôndola 60x40']);

    const id = created.body.id as number;
    const updated = await req('PUT', '/api/web/label', {
      body: { ...layout('Gôndola 80x50', { width: 80, height: 50 }), id },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Gôndola 80x50',
      width: 80,
      height: 50,
      created_at: created.body.created_at,
    });
    expect((await req('PUT', '/api/web/label', { body: { ...layout('Outra'), id: 999_999 } })).status).toBe(
      404,
    );

    const removed = await req('DELETE', `/api/web/label/${id}`);
    expect(removed.status).toBe(200);
    expect((await req('DELETE', `/api/web/label/${id}`)).status).toBe(404);
    const after = await req('GET', '/api/web/labels', { query: { entity: 'campaigns' } });
    expect(after.body.map((l: { id: number }) => l.id)).toEqual([second.body.id]);
  });

  it('sanitises the markup on save and keeps the placeholders', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const payload = [
      '<div onclick="steal()" style="color: #c00; background: url(https://evil.test/x); font-weight: bold; position: fixed">',
      '{{ description }}<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '<img src="javascript:alert(3)">',
      `<img src="${png}" alt="logo">`,
      '<img src="data:text/html;base64,PHNjcmlwdD4=">',
      '<a href="javascript:alert(4)">link</a>',
      '<iframe src="https://evil.test"></iframe><style>body{display:none}</style>',
      '<span style="width: expression(alert(5)); font-size: 20px">{{price}}</span>',
      '</div>',
    ].join('');
    const res = await req('POST', '/api/web/label', { body: layout('Perigosa', { layout: payload }) });
    expect(res.status, res.text).toBe(200);
    const stored = res.body.layout as string;
    for (const bad of [
      '<script',
      'alert(1)',
      'onerror',
      'onclick',
      'javascript:',
      'url(',
      'expression',
      '<iframe',
      '<style',
      'display:none',
      'data:text',
      'position',
      '<a ',
    ]) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('{{ description }}');
    expect(stored).toContain('{{price}}');
    expect(stored).toContain('color:#c00');
    expect(stored).toContain('font-weight:bold');
    expect(stored).toContain('<span style="font-size:20px">');
    expect(stored).toContain(`<img src="${png}" alt="logo" />`);
    expect(stored).toContain('link');
  });

  it('lets read Campaigns or read Settings list, and only write Settings write', async () => {
    const campaignsReader = await t.userWith([read('Campaigns')]);
    const settingsReader = await t.userWith([read('Settings')]);
    const outsider = await t.userWith([read('Customers')]);
    const writer = await t.userWith([write('Settings')]);

    expect(
      (await req('GET', '/api/web/labels', { query: { entity: 'campaigns' }, token: campaignsReader.token }))
        .status,
    ).toBe(200);
    expect((await req('GET', '/api/web/labels', { token: settingsReader.token })).status).toBe(200);
    const refused = await req('GET', '/api/web/labels', { token: outsider.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão para realizar esta ação.');

    for (const token of [campaignsReader.token, settingsReader.token]) {
      expect((await req('POST', '/api/web/label', { body: layout('Proibida'), token })).status).toBe(403);
      expect(
        (await req('PUT', '/api/web/label', { body: { ...layout('Proibida'), id: 1 }, token })).status,
      ).toBe(403);
      expect((await req('DELETE', '/api/web/label/1', { token })).status).toBe(403);
    }
    const made = await req('POST', '/api/web/label', { body: layout('Do escritório'), token: writer.token });
    expect(made.status, made.text).toBe(200);
    expect((await req('DELETE', `/api/web/label/${made.body.id}`, { token: writer.token })).status).toBe(200);
  });

  it('never shows or changes another tenant’s layouts', async () => {
    const mine = await req('POST', '/api/web/label', { body: layout('Só minha') });
    const other = await createTestTenant('lbl');
    const theirs = (method: string, path: string, body?: unknown) =>
      call(labelLayouts, { method, path, tenant: other.tenant, token: other.adminToken, body });
    expect((await theirs('GET', '/api/web/labels')).body).toEqual([]);
    expect((await theirs('PUT', '/api/web/label', { ...layout('Invasora'), id: mine.body.id })).status).toBe(
      404,
    );
    expect((await theirs('DELETE', `/api/web/label/${mine.body.id}`)).status).toBe(404);
    const list = await req('GET', '/api/web/labels');
    expect(list.body.find((l: { id: number }) => l.id === mine.body.id)).toMatchObject({ name: 'Só minha' });
  });
});

describe('campaign label data', () => {
  let t: TestTenant;
  let own: number;
  let other: number;
  let outside: number;
  let campaignId: number;
  const EAN_RICE = '7891000100103';
  const EAN_BEANS = '7891000055502';
  const EAN_UNKNOWN = '7891000999991';

  const labels = (id: number, query: Record<string, string | number>, token = t.adminToken) =>
    call(campaigns, {
      method: 'GET',
      path: `/api/web/campaigns/${id}/labels`,
      query,
      tenant: t.tenant,
      token,
    });

  beforeAll(async () => {
    t = await createTestTenant('lbp');
    own = await createStore(t, { name: 'Loja Centro' });
    other = await createStore(t, { name: 'Loja Norte' });
    outside = await createStore(t, { name: 'Loja Sul' });
    const rice = await createProduct(t, { code: EAN_RICE, description: 'Arroz <Tipo 1> 5kg' });
    const beans = await createProduct(t, { code: EAN_BEANS, description: 'Feijão Carioca 1kg' });
    const prices = await api(t).post('/api/web/price/new', [
      { id_product: rice.id, id_store: own, regular_price: '12,00', stock: 5 },
      { id_product: rice.id, id_store: other, regular_price: '20,00', stock: 5 },
      { id_product: beans.id, id_store: own, regular_price: '9,50', stock: 5 },
    ]);
    expect(prices.status, prices.text).toBe(200);
    const created = await call(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      tenant: t.tenant,
      token: t.adminToken,
      body: {
        description: 'Ofertas da semana',
        type: 'D',
        active: 'Y',
        start_at: localDay(),
        end_at: NO_END_DATE,
        stores: [{ id_store: own }, { id_store: other }],
        info: { can_accumulate: 'N', need_terms: 'Y' },
        products: [
          // 10 % off, no per-purchase limit.
          { code: EAN_RICE, trigger_discount: 'D', type: 2, price: 10, limit: 0 },
          // Fixed price R$ 7,99, at most 3 units a purchase.
          { code: EAN_BEANS, trigger_discount: 'D', type: 1, price: '7,99', limit: 3 },
          { code: EAN_UNKNOWN, trigger_discount: 'D', type: 1, price: 1 },
        ],
      },
    });
    expect(created.status, created.text).toBe(200);
    campaignId = created.body.id;
  });

  it('answers each product with the store’s price, the campaign’s price and the limit (unlimited → 1000)', async () => {
    const res = await labels(campaignId, { id_store: own });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      campaign: {
        id: campaignId,
        description: 'Ofertas da semana',
        type: 'D',
        start_at: localDay(),
        end_at: NO_END_DATE,
      },
      store: { id: own, name: 'Loja Centro' },
      data: [
        {
          code: EAN_BEANS,
          description: 'Feijão Carioca 1kg',
          regular_price: 9.5,
          price: 7.99,
          limit: 3,
          unlimited: false,
          dynamic: 1,
          take: 0,
          pay: 0,
          qt_packing: 1,
        },
        {
          code: EAN_RICE,
          description: 'Arroz <Tipo 1> 5kg',
          regular_price: 12,
          price: 10.8,
          limit: 1000,
          // Unlimited: the label prints no 'Limite de 1000 unidades' (issue 20 item 5).
          unlimited: true,
          dynamic: 2,
          take: 0,
          pay: 0,
          qt_packing: 1,
        },
      ],
      total: 3,
      skipped: 1,
    });
    // The other store's price; beans have none there, but a fixed price needs none (by EAN).
    const north = await labels(campaignId, { id_store: other });
    expect(
      north.body.data.map((r: { code: string; regular_price: number | null; price: number }) => [
        r.code,
        r.regular_price,
        r.price,
      ]),
    ).toEqual([
      [EAN_BEANS, null, 7.99],
      [EAN_RICE, 20, 18],
    ]);
  });

  it('tells why a ticket discount has no label instead of claiming no product has a price (issue 20)', async () => {
    const created = await call(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      tenant: t.tenant,
      token: t.adminToken,
      body: {
        description: 'Desconto no ticket',
        type: 'DB',
        active: 'N',
        start_at: localDay(),
        end_at: NO_END_DATE,
        stores: [{ id_store: own }],
        info: { can_accumulate: 'N', need_terms: 'N', type: 2, value: 10 },
      },
    });
    expect(created.status, created.text).toBe(200);
    const res = await labels(created.body.id, { id_store: own });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.notice).toBe(
      'Esta campanha dá desconto no valor total da compra (ticket): não há preço de produto para etiquetar.',
    );
  });

  it('labels the products of a category (with its subcategories) or brand priced at the store (issue 20)', async () => {
    const drinks = await createCategory(t, 'BEB', 'Bebidas');
    const sodas = await createCategory(t, 'REF', 'Refrigerantes', drinks);
    await createCategory(t, 'LIM', 'Limpeza');
    const brand = await api(t).post('/api/web/brand/new', { reference_code: 'GUA', description: 'Guará' });
    expect(brand.status, brand.text).toBe(200);
    const brandId: number = brand.body.id;
    const make = (code: string, description: string, reference_code: string, extra = {}) =>
      createProduct(t, { code, description, category: { reference_code }, ...extra });
    const cola = await make('7891000200011', 'Refrigerante Cola 2L', 'REF', { id_brand: brandId });
    const juice = await make('7891000200028', 'Suco de Uva 1L', 'BEB');
    const unpriced = await make('7891000200035', 'Guaraná 2L', 'REF', { id_brand: brandId });
    const soap = await make('7891000200042', 'Sabão em Pó 1kg', 'LIM', { id_brand: brandId });
    const prices = await api(t).post('/api/web/price/new', [
      { id_product: cola.id, id_store: own, regular_price: '10,00', stock: 5 },
      { id_product: juice.id, id_store: own, regular_price: '8,00', stock: 5 },
      { id_product: unpriced.id, id_store: other, regular_price: '6,00', stock: 5 },
      { id_product: soap.id, id_store: own, regular_price: '20,00', stock: 5 },
    ]);
    expect(prices.status, prices.text).toBe(200);
    const campaign = async (body: Record<string, unknown>) => {
      const res = await call(campaigns, {
        method: 'POST',
        path: '/api/web/campaign/new',
        tenant: t.tenant,
        token: t.adminToken,
        body: {
          active: 'Y',
          start_at: localDay(),
          end_at: NO_END_DATE,
          stores: [{ id_store: own }, { id_store: other }],
          ...body,
        },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.id as number;
    };
    const byCategory = await campaign({
      description: 'Bebidas 10%',
      type: 'DC',
      info: { can_accumulate: 'N', need_terms: 'N', type: 2, value: 10, categories: `${drinks}` },
    });
    const row = (r: {
      code: string;
      regular_price: number | null;
      price: number;
      dynamic: number | null;
    }) => [r.code, r.regular_price, r.price, r.dynamic];
    const drinksLabels = await labels(byCategory, { id_store: own });
    expect(drinksLabels.status, drinksLabels.text).toBe(200);
    // The subcategory's product and the category's own, each with the campaign's 10 % off; the
    // product without a price at this store and the other category's are left out.
    expect(drinksLabels.body.data.map(row).sort()).toEqual([
      [cola.code, 10, 9, 2],
      [juice.code, 8, 7.2, 2],
    ]);
    expect(drinksLabels.body.notice ?? null).toBeNull();
    // The print limit cuts the list and says so.
    const one = await labels(byCategory, { id_store: own, limit: 1 });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.notice).toBe(facetLimitNotice(1));

    const byBrand = await campaign({
      description: 'Guará R$ 5',
      type: 'DBRANDS',
      brands: [{ id_brand: brandId }],
      info: { can_accumulate: 'N', need_terms: 'N', type: 6, value: 5 },
    });
    expect((await labels(byBrand, { id_store: own })).body.data.map(row).sort()).toEqual([
      [cola.code, 10, 5, 6],
      [soap.code, 20, 15, 6],
    ]);
    // The other store prices only the Guaraná.
    expect((await labels(byBrand, { id_store: other })).body.data.map(row)).toEqual([
      [unpriced.code, 6, 1, 6],
    ]);

    // A product moved to another category leaves the category's labels (the index follows edits).
    const moved = await api(t).put('/api/web/product/update', {
      id: juice.id,
      code: juice.code,
      description: juice.description,
      pack: 1,
      category: { reference_code: 'LIM' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await labels(byCategory, { id_store: own })).body.data.map(row)).toEqual([[cola.code, 10, 9, 2]]);

    const empty = await campaign({
      description: 'Refrigerantes na Loja Sul',
      type: 'DC',
      stores: [{ id_store: outside }],
      info: { can_accumulate: 'N', need_terms: 'N', type: 2, value: 10, categories: `${drinks},${sodas}` },
    });
    const none = await labels(empty, { id_store: outside });
    expect(none.body.data).toEqual([]);
    expect(none.body.notice).toBe(NO_FACET_PRODUCTS_NOTICE);
  });

  it('prints at most the limit: 999 by default, 1 to 999', async () => {
    expect((await labels(campaignId, { id_store: own, limit: 1 })).body.data).toHaveLength(1);
    expect((await labels(campaignId, { id_store: own, limit: '' })).body.data).toHaveLength(2);
    for (const limit of [0, 1000, 'muitos']) {
      const res = await labels(campaignId, { id_store: own, limit });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ limit: LABEL_MESSAGES.printLimit });
    }
    const noStore = await labels(campaignId, {});
    expect(noStore.status).toBe(400);
    expect(noStore.body.errors).toEqual({ id_store: LABEL_MESSAGES.store });
  });

  it('refuses a store the campaign does not run in, and an unknown campaign', async () => {
    const res = await labels(campaignId, { id_store: outside });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ id_store: LABEL_STORE_MESSAGE });
    expect((await labels(999_999, { id_store: own })).status).toBe(404);
  });

  it('needs write Campaigns, and a single-store user only gets their own store', async () => {
    const reader = await t.userWith([read('Campaigns')]);
    expect((await labels(campaignId, { id_store: own }, reader.token)).status).toBe(403);
    const clerk = await t.userWith([read('Campaigns'), write('Campaigns')], {
      allStores: false,
      storeId: own,
    });
    const mine = await labels(campaignId, { id_store: own }, clerk.token);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toHaveLength(2);
    const theirs = await labels(campaignId, { id_store: other }, clerk.token);
    expect(theirs.status).toBe(403);
    expect(theirs.text).not.toContain('20');
    // A campaign that runs only in another store is not found for them.
    const northOnly = await call(campaigns, {
      method: 'POST',
      path: '/api/web/campaign/new',
      tenant: t.tenant,
      token: t.adminToken,
      body: {
        description: 'Só no Norte',
        type: 'D',
        start_at: localDay(),
        stores: [{ id_store: other }],
        info: {},
        products: [{ code: EAN_RICE, type: 2, price: 5 }],
      },
    });
    expect(northOnly.status, northOnly.text).toBe(200);
    expect((await labels(northOnly.body.id, { id_store: own }, clerk.token)).status).toBe(404);
  });
});
