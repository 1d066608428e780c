import { expect } from 'vitest';
import { staffCustomer } from '../integration/customers-fixtures';
import { apiCall } from './login';

/**
 * Registers a customer of the demo tenant through the staff API (POST /web/customer/new), as the
 * browser tests arrange their data: the fixture's São Paulo address and the given fields, no
 * telephone, tags or contacts unless given. Answers the new customer's id.
 */
export async function registerCustomer(token: string, fields: Record<string, unknown>): Promise<number> {
  const created = await apiCall<{ id: number }>(
    token,
    'POST',
    '/web/customer/new',
    staffCustomer({ telephone: '', tags: [], contacts: [], ...fields }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id;
}
