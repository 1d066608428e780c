import { describe, expect, it } from 'vitest';
import type { CustomerListItem } from '../../api/customers';
import { MANUAL_MESSAGES, pickCustomer } from './manual-panel';

const customer = (id: number, document: string): CustomerListItem => ({
  id,
  document,
  fullname: `Cliente ${id}`,
  email: null,
  cellphone: null,
  city: null,
  state: null,
  channel: 'Plataforma',
  created_at: '2026-01-01',
  active: 'Y',
});

describe('adding a customer to a manual lead', () => {
  it('adds the customer whose document is the one typed', () => {
    const found = [customer(1, '12345678909'), customer(2, '12345678900')];
    expect(pickCustomer('123.456.789-09', found, [])).toEqual({ customer: found[0] });
  });

  it('adds the only customer found', () => {
    expect(pickCustomer('Ana', [customer(3, '11111111111')], [])).toEqual({
      customer: customer(3, '11111111111'),
    });
  });

  it('says none was found, or that it is already on the list', () => {
    expect(pickCustomer('123.456.789-09', [], [])).toEqual({ message: MANUAL_MESSAGES.notFound });
    expect(pickCustomer('12345678909', [customer(1, '12345678909')], [{ id_customer: 1 }])).toEqual({
      message: MANUAL_MESSAGES.duplicate,
    });
    expect(MANUAL_MESSAGES.notFound).toBe('Nenhum cliente encontrado.');
    expect(MANUAL_MESSAGES.duplicate).toBe('Esse cliente ja foi adicionado na lista');
    expect(MANUAL_MESSAGES.emptySearch).toBe('Nenhum texto de busca informado');
  });

  it('asks for the full document when a name matches several customers', () => {
    expect(pickCustomer('Ana', [customer(1, '1'), customer(2, '2')], [])).toEqual({
      message: MANUAL_MESSAGES.ambiguous,
    });
  });
});
