import { beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryAppUpdate,
  CategoryInput,
  PriceSetInput,
  ProductInput,
  StoreInput,
  ean13,
} from '@freguesia/shared/schemas/catalog';
import type { Actor } from '@freguesia/functions/lib/context';
import { UniqueEntity } from '@freguesia/functions/lib/ddb/entities/unique';
import { isConditionFailure } from '@freguesia/functions/lib/ddb/transactions';
import { createCategory, updateCategoryApp } from '@freguesia/functions/catalog/categories.service';
import { importProducts } from '@freguesia/functions/catalog/import.service';
import { listPrices, savePrices } from '@freguesia/functions/catalog/prices.service';
import {
  createProduct,
  getProduct,
  listProducts,
  searchProducts,
} from '@freguesia/functions/catalog/products.service';
import { createStore, listStores } from '@freguesia/functions/catalog/stores.service';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';

let seq = 0;
/** A fresh valid EAN-13 per call (the tenant's EANs must be unique). */
const nextEan = () => ean13(`7893${String(++seq).padStart(8, '0')}`);

const product = (overrides: Record<string, unknown> = {}) =>
  ProductInput.parse({ code: nextEan(), description: 'Arroz Tipo 1 5kg', pack: 1, ...overrides });

const store = (name: string) =>
  StoreInput.parse({
    name,
    zipcode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  });

/** A staff actor who works in one store only (no all-stores flag). */
const boundTo = (t: TestTenant, storeId: number): Actor => ({
  kind: 'staff',
  userId: t.adminId + 1000,
  roleId: 1,
  abilities: [
    { action: 'read', subject: 'Products' },
    { action: 'write', subject: 'Products' },
  ],
  allStores: false,
  storeId,
  fullname: 'Operador da Loja',
  shortname: 'Operador',
});

/** The catalog services called directly (no HTTP), as another domain or a queue consumer would. */
describe('catalog service', () => {
  let t: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('csv'), createTestTenant('csv')]);
  });

  it('refuses a second product with the same EAN and keeps the total at one', async () => {
    // Prepare
    const ctx = staffContext(t);
    const code = nextEan();
    const first = await createProduct(ctx, product({ code, description: 'Feijão Carioca 1kg' }));
    // Act
    const attempt = createProduct(ctx, product({ code, description: 'Feijão Preto 1kg' }));
    // Assess
    await expect(attempt).rejects.toMatchObject({
      kind: 'conflict',
      message: 'Já existe uma mercadoria com este código (EAN).',
    });
    const found = await searchProducts(ctx, { q: code, page: 1, per_page: 10 });
    expect(found.pagination.total).toBe(1);
    expect(found.data.map((p) => [p.id, p.description])).toEqual([[first.id, 'Feijão Carioca 1kg']]);
    // Accent-insensitive description prefix, through the product list.
    const listed = await listProducts(ctx, { q: 'feijao', page: 1, per_page: 10 });
    expect(listed.data.map((p) => p.description)).toEqual(['Feijão Carioca 1kg']);
  });

  it('names a missing category and brand per field', async () => {
    // Prepare
    const ctx = staffContext(t);
    // Act
    const attempt = createProduct(
      ctx,
      product({ category: { reference_code: 'NAO-EXISTE' }, id_brand: 999_999 }),
    );
    // Assess
    await expect(attempt).rejects.toMatchObject({
      kind: 'invalid',
      errors: { 'category.reference_code': 'Categoria não encontrada.', id_brand: 'Marca não encontrada.' },
    });
  });

  it('shows a user bound to one store only that store’s price, and keeps the others when they save', async () => {
    // Prepare
    const admin = staffContext(t);
    const [centro, bairro] = [
      await createStore(admin, store('Loja Centro')),
      await createStore(admin, store('Loja Bairro')),
    ];
    const leite = await createProduct(admin, product({ description: 'Leite Integral 1L' }));
    await savePrices(
      admin,
      PriceSetInput.parse([
        { id_product: leite.id, id_store: centro.id, regular_price: '4,99', stock: 10 },
        { id_product: leite.id, id_store: bairro.id, regular_price: '5,29', stock: 3 },
      ]),
    );
    const clerk = staffContext(t, { actor: boundTo(t, bairro.id) });
    // Act
    const seen = await listPrices(clerk, { id_product: leite.id });
    const saved = await savePrices(
      clerk,
      PriceSetInput.parse({
        id_product: leite.id,
        prices: [{ id_store: bairro.id, regular_price: 5.49, stock: 2 }],
      }),
    );
    const intruding = savePrices(
      clerk,
      PriceSetInput.parse([{ id_product: leite.id, id_store: centro.id, regular_price: 1, stock: 0 }]),
    );
    // Assess
    expect(seen).toEqual([
      expect.objectContaining({ id_store: bairro.id, store_name: 'Loja Bairro', regular_price: 5.29 }),
    ]);
    expect(saved.message).toBe('Preço ajustado com sucesso');
    expect(saved.prices.map((p) => [p.store_name, p.regular_price])).toEqual([['Loja Bairro', 5.49]]);
    await expect(intruding).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'Você só pode alterar os preços da sua loja.',
    });
    const everywhere = await listPrices(admin, { id_product: leite.id });
    expect(everywhere.map((p) => [p.store_name, p.regular_price])).toEqual([
      ['Loja Centro', 4.99],
      ['Loja Bairro', 5.49],
    ]);
    expect((await getProduct(admin, leite.id, centro.id)).regular_price).toBe(4.99);
    expect((await getProduct(admin, leite.id)).stock).toBe(12);
    expect((await listStores(clerk)).map((s) => s.name)).toEqual(['Loja Bairro']);
  });

  it('keeps tenants apart', async () => {
    // Prepare
    const mine = await createProduct(staffContext(t), product({ description: 'Café Torrado 500g' }));
    // Act
    const attempt = getProduct(staffContext(other), mine.id);
    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'not-found', message: 'Mercadoria não encontrada.' });
  });

  it('limits categories to three levels', async () => {
    // Prepare
    const ctx = staffContext(t);
    const category = (reference_code: string, level_up: number) =>
      CategoryInput.parse({
        reference_code,
        description: `Categoria ${reference_code}`,
        level_up,
        active: 'Y',
        show_app: 'Y',
      });
    const root = await createCategory(ctx, category('N1', 0));
    const middle = await createCategory(ctx, category('N2', root.id));
    const leaf = await createCategory(ctx, category('N3', middle.id));
    // Act
    const attempt = createCategory(ctx, category('N4', leaf.id));
    // Assess
    expect([root.level, middle.level, leaf.level]).toEqual([1, 2, 3]);
    await expect(attempt).rejects.toMatchObject({
      kind: 'invalid',
      errors: { level_up: 'As categorias têm no máximo 3 níveis.' },
    });
  });

  it('imports ERP rows, reporting the bad ones and counting the rest', async () => {
    // Prepare
    const ctx = staffContext(t);
    const good = [nextEan(), nextEan()];
    // Act
    const answer = await importProducts(ctx, [
      { code: good[0], description: 'Óleo de Soja 900ml', pack: 1, brand: 'Soya' },
      { code: good[1], description: 'Açúcar Refinado 1kg', pack: 1 },
      { code: good[0], description: 'Repetido', pack: 1 },
      { description: 'Sem código', pack: 1 },
    ]);
    const again = await importProducts(ctx, [{ code: good[1], description: 'Açúcar Refinado 1kg', pack: 1 }]);
    // Assess
    expect(answer).toMatchObject({ accepted: 2, created: 2, updated: 0, unchanged: 0 });
    expect(answer.rejected.map((r) => [r.index, r.errors])).toEqual([
      [2, { code: 'Código repetido nesta requisição (item 0).' }],
      [3, { code: expect.any(String) }],
    ]);
    expect(again).toMatchObject({ accepted: 1, unchanged: 1, created: 0, rejected: [] });
  });

  it('recognises a failed write condition on DynamoDB Local', async () => {
    // Prepare
    const marker = { tenant: t.tenant, scope: 'test-scope', value: 'único', ownerId: 1 };
    await UniqueEntity.create(marker).go();
    // Act
    const error = await UniqueEntity.create(marker)
      .go()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const missing = updateCategoryApp(
      staffContext(t),
      CategoryAppUpdate.parse({ id: 987_654, show_app: 'N' }),
    );
    // Assess
    expect(error).toBeDefined();
    expect(isConditionFailure(error)).toBe(true);
    expect(isConditionFailure(new Error('Throughput exceeded'))).toBe(false);
    // The repositories turn it into the user's message (patch of a missing category).
    await expect(missing).rejects.toMatchObject({ kind: 'not-found', message: 'Categoria não encontrada.' });
  });
});
