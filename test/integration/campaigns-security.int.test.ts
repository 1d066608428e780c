import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { localDay } from '@freguesia/shared/domain/dates';
import { NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { handler as campaigns } from '@freguesia/functions/campaigns/handler';
import { handler as checkout } from '@freguesia/functions/checkout/handler';
import {
  KIND_CHANGE_MESSAGE,
  CHANNEL_CHANGE_MESSAGE,
} from '@freguesia/functions/campaign-records/campaign-records.service';
import { OUT_OF_SCOPE_CAMPAIGN } from '@freguesia/functions/campaigns/campaigns.service';
import { OUT_OF_SCOPE_SALE } from '@freguesia/functions/campaigns/checkout.service';
import { call } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { integrationToken } from './catalog-fixtures';
import { createStore } from './customers-fixtures';

/**
 * What probing the campaign routes found (issue 20, items 19, 20, 25), through the campaigns
 * domain's real Lambda handler against DynamoDB Local: a campaign never changes kind (a
 * Communications-only user cannot turn an e-mail into a discount), a user bound to one store
 * changes only the campaigns that are all theirs and sells only at their store, and what an e-mail
 * editor or a push form saves cannot run code.
 */

const EAN = '7891000100103';
const today = localDay();

describe('campaigns: type, store scope and stored content', () => {
  let t: TestTenant;
  let pos: string;
  let store: number;
  let otherStore: number;
  const as = (token: string) => (request: Parameters<typeof call>[1]) =>
    call(campaigns, { tenant: t.tenant, token, ...request });
  const admin = (request: Parameters<typeof call>[1]) => as(t.adminToken)(request);
  const details = async (id: number) =>
    (await admin({ path: '/api/web/campaign/details', query: { id } })).body;
  const remove = (id: number) => admin({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id } });
  const created = (res: { status: number; text: string; body: { id: number } }) => {
    expect(res.status, res.text).toBe(200);
    onTestFinished(async () => void (await remove(res.body.id)));
    return res.body.id;
  };

  /** A 100 % discount on one product: what an attacker would turn a message into. */
  const fullDiscount = (id: number, stores = [store]) => ({
    id,
    description: 'Tudo de graça',
    type: 'D',
    active: 'Y',
    start_at: today,
    end_at: NO_END_DATE,
    stores: stores.map((id_store) => ({ id_store })),
    info: { can_accumulate: 'N', need_terms: 'N' },
    products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 100 }],
  });
  const email = (description: string, info: Record<string, unknown> = {}) => ({
    description,
    type: 'EMAIL',
    active: 'Y',
    info: { layout_title: 'Ofertas', layout_body: '<p>Olá</p>', type: 'O', ...info },
  });
  const push = (description: string, info: Record<string, unknown> = {}) => ({
    description,
    type: 'PUSH',
    active: 'Y',
    info: {
      layout_header: 'Oferta',
      layout_body: 'Só hoje',
      type: 'O',
      url: 'https://loja.example/ofertas',
      ...info,
    },
  });
  const art = (description: string, info: Record<string, unknown> = {}) => ({
    description,
    type: 'APPB',
    active: 'Y',
    start_at: today,
    always_valid: 'Y',
    info: {
      url: 'https://cdn.loja.example/banner.png',
      layout_body: 'https://loja.example/ofertas',
      ...info,
    },
  });
  /** The discount the point of sale gets for one unit of R$ 10 at `idStore`. */
  const discountAt = async (
    session: string,
    idStore = store,
    headers: Record<string, string> = { 'x-api-key': pos },
    token?: string,
  ) =>
    call(checkout, {
      method: 'POST',
      path: '/api/checkout/subtotal',
      tenant: t.tenant,
      headers,
      ...(token ? { token } : {}),
      body: {
        session,
        customer: { document: '' },
        basket: {
          coupon: session,
          id_store: idStore,
          checkout: '01',
          operator: 'Caixa 1',
          items: [{ sequence: 1, barcode: EAN, quantity: 1, unit_value: 10, total_value: 10, discounts: 0 }],
        },
      },
    });

  beforeAll(async () => {
    t = await createTestTenant('csec');
    pos = await integrationToken(t);
    store = (await createStore(t.tenant, 'Loja Centro')).id;
    otherStore = (await createStore(t.tenant, 'Loja Norte')).id;
  });

  describe('item 19: a campaign never changes kind', () => {
    it('keeps a Communications-only user from turning an e-mail into an active discount', async () => {
      const writer = await t.userWith([
        { action: 'read', subject: 'Communications' },
        { action: 'write', subject: 'Communications' },
      ]);
      const id = created(
        await as(writer.token)({ method: 'POST', path: '/api/web/campaign/new', body: email('Newsletter') }),
      );
      const before = await details(id);

      const escalated = await as(writer.token)({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...fullDiscount(id), updated_at: before.updated_at },
      });
      expect(escalated.status, escalated.text).toBe(403);
      expect(escalated.body.message).toMatch(/permiss/i);
      expect(await details(id)).toMatchObject({
        type: 'EMAIL',
        description: 'Newsletter',
        updated_at: before.updated_at,
      });
      const sale = await discountAt('s19-email');
      expect(sale.status, sale.text).toBe(200);
      expect(sale.body.basket.total_discount).toBe(0);
    });

    it('keeps a Mobile-only user from turning a push into an active discount', async () => {
      const writer = await t.userWith([
        { action: 'read', subject: 'Mobile' },
        { action: 'write', subject: 'Mobile' },
      ]);
      const id = created(
        await as(writer.token)({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: push('Push de ofertas'),
        }),
      );
      const escalated = await as(writer.token)({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: fullDiscount(id),
      });
      expect(escalated.status, escalated.text).toBe(403);
      expect((await details(id)).type).toBe('PUSH');
      expect((await discountAt('s19-push')).body.basket.total_discount).toBe(0);
    });

    it('refuses, even to an administrator, a change of kind or of channel, and changes nothing', async () => {
      const mail = created(
        await admin({ method: 'POST', path: '/api/web/campaign/new', body: email('Boas-vindas') }),
      );
      const discount = created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: {
            ...fullDiscount(0),
            id: undefined,
            products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 10 }],
          },
        }),
      );
      const mailBefore = await details(mail);
      const discountBefore = await details(discount);

      const toDiscount = await admin({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: fullDiscount(mail),
      });
      expect(toDiscount.status, toDiscount.text).toBe(400);
      expect(toDiscount.body.message).toBe(KIND_CHANGE_MESSAGE);
      const toEmail = await admin({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...email('Era desconto'), id: discount },
      });
      expect(toEmail.status, toEmail.text).toBe(400);
      expect(toEmail.body.message).toBe(KIND_CHANGE_MESSAGE);
      const toPush = await admin({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...push('Era e-mail'), id: mail },
      });
      expect(toPush.status, toPush.text).toBe(400);
      expect(toPush.body.message).toBe(CHANNEL_CHANGE_MESSAGE);

      expect(await details(mail)).toMatchObject({
        type: 'EMAIL',
        description: 'Boas-vindas',
        updated_at: mailBefore.updated_at,
      });
      expect(await details(discount)).toMatchObject({
        type: 'D',
        updated_at: discountBefore.updated_at,
        products: [{ code: EAN, price: 10 }],
      });
      expect((await discountAt('s19-admin')).body.basket.total_discount).toBe(1);
    });
  });

  describe('item 20: store scope on campaigns and the checkout', () => {
    it('lets a single-store user change or delete only the campaigns whose stores are all theirs', async () => {
      const both = created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: {
            ...fullDiscount(0, [store, otherStore]),
            id: undefined,
            description: 'Duas lojas',
            products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 10 }],
          },
        }),
      );
      const mine = created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: {
            ...fullDiscount(0),
            id: undefined,
            description: 'Só a minha',
            products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 20 }],
          },
        }),
      );
      const user = await t.userWith(
        [
          { action: 'read', subject: 'Campaigns' },
          { action: 'write', subject: 'Campaigns' },
        ],
        { allStores: false, storeId: store },
      );
      const before = await details(both);

      // Narrowing the shared campaign to their store would take it from the other store.
      const narrowed = await as(user.token)({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...fullDiscount(both), description: 'Só Centro', updated_at: before.updated_at },
      });
      expect(narrowed.status, narrowed.text).toBe(403);
      expect(narrowed.body.message).toBe(OUT_OF_SCOPE_CAMPAIGN);
      const deleted = await as(user.token)({
        method: 'DELETE',
        path: '/api/web/campaign/delete',
        query: { id: both },
      });
      expect(deleted.status, deleted.text).toBe(403);
      expect(deleted.body.message).toBe(OUT_OF_SCOPE_CAMPAIGN);
      expect(await details(both)).toMatchObject({
        description: 'Duas lojas',
        updated_at: before.updated_at,
        campaign_stores: [{ id_store: store }, { id_store: otherStore }],
      });
      expect((await discountAt('s20-other', otherStore)).body.basket.total_discount).toBe(1);

      // Their own campaign stays theirs to edit and delete; widening it to another store is refused.
      const widened = await as(user.token)({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: { ...fullDiscount(mine, [store, otherStore]), description: 'Ampliada' },
      });
      expect(widened.status, widened.text).toBe(403);
      const edited = await as(user.token)({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: {
          ...fullDiscount(mine),
          description: 'Minha, editada',
          products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 30 }],
        },
      });
      expect(edited.status, edited.text).toBe(200);
      expect((await details(mine)).description).toBe('Minha, editada');
      expect(
        (await as(user.token)({ method: 'DELETE', path: '/api/web/campaign/delete', query: { id: mine } }))
          .status,
      ).toBe(200);
    });

    it('lets a single-store seller check out only at their store; the point of sale sells at every store', async () => {
      created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: {
            ...fullDiscount(0, [store, otherStore]),
            id: undefined,
            products: [{ code: EAN, trigger_discount: 'D', type: 2, price: 10 }],
          },
        }),
      );
      const seller = await t.userWith([{ action: 'write', subject: 'Sell' }], {
        allStores: false,
        storeId: store,
      });
      const elsewhere = await discountAt('s20-seller-other', otherStore, {}, seller.token);
      expect(elsewhere.status, elsewhere.text).toBe(403);
      expect(elsewhere.body.message).toBe(OUT_OF_SCOPE_SALE);
      const payment = await call(checkout, {
        method: 'POST',
        path: '/api/checkout/discounts/payments',
        tenant: t.tenant,
        token: seller.token,
        body: { basket: { id_store: otherStore, payment_method: 1, total_value: 10 } },
      });
      expect(payment.status, payment.text).toBe(403);
      expect(payment.body.message).toBe(OUT_OF_SCOPE_SALE);

      const home = await discountAt('s20-seller-home', store, {}, seller.token);
      expect(home.status, home.text).toBe(200);
      expect(home.body.basket.total_discount).toBe(1);
      const everywhere = await t.userWith([{ action: 'write', subject: 'Sell' }]);
      expect(
        (await discountAt('s20-all-stores', otherStore, {}, everywhere.token)).body.basket.total_discount,
      ).toBe(1);
      expect((await discountAt('s20-pos', otherStore)).body.basket.total_discount).toBe(1);
    });
  });

  describe('item 25: what the e-mail editor and the push and art forms store cannot run code', () => {
    /** A GrapesJS newsletter project as the editor saves it, with what a probe slipped into it. */
    const project = (extra: { components?: unknown[]; styles?: unknown[]; assets?: unknown[] } = {}) => ({
      assets: [{ type: 'image', src: 'https://cdn.loja.example/logo.png' }, ...(extra.assets ?? [])],
      styles: [{ selectors: ['#ix1'], style: { color: '#333333' } }, ...(extra.styles ?? [])],
      pages: [
        {
          frames: [
            {
              component: {
                type: 'wrapper',
                components: [
                  {
                    tagName: 'table',
                    attributes: { id: 'ix1', width: '100%' },
                    components: [
                      {
                        tagName: 'tr',
                        components: [
                          {
                            tagName: 'td',
                            components: [
                              {
                                type: 'text',
                                components: [
                                  { type: 'textnode', content: 'Olá {{primeiro_nome}}, confira as ofertas' },
                                ],
                              },
                              {
                                type: 'link',
                                attributes: { href: 'https://loja.example/ofertas' },
                                components: [{ type: 'textnode', content: 'Ver ofertas' }],
                              },
                              {
                                type: 'image',
                                attributes: { src: 'https://cdn.loja.example/logo.png', alt: 'Logo' },
                              },
                              ...(extra.components ?? []),
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            },
          ],
        },
      ],
    });

    it('sanitises the editor project on save like the body, and keeps a clean project as it was', async () => {
      const clean = project();
      const cleanId = created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: email('Projeto limpo', { flow: JSON.stringify(clean) }),
        }),
      );
      expect(JSON.parse((await details(cleanId)).info.flow)).toEqual(clean);

      const hostile = project({
        components: [
          { type: 'image', attributes: { src: 'x', onerror: 'alert(document.cookie)', OnLoad: 'alert(2)' } },
          { tagName: 'script', components: [{ type: 'textnode', content: 'alert(3)' }] },
          { type: 'script', content: 'alert(4)' },
          {
            type: 'iframe',
            attributes: { src: 'https://evil.example', srcdoc: '<script>alert(5)</script>' },
          },
          {
            type: 'link',
            attributes: { href: 'javascript:alert(6)' },
            components: [{ type: 'textnode', content: 'Clique' }],
          },
          {
            type: 'link',
            attributes: { href: ' java\tscript:alert(7)' },
            components: [{ type: 'textnode', content: 'Clique 2' }],
          },
          {
            type: 'text',
            content: '<img src=x onerror=alert(8)><b>negrito</b>',
            script: 'function(){ alert(9) }',
          },
          { tagName: 'div', components: '<svg onload=alert(10)></svg><p>texto</p>' },
        ],
        styles: [{ selectors: ['#x'], style: { 'background-image': 'url(javascript:alert(11))' } }],
        assets: [{ type: 'image', src: 'javascript:alert(12)' }],
      });
      const body = email('Projeto com código', { flow: JSON.stringify(hostile) });
      const id = created(await admin({ method: 'POST', path: '/api/web/campaign/new', body }));
      const stored = (await details(id)).info.flow as string;
      expect(stored).not.toMatch(
        /onerror|onload|<script|javascript:|srcdoc|alert\((3|4|5|9|10)\)|iframe|"script"/i,
      );
      const saved = JSON.parse(stored);
      // What was safe in it is still there: the editor loads it.
      expect(saved.pages[0].frames[0].component.type).toBe('wrapper');
      expect(stored).toContain('Olá {{primeiro_nome}}, confira as ofertas');
      expect(stored).toContain('https://loja.example/ofertas');
      expect(stored).toContain('<b>negrito</b>');
      expect(stored).toContain('<p>texto</p>');
      expect(stored).toContain('"Clique"');

      // The same rules on an update, for templates too.
      const template = created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: { description: 'Modelo', type: 'TEMAIL', active: 'Y', info: { flow: JSON.stringify(clean) } },
        }),
      );
      const updated = await admin({
        method: 'PUT',
        path: '/api/web/campaign/update',
        body: {
          description: 'Modelo',
          type: 'TEMAIL',
          active: 'Y',
          id: template,
          info: { flow: JSON.stringify(hostile) },
        },
      });
      expect(updated.status, updated.text).toBe(200);
      expect((await details(template)).info.flow).not.toMatch(/onerror|<script|javascript:|alert\(4\)/i);
    });

    it('drops a project that is not one (text, or nested deeper than an editor makes) instead of storing it', async () => {
      let deep = '{"pages":[]}';
      for (let i = 0; i < 5000; i++) deep = `{"components":[${deep}]}`;
      for (const flow of ['<img src=x onerror=alert(1)>', '[1,2]', deep]) {
        const res = await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: email('Projeto inválido', { flow }),
        });
        const id = created(res);
        expect((await details(id)).info.flow).toBe('');
      }
    });

    it('accepts only http(s) click and image URLs on push and art, without attribute breakouts', async () => {
      const refused: [Record<string, unknown>, string][] = [
        [push('Push', { url: 'javascript:alert(1)' }), 'info.url'],
        [push('Push', { url: 'JaVaScRiPt:alert(1)' }), 'info.url'],
        [push('Push', { url: 'data:text/html,<script>alert(1)</script>' }), 'info.url'],
        [art('Arte', { url: 'javascript:alert(1)' }), 'info.url'],
        [art('Arte', { url: 'https://cdn.loja.example/a.png" onerror="alert(1)' }), 'info.url'],
        [art('Arte', { url: "https://cdn.loja.example/a.png'><script>alert(1)</script>" }), 'info.url'],
        [art('Arte', { url: 'https://cdn.loja.example/a b.png' }), 'info.url'],
        [art('Arte', { layout_body: 'javascript:alert(1)' }), 'info.layout_body'],
      ];
      for (const [body, field] of refused) {
        const res = await admin({ method: 'POST', path: '/api/web/campaign/new', body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.errors[field], res.text).toBe(COMMUNICATION_MESSAGES.webUrl);
      }
      created(await admin({ method: 'POST', path: '/api/web/campaign/new', body: push('Push com link') }));
      created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: push('Push sem link', { url: '' }),
        }),
      );
      created(await admin({ method: 'POST', path: '/api/web/campaign/new', body: art('Arte') }));
      created(
        await admin({
          method: 'POST',
          path: '/api/web/campaign/new',
          body: art('Arte sem link', { layout_body: '' }),
        }),
      );
    });
  });
});
