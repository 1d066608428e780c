import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, CustomerForm, CustomerUpdate } from '@freguesia/shared/schemas/customer';
import {
  createCustomer,
  customerDetails,
  customerIdByDocument,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from '@freguesia/functions/customers/customers.service';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { randomCpf, staffCustomer } from './customers-fixtures';

/** The customers service called directly (no HTTP), as a queue consumer or another domain would. */
describe('customers service', () => {
  let t: TestTenant;
  let other: TestTenant;
  const form = (overrides: Record<string, unknown> = {}) => CustomerForm.parse(staffCustomer(overrides));

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('csv'), createTestTenant('csv')]);
  });

  it('refuses a second customer with the same document, naming the first one', async () => {
    // Prepare
    const ctx = staffContext(t);
    const document = randomCpf();
    const first = await createCustomer(ctx, form({ document }));
    // Act
    const attempt = await createCustomer(ctx, form({ document, fullname: 'Outra Pessoa' })).catch(
      (error: unknown) => error,
    );
    // Assess
    expect(attempt).toMatchObject({
      kind: 'conflict',
      message: CUSTOMER_MESSAGES.duplicate,
      details: { id: first.id },
    });
    expect(await customerIdByDocument(ctx, document)).toBe(first.id);
    const found = await listCustomers(ctx, { q: document, page: 1, per_page: 10 });
    expect(found.data.map((c) => c.fullname)).toEqual(['MARIA JOSÉ DA CONCEIÇÃO']);
  });

  it('records who changed a consent, and when, in the timeline', async () => {
    // Prepare
    const createdAt = new Date('2026-02-01T12:00:00Z');
    const { id } = await createCustomer(
      staffContext(t, { now: () => createdAt }),
      form({ email_optout: 'N' }),
    );
    const editedAt = new Date('2026-02-03T15:30:00Z');
    const current = await customerDetails(staffContext(t), id);
    // Act
    await updateCustomer(
      staffContext(t, { now: () => editedAt }),
      CustomerUpdate.parse({
        ...staffCustomer({ document: current.document }),
        id,
        email_optout: 'Y',
        fullname: 'Maria José Souza',
      }),
    );
    // Assess
    const details = await customerDetails(staffContext(t), id);
    expect(details.fullname).toBe('MARIA JOSÉ SOUZA');
    expect(details.email_optout).toBe('Y');
    expect(details.created_at).toBe(createdAt.toISOString());
    expect(details.updated_at).toBe(editedAt.toISOString());
    const consent = details.events.filter(
      (e) => e.type === 'consent' && e.created_at === editedAt.toISOString(),
    );
    expect(consent).toEqual([
      expect.objectContaining({
        description: 'Não autoriza comunicações por E-mail (opt-out)',
        channel: 'Plataforma',
        user_id: t.adminId,
        user_name: 'Admin',
        consent: { field: 'email_optout', from: 'N', to: 'Y' },
      }),
    ]);
    const updated = details.events.find((e) => e.type === 'updated');
    expect(updated).toMatchObject({
      fields: expect.arrayContaining(['fullname', 'email_optout']),
      created_at: editedAt.toISOString(),
    });
  });

  it('refuses a favourite store the tenant does not have', async () => {
    // Act
    const attempt = await createCustomer(staffContext(t), form({ favorite_store: 999_999 })).catch(
      (error: unknown) => error,
    );
    // Assess
    expect(attempt).toMatchObject({
      kind: 'invalid',
      errors: { favorite_store: 'Loja favorita não encontrada.' },
    });
  });

  it('keeps customers inside their tenant', async () => {
    // Prepare
    const document = randomCpf();
    const { id } = await createCustomer(staffContext(t), form({ document }));
    // Act
    const elsewhere = staffContext(other);
    // Assess
    await expect(customerDetails(elsewhere, id)).rejects.toMatchObject({
      kind: 'not-found',
      message: 'Cliente não encontrado.',
    });
    await expect(deleteCustomer(elsewhere, id)).rejects.toMatchObject({ kind: 'not-found' });
    expect(await customerIdByDocument(elsewhere, document)).toBe(0);
    expect((await customerDetails(staffContext(t), id)).document).toBe(document);
  });

  it('deletes a customer: the record, its document and its timeline go', async () => {
    // Prepare
    const ctx = staffContext(t);
    const document = randomCpf();
    const { id } = await createCustomer(ctx, form({ document }));
    // Act
    await deleteCustomer(ctx, id);
    // Assess
    await expect(customerDetails(ctx, id)).rejects.toMatchObject({ kind: 'not-found' });
    expect(await customerIdByDocument(ctx, document)).toBe(0);
    // The document is free again.
    expect((await createCustomer(ctx, form({ document }))).id).toBeGreaterThan(id);
  });
});
