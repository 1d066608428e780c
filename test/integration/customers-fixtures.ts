import type { PortalFormValues } from '@freguesia/shared/schemas/customer';
import { randomInt } from 'node:crypto';
import { cnpjFromBase, cpfFromBase } from '@freguesia/shared/domain/document';
import { StoreInput } from '@freguesia/shared/schemas/catalog';
import { storesRepository } from '@freguesia/functions/catalog/stores.repository';

/** Shared fixtures of the customers, portal and baskets integration tests. */

export function randomCpf(): string {
  for (;;) {
    const cpf = cpfFromBase(String(randomInt(100_000_000, 999_999_999)));
    if (!/^(\d)\1*$/.test(cpf)) return cpf;
  }
}

export const randomCnpj = (): string => cnpjFromBase(`${randomInt(10_000_000, 99_999_999)}0001`);

/** A valid staff-form body (spec part 1 §3 "Customer (staff form)"). */
export function staffCustomer(overrides: Record<string, unknown> = {}) {
  return {
    type: 'F',
    document: randomCpf(),
    fullname: 'Maria José da Conceição',
    gender: 'F',
    date_birth: '1985-03-10',
    cellphone: '(11) 9.8765-4321',
    telephone: '(11) 3333-4444',
    email: 'Maria.Jose@Example.com',
    zipcode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    state: 'SP',
    city: 'SÃO PAULO',
    id_city: '3550308',
    latitude: -23.5613,
    longitude: -46.6565,
    cellphone_optout: 'N',
    email_optout: 'N',
    whatsapp_optout: 'N',
    app_optout: 'N',
    tags: ['Vinhos'],
    contacts: [{ name: 'João', email: 'joao@example.com', cellphone: '11912345678', type: 'Familiar' }],
    ...overrides,
  };
}

export async function createStore(
  tenant: string,
  name = 'Loja Centro',
  latitude = -23.55,
  longitude = -46.63,
) {
  const input = StoreInput.parse({
    name,
    zipcode: '01310-100',
    address: 'Avenida Paulista',
    number: '1',
    city: 'São Paulo',
    state: 'SP',
    latitude,
    longitude,
  });
  return storesRepository(tenant).create(input);
}

let couponSeq = randomInt(1, 1_000_000);

/** A valid POS purchase: 2 × 10.00 + 1 × 5.50 − 0.50 item discount, basket discount 1.00 → 24.00. */
export function posBasket(idStore: number, overrides: Record<string, unknown> = {}) {
  return {
    id_store: idStore,
    checkout: '3',
    coupon: String(++couponSeq),
    date: '2026-01-15 10:30:00',
    amount: 24,
    discount: 1,
    origin: 'PDV',
    items: [
      {
        code: '7891000100103',
        description: 'ARROZ 5KG',
        quantity: 2,
        unit_value: 10,
        total_value: 20,
        discount: 0,
      },
      {
        code: '7891000055502',
        description: 'FEIJAO 1KG',
        quantity: 1,
        unit_value: '5.50',
        total_value: '5.00',
        discount: '0.50',
      },
    ],
    payments: [{ method: 'Dinheiro', value: 30, installments: 1 }],
    ...overrides,
  };
}

/** A filled portal form (what a visitor types on /cadastro), with a fresh valid CPF by default. */
export function portalForm(
  document = randomCpf(),
  overrides: Partial<PortalFormValues> = {},
): PortalFormValues {
  return {
    document,
    fullname: 'Paula Tavares',
    gender: 'F',
    date_birth: '24/12/1990',
    cellphone: '(11) 9.7777-6666',
    email: 'paula@example.com',
    zipcode: '01310-100',
    state: 'SP',
    id_city: '3550308',
    city: 'SÃO PAULO',
    neighborhood: 'Bela Vista',
    address: 'Avenida Paulista',
    number: '200',
    complement: 'ap 3',
    tags: ['Vinhos', 'Inventada'],
    password: 'minhaSenha1',
    password_confirmation: 'minhaSenha1',
    agreement: true,
    allow_sms: true,
    allow_whatsapp: true,
    allow_email: false,
    allow_app: true,
    ...overrides,
  };
}
