import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { LEAD_MESSAGES } from '@freguesia/shared/schemas/segmentation';
import { createCustomer } from '@freguesia/functions/customers/customers.service';
import { domainForPath } from '@freguesia/functions/domains';
import { handler as leadPreview } from '@freguesia/functions/lead-preview/handler';
import { handler as segmentation } from '@freguesia/functions/segmentation/handler';
import { createLeadFromList } from '@freguesia/functions/segmentation/leads.service';
import { call, type DomainHandler } from '../support/api';
import { exportFile, startExportsConsumer } from '../support/exports';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * The lead API of spec part 1 §7 against DynamoDB Local, through the real Lambda handlers of the
 * segmentation and lead-preview functions (each path to the function that serves it): validation messages of §5, file/e-mail/manual leads resolved to customers,
 * keep_old_customers, the system leads ('RT - ') refused, totals from the counter, the CSV export.
 */
/** The handler of the function a path is routed to, as API Gateway and the local runtime pick it. */
const handler: DomainHandler = (event, context) =>
  (domainForPath(event.rawPath)?.name === 'lead-preview' ? leadPreview : segmentation)(event, context);

describe('lead API', () => {
  let t: TestTenant;
  const customers: { id: number; document: string; email: string }[] = [];
  const req = (request: Parameters<typeof call>[1]) =>
    call(handler, { tenant: t.tenant, token: t.adminToken, ...request });
  const newLead = (body: Record<string, unknown>) => req({ method: 'POST', path: '/api/web/lead/new', body });
  const details = async (id: number) => (await req({ path: '/api/web/lead/details', query: { id } })).body;

  beforeAll(async () => {
    t = await createTestTenant('lead');
    startExportsConsumer();
    const people = [
      { fullname: 'João Ávila Conceição', email: 'joao.avila@example.com', city: 'SÃO PAULO' },
      { fullname: 'Beatriz Costa', email: 'bia@example.com', city: 'NITERÓI' },
      { fullname: 'Carlos Pereira', email: 'carlos@example.com', city: 'CAMPINAS' },
    ];
    for (const p of people) {
      const document = randomCpf();
      const { id } = await createCustomer(
        staffContext(t),
        CustomerForm.parse(staffCustomer({ ...p, document })),
      );
      customers.push({ id, document, email: p.email });
    }
  });

  it('answers the validation messages of part 1 §5 verbatim', async () => {
    const fileRow = [{ document: customers[0]!.document }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ origin: 'F', customers: fileRow }, 'description', LEAD_MESSAGES.descriptionRequired],
      [{ description: 'Sem origem', customers: fileRow }, 'origin', LEAD_MESSAGES.originRequired],
      [
        { description: 'Validade', origin: 'F', customers: fileRow, always_valid: 'N' },
        'valid_until',
        'Escolha ate quando esse lead estara disponivel para uso',
      ],
      [
        {
          description: 'Sem frequência',
          origin: 'S',
          filter: [{ key: 'TA', option: '!' }],
          auto_refresh: 'Y',
        },
        'frequency_refresh',
        LEAD_MESSAGES.frequencyRequired,
      ],
      [
        {
          description: 'Cron ruim',
          origin: 'S',
          filter: [{ key: 'TA', option: '!' }],
          auto_refresh: 'Y',
          frequency_refresh: '0 25 * * *',
        },
        'frequency_refresh',
        'Frequencia invalida',
      ],
      [
        {
          description: 'Cron curto',
          origin: 'S',
          filter: [{ key: 'TA', option: '!' }],
          auto_refresh: 'Y',
          frequency_refresh: 'todo dia',
        },
        'frequency_refresh',
        'Frequencia invalida',
      ],
      [{ description: 'Arquivo vazio', origin: 'F', customers: [] }, 'customers', LEAD_MESSAGES.rowsRequired],
      [
        { description: 'E-mails vazios', origin: 'E', customers: [{ fullname: 'Sem chave' }] },
        'customers',
        LEAD_MESSAGES.rowsRequired,
      ],
      [{ description: 'Manual vazio', origin: 'M' }, 'customers', LEAD_MESSAGES.customersRequired],
      [
        { description: 'Condição vazia', origin: 'S', filter: [{ key: 'FE', option: '>', value: '' }] },
        'filter',
        'Condições incorretas, verifique.',
      ],
      [
        { description: 'Sem condições', origin: 'S', filter: [] },
        'filter',
        'Condições incorretas, verifique.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await newLead(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(res.body)).toBe(message);
    }
    const listed = await req({ path: '/api/web/leads' });
    expect(listed.body.pagination.total).toBe(0);
  });

  it('creates a file lead from documents (any mask) and e-mails, reporting the rows that match nobody', async () => {
    const [joao, bia] = customers;
    const masked = joao!.document.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    const res = await newLead({
      description: 'Planilha de março',
      origin: 'F',
      customers: [
        { document: masked },
        { document: '', email: bia!.email.toUpperCase() },
        { document: randomCpf(), fullname: 'Ninguém' },
        { document: joao!.document },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: 'Lead Alterado/Cadastrado com sucesso', not_found: 1 });
    const lead = await details(res.body.id);
    expect(lead).toMatchObject({
      description: 'Planilha de março',
      origin: 'F',
      status: 'D',
      population: 2,
      filter: [],
      always_valid: 'Y',
      valid_until: null,
    });
    expect(lead.customers.map((c: { id_customer: number }) => c.id_customer).sort()).toEqual(
      [joao!.id, bia!.id].sort(),
    );
    expect(lead.customers[0]).toHaveProperty('document');
  });

  it('exports the members as a semicolon CSV in UTF-8 with a BOM, accents intact (an export job)', async () => {
    const created = await newLead({
      description: 'Exportação',
      origin: 'E',
      customers: customers.map((c) => ({ email: c.email })),
    });
    const { accepted, job, file } = await exportFile(
      { tenant: t.tenant, token: t.adminToken },
      '/api/web/leads/export',
      { id: created.body.id },
    );
    expect(accepted.status, accepted.text).toBe(202);
    expect(job.body).toMatchObject({ status: 'done', file_name: `lead-${created.body.id}.csv`, rows: 3 });
    const text = file.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('id;fullname;document;email;cellphone;city;state');
    expect(lines).toHaveLength(4);
    const joao = lines.find((l) => l.startsWith(`${customers[0]!.id};`))!;
    expect(joao.split(';')).toEqual([
      String(customers[0]!.id),
      'JOÃO ÁVILA CONCEIÇÃO',
      customers[0]!.document,
      'joao.avila@example.com',
      expect.any(String),
      'SÃO PAULO',
      'SP',
    ]);
    expect(lines.some((l) => l.includes('NITERÓI'))).toBe(true);
  });

  it('creates a manual lead from ids (new/list) and updates it keeping or replacing the old customers', async () => {
    const [a, b, c] = customers;
    const created = await req({
      method: 'POST',
      path: '/api/web/lead/new/list',
      body: { description: 'Lead Geográfico 10/03/2026', customers: [{ id_customer: a!.id }] },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.id).toBeGreaterThan(0);
    const id = created.body.id as number;
    expect(await details(id)).toMatchObject({ origin: 'M', status: 'D', population: 1 });

    const update = (keep: 'Y' | 'N', ids: number[]) =>
      req({
        method: 'PUT',
        path: '/api/web/lead/update',
        query: { keep_old_customers: keep },
        body: {
          id,
          description: 'Lead Geográfico 10/03/2026',
          origin: 'M',
          customers: ids.map((i) => ({ id_customer: i })),
        },
      });
    expect((await update('Y', [b!.id])).status).toBe(200);
    expect((await details(id)).population).toBe(2);
    expect((await update('N', [c!.id])).status).toBe(200);
    const replaced = await details(id);
    expect(replaced.population).toBe(1);
    expect(replaced.customers.map((m: { id_customer: number }) => m.id_customer)).toEqual([c!.id]);
    // Without rows: kept as they are with keep_old_customers=Y, refused otherwise.
    const kept = await req({
      method: 'PUT',
      path: '/api/web/lead/update',
      query: { keep_old_customers: 'Y' },
      body: { id, description: 'Renomeado', origin: 'M' },
    });
    expect(kept.status, kept.text).toBe(200);
    expect(await details(id)).toMatchObject({ description: 'Renomeado', population: 1, status: 'D' });
    const refused = await req({
      method: 'PUT',
      path: '/api/web/lead/update',
      query: { keep_old_customers: 'N' },
      body: { id, description: 'Renomeado', origin: 'M' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.customers).toBe(LEAD_MESSAGES.customersRequired);
  });

  it('refuses to edit or delete a system lead (RT - )', async () => {
    const { id } = await createLeadFromList(staffContext(t), {
      description: 'RT - Clientes recorrentes',
      customers: [{ id_customer: customers[0]!.id }],
    });
    const edit = await req({
      method: 'PUT',
      path: '/api/web/lead/update',
      body: { id, description: 'Outro nome', origin: 'M', customers: [{ id_customer: customers[1]!.id }] },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('Lead gerado pelo sistema não pode ser alterado ou excluído.');
    const removal = await req({ method: 'DELETE', path: '/api/web/lead/delete', query: { id } });
    expect(removal.status).toBe(403);
    expect(removal.body.message).toBe('Lead gerado pelo sistema não pode ser alterado ou excluído.');
    expect(await details(id)).toMatchObject({ description: 'RT - Clientes recorrentes', population: 1 });
  });

  it('creates a segmentation lead as Pendente with its conditions normalized, and previews a count', async () => {
    const res = await newLead({
      description: 'Aniversariantes sem tag',
      origin: 'S',
      filter: [
        { key: 'TA', option: '!', value: 'ignorado' },
        { key: 'FE', option: '>=', value: '18' },
      ],
      auto_refresh: 'Y',
      frequency_refresh: '0  0 * * *',
      always_valid: 'N',
      valid_until: '2099-12-31',
    });
    expect(res.status, res.text).toBe(200);
    const lead = await details(res.body.id);
    expect(lead).toMatchObject({
      origin: 'S',
      status: 'P',
      frequency_refresh: '0 0 * * *',
      auto_refresh: 'Y',
      valid_until: '2099-12-31',
      filter: [
        { key: 'TA', condition: 'Tags', option: '!', value: null },
        { key: 'FE', condition: 'Faixa etária', option: '>=', value: 18 },
      ],
    });
    expect(lead).not.toHaveProperty('customers');
    const preview = await req({
      method: 'POST',
      path: '/api/web/leads/preview',
      body: { filter: [{ key: 'FE', option: '>=', value: 18 }] },
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({ population: expect.any(Number), estimated: false });
    const bad = await req({
      method: 'POST',
      path: '/api/web/leads/preview',
      body: { filter: [{ key: 'FE', option: '>=' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Condições incorretas, verifique.');
  });

  it('names each invalid row and its reason in one 400, for a save and for the preview (issue 20)', async () => {
    const filter = [
      { key: 'FE', option: '>=', value: 150 },
      { key: 'QA', option: 'email' },
      { key: 'CP', option: 'between', value: ['2026-02-31', '2026-03-10'] },
      { key: 'QA', option: 'registered_between', value: ['2026-03-10', '2026-01-01'] },
    ];
    const expected = {
      filter: 'Condições incorretas, verifique.',
      'filter.0': 'Condição 1 (Faixa etária): 150 está fora do limite; use de 1 a 120 anos.',
      'filter.2': 'Condição 3 (Compras): a data inicial 31/02/2026 não existe; use DD/MM/AAAA.',
      'filter.3':
        'Condição 4 (Qualidade do cadastro): a data inicial 10/03/2026 é posterior à data final 01/01/2026.',
    };
    const saved = await newLead({ description: 'Valores ruins', origin: 'S', filter });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe('Condições incorretas, verifique.');
    expect(saved.body.errors).toEqual(expected);
    const preview = await req({ method: 'POST', path: '/api/web/leads/preview', body: { filter } });
    expect(preview.status).toBe(400);
    expect(preview.body.errors).toEqual(expected);
    const listed = await req({ path: '/api/web/leads', query: { q: 'Valores' } });
    expect(listed.body.data).toEqual([]);
  });

  it('lists only the usable leads as valid: ready, and always valid or valid until today or later', async () => {
    const today = localDay();
    const rows = [{ id_customer: customers[0]!.id }];
    const ids = {
      always: (await newLead({ description: 'Sempre válido', origin: 'M', customers: rows })).body.id,
      today: (
        await newLead({
          description: 'Vale hoje',
          origin: 'M',
          customers: rows,
          always_valid: 'N',
          valid_until: today,
        })
      ).body.id,
      past: (
        await newLead({
          description: 'Vencido',
          origin: 'M',
          customers: rows,
          always_valid: 'N',
          valid_until: addDays(today, -1),
        })
      ).body.id,
      pending: (await newLead({ description: 'Pendente', origin: 'S', filter: [{ key: 'TA', option: '!' }] }))
        .body.id,
    };
    const valid = (await req({ path: '/api/web/leads/valid' })).body as {
      id: number;
      description: string;
      population: number;
      origin: string;
    }[];
    const validIds = valid.map((l) => l.id);
    expect(validIds).toContain(ids.always);
    expect(validIds).toContain(ids.today);
    expect(validIds).not.toContain(ids.past);
    expect(validIds).not.toContain(ids.pending);
    expect(valid.find((l) => l.id === ids.always)).toEqual({
      id: ids.always,
      description: 'Sempre válido',
      population: 1,
      origin: 'M',
    });
  });

  it('pages the list with the total from the counter, searches by any word, and deletes', async () => {
    const other = await createTestTenant('lead');
    const otherReq = (request: Parameters<typeof call>[1]) =>
      call(handler, { tenant: other.tenant, token: other.adminToken, ...request });
    const made: number[] = [];
    for (const description of [
      'Clientes de Niterói',
      'Compradores de vinho',
      'Clientes VIP',
      'Inativos há 90 dias',
      'Clientes novos',
    ]) {
      const res = await otherReq({
        method: 'POST',
        path: '/api/web/lead/new/list',
        body: { description, customers: [{ id_customer: 1 }] },
      });
      // Customer 1 does not exist in the fresh tenant: the lead is made, empty, and says so.
      expect(res.body).toMatchObject({ not_found: 1 });
      made.push(res.body.id);
    }
    const page2 = await otherReq({ path: '/api/web/leads', query: { page: 2, per_page: 2 } });
    expect(page2.body.pagination).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page2.body.data.map((l: { id: number }) => l.id)).toEqual([made[2], made[1]]);
    const defaults = await otherReq({ path: '/api/web/leads' });
    expect(defaults.body.pagination.per_page).toBe(50);

    const found = await otherReq({ path: '/api/web/leads', query: { q: 'clien' } });
    expect(found.body.pagination.total).toBe(3);
    expect(
      (await otherReq({ path: '/api/web/leads', query: { q: 'niteroi' } })).body.data.map(
        (l: { description: string }) => l.description,
      ),
    ).toEqual(['Clientes de Niterói']);

    const removed = await otherReq({
      method: 'DELETE',
      path: '/api/web/lead/delete',
      query: { id: made[0] },
    });
    expect(removed.status).toBe(200);
    expect((await otherReq({ path: '/api/web/leads' })).body.pagination.total).toBe(4);
    expect((await otherReq({ path: '/api/web/leads', query: { q: 'niteroi' } })).body.pagination.total).toBe(
      0,
    );
    expect((await otherReq({ path: '/api/web/lead/details', query: { id: made[0] } })).status).toBe(404);
    // Another tenant's leads are not visible from here.
    expect((await req({ path: '/api/web/lead/details', query: { id: made[1] } })).body.description).not.toBe(
      'Compradores de vinho',
    );
  });

  it('counts customers inside a polygon', async () => {
    const res = await req({
      method: 'POST',
      path: '/api/web/geolocation/count',
      body: {
        polygon: [
          [-23.5, -46.7],
          [-23.6, -46.7],
          [-23.6, -46.6],
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ population: expect.any(Number), customers: expect.any(Array) });
    const small = await req({
      method: 'POST',
      path: '/api/web/geolocation/count',
      body: { polygon: [[-23.5, -46.7]] },
    });
    expect(small.status).toBe(400);
  });
});
