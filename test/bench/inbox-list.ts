/**
 * The inbox's first page for a department with 10,000 open conversations (issue 24's target: ≤ 3
 * DynamoDB requests). Conversations are written to DynamoDB Local as the runtime writes them (the
 * sparse indexes of open conversations per department and per tenant), then the first page is read
 * through the service as a staff member of the department (with the filter and without it) and as
 * an administrator, counting every request the DocumentClient sends.
 *
 * Run: npx tsx test/bench/inbox-list.ts   (CONVERSATIONS=10000)
 */
import type { ServiceContext } from '@freguesia/functions/lib/context';
import { countDynamoRequests, startLocalTable } from '../support/local-table';

const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? 10_000);
const dynamo = await startLocalTable('freguesia-bench-inbox', process.env.BENCH_DYNAMODB_ENDPOINT, {
  stream: false,
});

const { ConversationEntity } =
  await import('@freguesia/functions/customer-service/customer-service.entities');
const { createDepartment } = await import('@freguesia/functions/customer-service/departments.service');
const { listAttendances } = await import('@freguesia/functions/customer-service/conversations.service');
const { createTestTenant, staffContext } = await import('../support/tenant');

try {
  const t = await createTestTenant('inbox');
  const admin = staffContext(t);
  const ana = await t.userWith([{ action: 'write', subject: 'Attendances' }]);
  const { id: vendas } = await createDepartment(admin, {
    name: 'Vendas',
    id_channel: 0,
    active: true,
    users: [ana.id],
  });
  const { id: outro } = await createDepartment(admin, {
    name: 'Outro',
    id_channel: 0,
    active: true,
    users: [],
  });
  const staff: ServiceContext = {
    tenant: t.tenant,
    now: () => new Date(),
    actor: {
      kind: 'staff',
      userId: ana.id,
      roleId: 0,
      abilities: [{ action: 'write', subject: 'Attendances' }],
      allStores: true,
      storeId: null,
      fullname: 'Ana',
      shortname: 'Ana',
    },
  };

  const started = Date.now();
  const base = Date.parse('2026-11-01T00:00:00Z');
  const item = (i: number, department: number) => {
    const at = new Date(base + i * 1000).toISOString();
    const phone = `55119${String(70000000 + i)}`;
    return {
      tenant: t.tenant,
      id: i + 1,
      id_channel: 1,
      contact: `p${phone}`,
      phone,
      name: `Cliente ${i}`,
      id_department: department,
      active: true,
      bot: 'N' as const,
      search: `CLIENTE ${i} ${phone}`,
      last_text: 'Olá',
      created_at: at,
      updated_at: at,
    };
  };
  const all = [
    ...Array.from({ length: CONVERSATIONS }, (_, i) => item(i, vendas)),
    ...Array.from({ length: 2_000 }, (_, i) => item(CONVERSATIONS + i, outro)),
  ];
  for (let i = 0; i < all.length; i += 1_000)
    await ConversationEntity.put(all.slice(i, i + 1_000)).go({ concurrent: 8 });
  console.log(
    `${all.length} conversas abertas gravadas (${CONVERSATIONS} no setor Vendas) em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const counter = await countDynamoRequests();
  const measure = async (
    label: string,
    ctx: ServiceContext,
    query: Parameters<typeof listAttendances>[1],
  ) => {
    counter.reset();
    const t0 = performance.now();
    const page = await listAttendances(ctx, query);
    const ms = performance.now() - t0;
    console.log(
      `${label}: ${counter.count} requisições DynamoDB, ${page.data.length} cartões, ${ms.toFixed(0)} ms, mais recente ${page.data[0]?.updated_at}, cursor ${page.cursor ? 'sim' : 'não'}`,
    );
    return page;
  };
  const first = await measure('Setor Vendas, 1ª página (frio: ícones dos canais lidos)', staff, {
    id_department: vendas,
  });
  await measure('Setor Vendas, 1ª página (quente)', staff, { id_department: vendas });
  await measure('Equipe sem filtro (seus setores)', staff, {});
  await measure('Administrador sem filtro (todas)', admin, {});
  await measure('Setor Vendas, 2ª página', staff, {
    id_department: vendas,
    cursor: first.cursor ?? undefined,
  });
  await measure('Busca "cliente 9999" no setor', staff, { id_department: vendas, q: 'cliente 9999' });
} finally {
  await dynamo.stop();
}
