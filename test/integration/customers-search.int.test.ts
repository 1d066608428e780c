import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeText } from '@freguesia/shared/domain/text';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { CustomerEntity } from '@freguesia/functions/customers/entities';
import {
  backfillCustomerSearch,
  createCustomer,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from '@freguesia/functions/customers/customers.service';
import type { ServiceContext } from '@freguesia/functions/lib/context';
import { countersFor } from '@freguesia/functions/lib/ddb/counters';
import { countDynamoRequests } from '../support/local-table';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Word search on customers (issue 9, item 9): any word's prefix of the name (accent- and
 * case-insensitive, several words narrowing), the last digits of a phone, the start of the
 * e-mail's part before the @; exact and whole-word matches first; index-only.
 */

const PEOPLE = [
  { fullname: 'Costa', cellphone: '11911110001', email: 'costa@example.com' },
  { fullname: 'Beatriz Costa', cellphone: '11987654321', email: 'bia.costa@example.com' },
  { fullname: 'Costa Ribeiro Lima', cellphone: '21988887777', email: 'crl@example.com' },
  { fullname: 'João da Costa e Silva', cellphone: '11955554321', email: 'jcs@example.com' },
  { fullname: 'Ana Costas', cellphone: '11944443333', email: 'ana@example.com' },
  { fullname: 'José Acosta', cellphone: '11933332222', email: 'jose@example.com' },
  { fullname: 'Beatriz Souza', cellphone: '11922221111', email: 'beatriz.souza@example.com' },
] as const;

describe('customer word search', () => {
  let t: TestTenant;
  let ctx: ServiceContext;
  const ids = new Map<string, number>();
  let requests: Awaited<ReturnType<typeof countDynamoRequests>>;

  const names = async (q: string, field?: 'fullname' | 'email' | 'cellphone' | 'document') =>
    (await listCustomers(ctx, { q, field, page: 1, per_page: 20 })).data.map((c) => c.fullname);

  beforeAll(async () => {
    t = await createTestTenant('srch');
    ctx = staffContext(t);
    requests = await countDynamoRequests();
    for (const p of PEOPLE) {
      const { id } = await createCustomer(
        ctx,
        CustomerForm.parse(staffCustomer({ ...p, telephone: null, document: randomCpf() })),
      );
      ids.set(p.fullname.toUpperCase(), id);
    }
  });

  it('finds "COSTA" in any word of the name, exact and whole words first', async () => {
    expect(await names('COSTA')).toEqual([
      'COSTA',
      'COSTA RIBEIRO LIMA',
      'BEATRIZ COSTA',
      'JOÃO DA COSTA E SILVA',
      'ANA COSTAS',
    ]);
  });

  it('ignores accents and case, and narrows with several words', async () => {
    expect(await names('beátriz')).toEqual(['BEATRIZ COSTA', 'BEATRIZ SOUZA']);
    expect(await names('costa bea')).toEqual(['BEATRIZ COSTA']);
    expect(await names('silva joão', 'fullname')).toEqual(['JOÃO DA COSTA E SILVA']);
    expect(await names('costa zzz')).toEqual([]);
  });

  it('finds a phone by its last digits and an e-mail by the start of its part before the @', async () => {
    expect(await names('4321')).toEqual(['BEATRIZ COSTA', 'JOÃO DA COSTA E SILVA']);
    expect(await names('54321', 'cellphone')).toEqual(['BEATRIZ COSTA', 'JOÃO DA COSTA E SILVA']);
    expect(await names('(11) 98765')).toEqual(['BEATRIZ COSTA']);
    expect(await names('bia.co', 'email')).toEqual(['BEATRIZ COSTA']);
    expect(await names('beatriz', 'email')).toEqual(['BEATRIZ SOUZA']);
    // One token that names nobody is tried as the start of an e-mail.
    expect(await names('bia.costa')).toEqual(['BEATRIZ COSTA']);
    expect(await names('bia.costa@exa')).toEqual(['BEATRIZ COSTA']);
  });

  it('costs a bounded number of DynamoDB requests per search', async () => {
    for (const [q, max] of [
      ['costa', 1],
      ['costa beatriz', 1],
      ['4321', 2],
      ['bia.costa', 2],
    ] as const) {
      requests.reset();
      await names(q);
      expect(requests.count, q).toBeLessThanOrEqual(max);
    }
  });

  it('follows renames and deletions in the same write', async () => {
    // Prepare
    const id = ids.get('BEATRIZ SOUZA')!;
    const form = CustomerForm.parse(
      staffCustomer({
        ...PEOPLE[6],
        fullname: 'Beatriz Almeida Prado',
        cellphone: '11922225555',
        telephone: null,
      }),
    );
    // Act
    await updateCustomer(ctx, {
      ...form,
      document: (await CustomerEntity.get({ tenant: t.tenant, id }).go()).data!.document,
      id,
    });
    // Assess
    expect(await names('souza')).toEqual([]);
    expect(await names('prado')).toEqual(['BEATRIZ ALMEIDA PRADO']);
    expect(await names('1111')).toEqual([]);
    expect(await names('5555')).toEqual(['BEATRIZ ALMEIDA PRADO']);
    await deleteCustomer(ctx, id);
    expect(await names('prado')).toEqual([]);
    expect(await names('5555')).toEqual([]);
  });

  it('makes customers written before word search searchable with an idempotent backfill', async () => {
    // Prepare: a customer as an older version stored it (no word entries).
    const id = await countersFor(t.tenant).next('customer');
    const now = new Date().toISOString();
    await CustomerEntity.create({
      tenant: t.tenant,
      id,
      type: 'F',
      document: randomCpf(),
      fullname: 'HELENA MAGALHÃES TAVARES',
      cellphone: '11977776666',
      email: 'helena.t@example.com',
      channel: 'Plataforma',
      nameKey: normalizeText('HELENA MAGALHÃES TAVARES'),
      emailKey: 'helena.t@example.com',
      createdAt: now,
      updatedAt: now,
    }).go();
    const before = await names('tavares');
    // Act
    const first = await backfillCustomerSearch(systemLike(t.tenant));
    const again = await backfillCustomerSearch(systemLike(t.tenant));
    // Assess
    expect(before).toEqual([]);
    expect(await names('tavares')).toEqual(['HELENA MAGALHÃES TAVARES']);
    expect(await names('magalhaes helena')).toEqual(['HELENA MAGALHÃES TAVARES']);
    expect(await names('6666')).toEqual(['HELENA MAGALHÃES TAVARES']);
    expect(first.customers).toBe(again.customers);
    expect(await names('COSTA')).toHaveLength(5);
  });
});

const systemLike = (tenant: string): ServiceContext => ({
  tenant,
  actor: { kind: 'system', name: 'test' },
  now: () => new Date(),
});
