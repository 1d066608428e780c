import { beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import {
  associateBaskets,
  customerBaskets,
  filterBaskets,
  ingestBaskets,
  type NewBasket,
} from '@freguesia/functions/customers/baskets.service';
import { createCustomer, customerDetails } from '@freguesia/functions/customers/customers.service';
import { BasketInput } from '@freguesia/functions/integration/baskets.schema';
import type { StaffPrincipal } from '@freguesia/functions/lib/context';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { createStore, posBasket, randomCpf, staffCustomer } from './customers-fixtures';

/** Purchase ingestion and association called directly, as the POS route or a queue consumer does. */
describe('baskets service', () => {
  let t: TestTenant;
  let storeId: number;
  let otherStoreId: number;
  const basket = (overrides: Record<string, unknown> = {}): NewBasket =>
    BasketInput.parse(posBasket(storeId, overrides));
  const rows = (...baskets: NewBasket[]) => baskets.map((b, index) => ({ index, basket: b }));
  const integration = () => staffContext(t, { actor: { kind: 'integration' } });

  beforeAll(async () => {
    t = await createTestTenant('bsv');
    storeId = (await createStore(t.tenant, 'Loja Centro')).id;
    otherStoreId = (await createStore(t.tenant, 'Loja Norte')).id;
  });

  it('counts a purchase sent twice once, with the right aggregates', async () => {
    // Prepare
    const document = randomCpf();
    const { id } = await createCustomer(staffContext(t), CustomerForm.parse(staffCustomer({ document })));
    const purchase = basket({ document, date: '2026-03-10 09:00:00', origin: 'E-commerce' });
    // Act
    const [first] = await ingestBaskets(integration(), rows(purchase));
    const [replay] = await ingestBaskets(integration(), rows(purchase));
    // Assess
    expect(first).toEqual({ index: 0, id: expect.any(Number) });
    expect(replay).toEqual({ index: 0, id: first!.id, duplicate: true });
    const details = await customerDetails(staffContext(t), id);
    expect(details).toMatchObject({
      basket_count: 1,
      basket_total: 24,
      average_basket: 24,
      dt_last_basket: '2026-03-10 09:00:00',
      last_basket_origin: 'E-commerce',
    });
    expect(details.events.filter((e) => e.type === 'purchase')).toEqual([
      expect.objectContaining({
        channel: 'E-commerce',
        basket_id: first!.id,
        description: expect.stringContaining('Compra de R$ 24,00'),
      }),
    ]);
  });

  it('rejects a purchase of an unknown store and stores the others of the batch', async () => {
    // Act
    const results = await ingestBaskets(
      integration(),
      rows(basket(), { ...basket(), idStore: 987_654 }, basket()),
    );
    // Assess
    expect(results).toEqual([
      { index: 0, id: expect.any(Number) },
      { index: 1, id: null, errors: { id_store: 'Loja não encontrada.' } },
      { index: 2, id: expect.any(Number) },
    ]);
  });

  it("shows a customer's purchases of the default period, from the context's clock", async () => {
    // Prepare
    const document = randomCpf();
    const { id } = await createCustomer(staffContext(t), CustomerForm.parse(staffCustomer({ document })));
    await ingestBaskets(
      integration(),
      rows(
        basket({ document, date: '2026-01-20 10:00:00' }),
        basket({ document, date: '2025-06-01 10:00:00' }),
      ),
    );
    const now = () => new Date('2026-02-10T12:00:00Z');
    // Act
    const answer = await customerBaskets(staffContext(t, { now }), { id, page: 1, per_page: 15 });
    // Assess: 90 days back from 2026-02-10, up to the end of February.
    expect(answer.period).toEqual({ gte_date: '2025-11-12', lte_date: '2026-02-28' });
    expect(answer.data.map((b) => [b.date, b.store_name])).toEqual([['2026-01-20 10:00:00', 'Loja Centro']]);
  });

  it('associates unidentified purchases once, and shows a store-bound user only their store', async () => {
    // Prepare
    const { id } = await createCustomer(staffContext(t), CustomerForm.parse(staffCustomer()));
    const day = '2026-01-05';
    const [own, foreign] = await ingestBaskets(
      integration(),
      rows(
        basket({ date: `${day} 08:00:00` }),
        BasketInput.parse(posBasket(otherStoreId, { date: `${day} 08:05:00` })),
      ),
    );
    const storeUser = staffContext(t, {
      actor: { ...(staffContext(t).actor as StaffPrincipal), allStores: false, storeId },
    });
    // Act
    const seen = await filterBaskets(storeUser, { date: day, page: 1, per_page: 15 });
    const elsewhere = await filterBaskets(storeUser, {
      date: day,
      id_store: otherStoreId,
      page: 1,
      per_page: 15,
    }).catch((e: unknown) => e);
    const associated = await associateBaskets(staffContext(t), id, [own!.id!, foreign!.id!]);
    const again = await associateBaskets(staffContext(t), id, [own!.id!]).catch((error: unknown) => error);
    // Assess
    expect(seen.data.map((b) => b.id)).toEqual([own!.id]);
    // Naming another store is refused (issue 9: the store scope answers 403, as the catalogue does).
    expect(elsewhere).toMatchObject({
      kind: 'forbidden',
      message: 'Você só pode consultar os dados da sua loja.',
    });
    expect(associated).toBe(2);
    expect(again).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('já está associada a um cliente'),
    });
    expect(await customerDetails(staffContext(t), id)).toMatchObject({ basket_count: 2, basket_total: 48 });
  });
});
