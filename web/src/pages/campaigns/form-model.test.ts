import { Campaign, CAMPAIGN_MESSAGES, NO_END_DATE } from '@freguesia/shared/schemas/campaign';
import type { CampaignDetails } from '@freguesia/shared/schemas/campaign-api';
import { describe, expect, it } from 'vitest';
import { INVALID_DAY } from '../../components/typed-day';
import {
  campaignFormIssues,
  canPickProducts,
  categoryPathOptions,
  detailsToForm,
  dynamicNeeds,
  dynamicOptions,
  emptyCampaignForm,
  firstMessage,
  formToPayload,
  joinCategories,
  LEAD_REQUIRED,
  newProductRows,
  noticeTitle,
  simulatedCents,
  splitCategories,
  stepOfField,
  type CampaignFormValues,
} from './form-model';

const product = { code: '7891001000013', description: 'Arroz Camil 5kg', pack: 1, regular_price: 28.5 };

/** A valid goods campaign: one product with 10 % off, one store. */
function goods(): CampaignFormValues {
  const values = emptyCampaignForm('2026-11-24');
  values.description = 'Semana do arroz';
  values.end_at = '30/11/2026';
  values.stores = [{ id_store: 1 }];
  values.info.type = '2';
  values.info.value = '10';
  values.products = newProductRows([product], values, 'D').rows;
  return values;
}

const issuesOf = (values: CampaignFormValues) =>
  Object.fromEntries(campaignFormIssues(values).map((i) => [i.path.join('.'), i.message]));

describe('campaign wizard values', () => {
  it('starts today, active, for goods, the whole base, repeating and not accumulating', () => {
    const values = emptyCampaignForm('2026-11-24');
    expect(values).toMatchObject({
      type: 'D',
      active: 'Y',
      start_at: '24/11/2026',
      end_at: '',
      no_end: false,
      audience: 'B',
    });
    expect(values.info).toMatchObject({
      can_repeat_customer: 'Y',
      can_accumulate: 'N',
      need_terms: 'N',
      unique_discount: 'N',
    });
  });

  it('builds the shared payload: ISO dates, reais, display fields left out', () => {
    const payload = formToPayload(goods());
    const parsed = Campaign.parse(payload);
    expect(parsed).toMatchObject({
      description: 'Semana do arroz',
      type: 'D',
      start_at: '2026-11-24',
      end_at: '2026-11-30',
      id_lead: null,
      stores: [{ id_store: 1 }],
    });
    expect(parsed.products).toEqual([
      {
        type: 2,
        trigger_discount: 'D',
        code: '7891001000013',
        price: 10,
        take: 0,
        pay: 0,
        limit: 0,
        unlimited: 'Y',
        budget: 0,
        budget_limit: 0,
        qt_packing: 1,
      },
    ]);
    expect(payload).not.toHaveProperty('id');
    expect(formToPayload(goods(), 7)).toMatchObject({ id: 7 });
  });

  it("sends 9999-12-31 with 'Sem data final', the lead only when chosen, the voucher only when on", () => {
    const values = goods();
    values.no_end = true;
    values.end_at = '';
    values.id_lead = '5';
    values.info.voucher_code = '123';
    expect(formToPayload(values)).toMatchObject({
      end_at: NO_END_DATE,
      id_lead: null,
      info: { voucher_code: null },
    });
    values.audience = 'L';
    values.voucher = true;
    expect(formToPayload(values)).toMatchObject({ id_lead: 5, info: { voucher_code: '123' } });
  });

  it('sends only what the type uses', () => {
    const values = goods();
    values.type = 'DB';
    values.brands = [{ id_brand: 3 }];
    values.payments = [{ id_payment_method: 2, factor: 1 }];
    values.info.categories = '1,5';
    const payload = formToPayload(values);
    expect(payload).toMatchObject({
      products: [],
      brands: [],
      payments: [],
      groups: [],
      info: { categories: '' },
    });
    values.type = 'DBP';
    expect(formToPayload(values)).toMatchObject({ payments: [{ id_payment_method: 2, factor: 1 }] });
    values.type = 'DC';
    expect(formToPayload(values)).toMatchObject({ info: { categories: '1,5' } });
  });

  it('reads a saved campaign back into the same values', () => {
    const parsed = Campaign.parse(formToPayload(goods()));
    const details: CampaignDetails = {
      ...parsed,
      id: 9,
      id_lead: 4,
      lead_description: 'Clientes VIP',
      created_at: '2026-11-24T10:00:00Z',
      updated_at: '2026-11-24T10:00:00Z',
      products: parsed.products.map((p) => ({ ...p, description: null })),
      campaign_stores: [],
      campaign_brands: [],
      campaign_products: [],
      campaign_payments: [],
      campaign_info: parsed.info,
      campaign_accelerators: [],
    };
    const values = detailsToForm(details);
    expect(values).toMatchObject({
      start_at: '24/11/2026',
      end_at: '30/11/2026',
      audience: 'L',
      id_lead: '4',
      updated_at: details.updated_at,
    });
    expect(values.products[0]).toMatchObject({
      description: 'PRODUTO NÃO CADASTRADO',
      type: '2',
      price: '10',
      unlimited: 'Y',
      limit: '',
    });
    expect(formToPayload(values, 9)).toMatchObject({ id: 9, id_lead: 4, updated_at: details.updated_at });
    expect(detailsToForm({ ...details, end_at: NO_END_DATE })).toMatchObject({ no_end: true, end_at: '' });
    expect(values.default_pay).toBe('');
    const takePay = (pay: number) => ({
      ...details.products[0]!,
      type: 5 as const,
      take: 3,
      pay,
      price: null,
    });
    // Editing a 'Leve 3 pague 2' campaign shows its 'Pague (Y)'.
    expect(
      detailsToForm({ ...details, products: [takePay(2), { ...takePay(2), code: '7891000055502' }] })
        .default_pay,
    ).toBe('2');
    expect(
      detailsToForm({ ...details, products: [takePay(2), { ...takePay(1), code: '7891000055502' }] })
        .default_pay,
    ).toBe('');
  });
});

describe('campaign wizard validation', () => {
  it('accepts a complete campaign', () => {
    expect(issuesOf(goods())).toEqual({});
  });

  it("gives the spec's messages on the form's fields", () => {
    const values = goods();
    values.description = ' ';
    values.stores = [];
    values.products = [];
    expect(issuesOf(values)).toEqual({
      description: CAMPAIGN_MESSAGES.description,
      stores: 'Selecione uma loja para a campanha!',
      products: CAMPAIGN_MESSAGES.products,
    });
  });

  it('checks the typed dates', () => {
    const values = goods();
    values.start_at = '';
    values.end_at = '31/02/2026';
    expect(issuesOf(values)).toEqual({ start_at: CAMPAIGN_MESSAGES.period, end_at: INVALID_DAY });
    values.start_at = '30/11/2026';
    values.end_at = '';
    expect(issuesOf(values)).toEqual({ end_at: CAMPAIGN_MESSAGES.period });
    values.no_end = true;
    expect(issuesOf(values)).toEqual({});
    values.no_end = false;
    values.end_at = '01/11/2026';
    expect(issuesOf(values)).toEqual({ end_at: CAMPAIGN_MESSAGES.periodOrder });
  });

  it('asks for the voucher code and the lead when they are switched on', () => {
    const values = goods();
    values.voucher = true;
    values.audience = 'L';
    expect(issuesOf(values)).toEqual({
      'info.voucher_code': CAMPAIGN_MESSAGES.voucher,
      id_lead: LEAD_REQUIRED,
    });
  });

  it("puts a product row's message on the row it came from", () => {
    const values = goods();
    values.type = 'DG';
    values.info.type = '2';
    values.info.trigger_quantity = '1';
    values.info.discount_quantity = '1';
    values.products = [
      { ...values.products[0]!, trigger_discount: 'T', code: '1' },
      { ...values.products[0]!, price: '150' },
    ];
    expect(issuesOf(values)).toEqual({ 'products.1.price': CAMPAIGN_MESSAGES.percentage });
    // A goods row dropped by a ticket campaign does not shift the others' messages.
    values.type = 'DB';
    values.products = [{ ...values.products[1]! }, { ...values.products[0]!, code: 'x' }];
    expect(issuesOf(values)).toMatchObject({ 'products.1.code': expect.any(String) });
  });

  it('says which combo quantities are missing, with the Validação title', () => {
    const values = goods();
    values.type = 'DG';
    values.products = [];
    values.groups = [
      {
        title: 'Café',
        logical_operator: 'and',
        type: 'D',
        requisite: 'any',
        items: [{ code: '7891000100103' }],
      },
    ];
    const issues = issuesOf(values);
    expect(issues['info.trigger_quantity']).toBe(CAMPAIGN_MESSAGES.comboQuantities);
    expect(noticeTitle(issues['info.trigger_quantity']!)).toBe('Validação');
    expect(noticeTitle(CAMPAIGN_MESSAGES.description)).toBe('Ops!');
  });

  it('maps each field to its step', () => {
    expect(stepOfField('description')).toBe(0);
    expect(stepOfField('info.voucher_code')).toBe(0);
    expect(stepOfField('stores')).toBe(1);
    expect(stepOfField('id_lead')).toBe(2);
    expect(stepOfField('info.value')).toBe(3);
    expect(stepOfField('products.3.price')).toBe(3);
    expect(stepOfField('whatever')).toBe(3);
  });

  it('finds the first message of nested errors', () => {
    expect(firstMessage({ products: [undefined, { price: { message: 'x', type: 'custom' } }] })).toBe('x');
    expect(firstMessage(undefined)).toBeUndefined();
    // A field named `type` is not the error's own type.
    expect(firstMessage({ type: { type: 'custom', message: 'Selecione a dinâmica do desconto.' } })).toBe(
      'Selecione a dinâmica do desconto.',
    );
  });
});

describe('dynamics on screen', () => {
  it('offers the dynamics of the type', () => {
    expect(dynamicOptions('D')).toHaveLength(10);
    expect(dynamicOptions('DB').map((o) => o.value)).toEqual(['2', '4', '5', '6', '9', '10']);
    expect(dynamicOptions('D')[1]).toEqual({ value: '2', label: '2 - Desconto %' });
  });

  it('says which inputs each dynamic needs', () => {
    expect(dynamicNeeds(2)).toMatchObject({ value: 'percent', take: false, pay: false, tiers: false });
    expect(dynamicNeeds(1)).toMatchObject({ value: 'final', valueLabel: 'Valor final (R$)' });
    expect(dynamicNeeds(6)).toMatchObject({ value: 'amount', valueLabel: 'Valor a subtrair (R$)' });
    expect(dynamicNeeds(5)).toMatchObject({ value: null, take: true, pay: true, takeLabel: 'Leve (X)' });
    expect(dynamicNeeds(9)).toMatchObject({ tiers: true, value: 'percent' });
    expect(dynamicNeeds(null)).toMatchObject({ value: null, take: false });
  });

  it('opens the picker only with a dynamic and a positive value, or a requisite', () => {
    const values = goods();
    expect(canPickProducts(values, 'D')).toBe(true);
    values.info.value = '0';
    expect(canPickProducts(values, 'D')).toBe(false);
    expect(canPickProducts(values, 'T')).toBe(true);
    values.info.type = '5';
    expect(canPickProducts(values, 'D')).toBe(false);
    values.info.trigger_quantity = '3';
    expect(canPickProducts(values, 'D')).toBe(true);
    values.info.type = '';
    expect(canPickProducts(values, 'D')).toBe(false);
  });

  it('adds picked products with the defaults, once per kind', () => {
    const values = goods();
    const again = newProductRows([product, { ...product, code: '2', description: 'Feijão' }], values, 'D');
    expect(again.duplicates).toEqual(['7891001000013']);
    expect(again.rows).toHaveLength(1);
    expect(again.rows[0]).toMatchObject({
      code: '2',
      type: '2',
      price: '10',
      trigger_discount: 'D',
      unlimited: 'Y',
    });
    const trigger = newProductRows([product], values, 'T');
    expect(trigger.rows[0]).toMatchObject({ trigger_discount: 'T', type: '', price: '' });
    const imported = newProductRows([{ ...product, code: '3', price: '12,90', limit: '6' }], values, 'D');
    expect(imported.rows[0]).toMatchObject({ price: '12,90', limit: '6', unlimited: 'N' });
  });

  it('simulates the price of a product', () => {
    expect(simulatedCents(2, '10', 28.5)).toBe(2565);
    expect(simulatedCents(1, '19,90', 28.5)).toBe(1990);
    expect(simulatedCents(1, '30', 28.5)).toBe(2850);
    expect(simulatedCents(6, '1,50', 28.5)).toBe(2700);
    expect(simulatedCents(5, '', 28.5)).toBeNull();
    expect(simulatedCents(2, '10', null)).toBeNull();
  });
});

describe('categories', () => {
  it('lists every category as its path', () => {
    const options = categoryPathOptions([
      { value: 1, label: 'Mercearia', children: [{ value: 5, label: 'Arroz' }] },
      { value: 2, label: 'Bebidas' },
    ]);
    expect(options).toEqual([
      { value: '1', label: 'Mercearia' },
      { value: '1,5', label: 'Mercearia › Arroz' },
      { value: '2', label: 'Bebidas' },
    ]);
    expect(splitCategories('1,5; 2;')).toEqual(['1,5', '2']);
    expect(joinCategories(['1,5', '2'])).toBe('1,5;2');
  });
});
