import { describe, expect, it } from 'vitest';
import {
  Campaign,
  CAMPAIGN_MESSAGES,
  DYNAMICS_BY_TYPE,
  NO_END_DATE,
  parseCategoryPaths,
  PaymentDiscountRequest,
  SubtotalRequest,
  VOUCHERS_MESSAGE,
} from './campaign';

const valid = {
  description: 'Leve 3 pague 2 no café',
  type: 'D',
  active: 'Y',
  start_at: '2025-06-01',
  end_at: '2025-06-30',
  stores: [{ id_store: 1 }],
  products: [
    {
      type: 5,
      trigger_discount: 'D',
      code: '7891000100103',
      take: 3,
      pay: 2,
      limit: '',
      description: 'CAFÉ 500G',
    },
  ],
  info: {},
};

function errorsOf(value: unknown): Record<string, string> {
  const result = Campaign.safeParse(value);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('discount campaign payload', () => {
  it('keeps the spec field names, fills the defaults and drops display-only product fields', () => {
    const parsed = Campaign.parse({ ...valid, end_at: '' });
    expect(parsed).toMatchObject({
      active: 'Y',
      id_lead: null,
      end_at: NO_END_DATE,
      brands: [],
      payments: [],
      groups: [],
    });
    expect(parsed.products[0]).toEqual({
      type: 5,
      trigger_discount: 'D',
      code: '7891000100103',
      price: null,
      take: 3,
      pay: 2,
      limit: 0,
      unlimited: 'Y',
      budget: 0,
      budget_limit: 0,
      qt_packing: 1,
    });
    expect(parsed.info).toMatchObject({
      need_terms: 'N',
      can_accumulate: 'N',
      can_repeat_customer: 'Y',
      voucher_code: null,
      requisite: 'any',
      tiers: [],
    });
  });

  it('takes money as reais with at most two decimals, in numbers or Brazilian text', () => {
    const parsed = Campaign.parse({
      ...valid,
      products: [{ code: '1', type: 1, price: '1.234,50', limit: 6 }],
    });
    expect(parsed.products[0]).toMatchObject({ price: 1234.5, limit: 6, unlimited: 'N' });
    expect(errorsOf({ ...valid, products: [{ code: '1', type: 1, price: 1.234 }] })).toEqual({
      'products.0.price': 'O valor deve ser um número com até 2 casas decimais.',
    });
    expect(errorsOf({ ...valid, products: [{ code: '1', type: 1, price: -1 }] })).toEqual({
      'products.0.price': 'O valor não pode ser negativo.',
    });
  });

  it('gives the spec messages for the description, the stores and the period', () => {
    expect(errorsOf({ ...valid, description: '  ', stores: [] })).toEqual({
      description: CAMPAIGN_MESSAGES.description,
      stores: 'Selecione uma loja para a campanha!',
    });
    expect(errorsOf({ ...valid, description: undefined, stores: undefined })).toMatchObject({
      description: 'Informe a descrição da campanha',
      stores: 'Selecione uma loja para a campanha!',
    });
    expect(errorsOf({ ...valid, start_at: undefined })).toEqual({ start_at: 'Selecione o Período' });
    expect(errorsOf({ ...valid, end_at: '2025-05-01' })).toEqual({ end_at: CAMPAIGN_MESSAGES.periodOrder });
    expect(errorsOf({ ...valid, start_at: '2025-02-30' })).toEqual({
      start_at: 'Data inválida: use AAAA-MM-DD.',
    });
  });

  it('asks for the value each dynamic needs, with the spec messages', () => {
    const row = (fields: Record<string, unknown>) =>
      errorsOf({ ...valid, products: [{ code: '1', ...fields }] });
    expect(row({ type: 1 })).toEqual({ 'products.0.price': 'Informe o valor final' });
    expect(row({ type: 3, take: 2 })).toEqual({ 'products.0.price': 'Informe o valor final' });
    expect(row({ type: 6, price: '' })).toEqual({ 'products.0.price': 'Informe o valor a subtrair' });
    expect(row({ type: 2 })).toEqual({ 'products.0.price': 'Informe o valor do desconto' });
    expect(row({ type: 2, price: 100.01 })).toEqual({
      'products.0.price': 'O percentual deve estar entre 0 e 100.',
    });
    expect(row({ type: 2, price: 100 })).toEqual({});
    expect(row({ type: 4, price: 10 })).toEqual({ 'products.0.take': 'Informe a quantidade gatilho' });
    expect(row({ type: 5, take: 3, pay: 3 })).toEqual({ 'products.0.take': CAMPAIGN_MESSAGES.takePay });
    expect(row({})).toEqual({ 'products.0.type': CAMPAIGN_MESSAGES.dynamic });
    expect(errorsOf({ ...valid, products: [] })).toEqual({ products: CAMPAIGN_MESSAGES.products });
    expect(
      errorsOf({
        ...valid,
        products: [
          { code: '1', type: 2, price: 5 },
          { code: '1', type: 2, price: 6 },
        ],
      }),
    ).toEqual({
      'products.1.code': 'Atenção: Código 1 já foi importado, verifique !',
    });
  });

  it('checks the combo quantities and groups of DG with the spec messages', () => {
    const dg = {
      ...valid,
      type: 'DG',
      products: [],
      groups: [
        { title: 'Lanche', type: 'T', requisite: 'all', items: [{ code: '101' }] },
        { title: 'Batata', type: 'D', logical_operator: 'AND', items: [{ group_code: 'BATATAS' }] },
      ],
      info: { type: 2, value: 50, trigger_quantity: 1, discount_quantity: 1 },
    };
    expect(Campaign.parse(dg).groups[1]).toEqual({
      title: 'Batata',
      logical_operator: 'and',
      type: 'D',
      requisite: 'any',
      items: [{ group_code: 'BATATAS' }],
    });
    expect(
      errorsOf({ ...dg, info: { type: 2, value: 50, trigger_quantity: '', discount_quantity: 0 } }),
    ).toEqual({
      'info.trigger_quantity': 'Gatilho e Fator de Quantidade de desconto inválidos',
    });
    expect(errorsOf({ ...dg, info: { type: 2, value: 50, discount_quantity: 2 } })).toEqual({
      'info.trigger_quantity': 'Informe a quantidade gatilho',
    });
    expect(errorsOf({ ...dg, info: { type: 1, trigger_quantity: 1, discount_quantity: 1 } })).toEqual({
      'info.value': 'Informe o valor final',
    });
    // A product family has no row of its own: the info's value is its rule's value.
    const withRow = {
      ...dg,
      products: [{ code: '201', type: 1, price: 5 }],
      info: { type: 1, trigger_quantity: 1, discount_quantity: 1 },
    };
    expect(errorsOf(withRow)).toEqual({ 'info.value': 'Informe o valor final' });
    expect(errorsOf({ ...withRow, groups: [dg.groups[0], { type: 'D', items: [{ code: '201' }] }] })).toEqual(
      {},
    );
    expect(errorsOf({ ...dg, groups: [dg.groups[0]] })).toEqual({ groups: CAMPAIGN_MESSAGES.comboGroups });
    expect(errorsOf({ ...dg, groups: [{ type: 'D', items: [] }] })).toEqual({
      'groups.0.items': CAMPAIGN_MESSAGES.groupItems,
    });
  });

  it('offers each type only its dynamics, and asks for what each type targets', () => {
    expect(DYNAMICS_BY_TYPE.DB).toEqual([2, 4, 5, 6, 9, 10]);
    const ticket = { ...valid, type: 'DB', products: [] };
    expect(errorsOf({ ...ticket, info: { type: 1, value: 5 } })).toEqual({
      'info.type': CAMPAIGN_MESSAGES.dynamicNotAllowed,
    });
    expect(errorsOf({ ...ticket, info: { type: 6 } })).toEqual({
      'info.value': 'Informe o valor a subtrair',
    });
    expect(errorsOf({ ...ticket, info: {} })).toEqual({ 'info.type': CAMPAIGN_MESSAGES.dynamic });
    expect(errorsOf({ ...ticket, type: 'DC', info: { type: 2, value: 10, categories: ' ; ' } })).toEqual({
      'info.categories': CAMPAIGN_MESSAGES.categories,
    });
    expect(errorsOf({ ...ticket, type: 'DBRANDS', info: { type: 2, value: 10 } })).toEqual({
      brands: CAMPAIGN_MESSAGES.brands,
    });
    expect(errorsOf({ ...ticket, type: 'DBP', info: { type: 2, value: 10 } })).toEqual({
      payments: CAMPAIGN_MESSAGES.payments,
    });
    expect(
      errorsOf({ ...ticket, info: { type: 9, value: 10, tiers: [{ min_amount: 100, value: 150 }] } }),
    ).toEqual({ 'info.tiers.0.value': CAMPAIGN_MESSAGES.percentage });
    expect(errorsOf({ ...ticket, info: { type: 5, trigger_quantity: 3 } })).toEqual({
      'info.discount_quantity': CAMPAIGN_MESSAGES.takePay,
    });
  });

  it('reads the category paths of a DC campaign', () => {
    expect(parseCategoryPaths('1,5,12;2, 7;;')).toEqual([
      ['1', '5', '12'],
      ['2', '7'],
    ]);
  });
});

describe('checkout requests', () => {
  it('parses the subtotal body into centavos and thousandths, and refuses repeated sequences', () => {
    const body = {
      session: 's',
      customer: { document: '' },
      basket: {
        coupon: 1,
        id_store: '2',
        checkout: 3,
        operator: 'x',
        items: [{ sequence: 1, barcode: 789, quantity: '1,250', unit_value: '4,00', total_value: 5 }],
      },
    };
    expect(SubtotalRequest.parse(body)).toMatchObject({
      customer: null,
      basket: {
        coupon: '1',
        id_store: 2,
        checkout: '3',
        items: [{ barcode: '789', quantity: 1250, unit_value: 400, total_value: 500, discounts: 0 }],
      },
    });
    const repeated = SubtotalRequest.safeParse({
      ...body,
      basket: { ...body.basket, items: [body.basket.items[0], body.basket.items[0]] },
    });
    expect(repeated.error!.issues.map((i) => i.message)).toEqual(['Sequência 1 repetida.']);
    const bad = SubtotalRequest.safeParse({
      basket: {
        id_store: 1,
        items: [{ sequence: 1, barcode: 'x', quantity: 0, unit_value: 1.001, total_value: 1 }],
      },
    });
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'Código de barras inválido: use de 1 a 14 dígitos.',
      'Quantidade inválida: use um número maior que zero com até 3 casas decimais.',
      'Valor unitário inválido: use um número com até 2 casas decimais.',
    ]);
  });

  it('parses the payment discount body', () => {
    expect(
      PaymentDiscountRequest.parse({ basket: { id_store: 1, payment_method: '4', total_value: '150,90' } }),
    ).toEqual({
      session: '',
      customer: null,
      vouchers: [],
      basket: { id_store: 1, payment_method: 4, total_value: 15090, coupon: '', checkout: '', operator: '' },
    });
  });

  it('reads the vouchers beside the basket, without case, spaces or repeats', () => {
    const basket = {
      id_store: 1,
      items: [{ sequence: 1, barcode: '1', quantity: 1, unit_value: 1, total_value: 1 }],
    };
    expect(SubtotalRequest.parse({ basket }).vouchers).toEqual([]);
    expect(SubtotalRequest.parse({ basket, vouchers: [' natal10', 'NATAL10', '', 123] }).vouchers).toEqual([
      'NATAL10',
      '123',
    ]);
    expect(SubtotalRequest.safeParse({ basket, vouchers: 'NATAL10' }).error!.issues[0]!.message).toBe(
      VOUCHERS_MESSAGE,
    );
  });
});
