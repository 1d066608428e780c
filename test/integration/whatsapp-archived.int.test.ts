import { beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { documentClient } from '@freguesia/functions/lib/ddb/client';
import { handler as whatsapp } from '@freguesia/functions/whatsapp/handler';
import { call } from '../support/api';
import { exportFile, startExportsConsumer } from '../support/exports';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createStore } from './customers-fixtures';

/**
 * 'Excluídas' of the WhatsApp list (as the other campaign lists, campaigns-archived.int.test.ts): a
 * deleted WhatsApp campaign is archived with the delete (in its transaction), leaves the live list
 * and its total, and GET /web/whatsapp/campaigns?archived=Y (one Query of the archive) lists it,
 * newest first, read-only (its flow and its export still open; edit and delete find nothing),
 * under the live list's permission and store scope; another tenant sees nothing.
 */
describe("WhatsApp 'Excluídas': deleted WhatsApp campaigns kept for history", () => {
  let t: TestTenant;
  let other: TestTenant;
  let channel: number;
  const as = (tenant: TestTenant, token: string) => (request: Parameters<typeof call>[1]) =>
    call(whatsapp, { tenant: tenant.tenant, token, ...request });
  const admin = (request: Parameters<typeof call>[1]) => as(t, t.adminToken)(request);
  const body = (description: string, id?: number, updated_at?: string) => ({
    ...(id ? { id, updated_at } : {}),
    description,
    type: 'WPPM',
    channel_id: channel,
    run_type: 'O',
    run_on: localDateTime(new Date(Date.now() + 3_600_000)).slice(0, 16),
    ban_safety: false,
    flow: [{ key: '1', type: 'T', value: `Olá! ${description}` }],
  });
  const create = async (description: string) => {
    const res = await admin({ method: 'POST', path: '/api/web/whatsapp/campaigns', body: body(description) });
    expect(res.status, res.text).toBe(200);
    return res.body.id as number;
  };
  const remove = async (id: number) => {
    const res = await admin({ method: 'DELETE', path: `/api/web/whatsapp/campaigns/${id}` });
    expect(res.status, res.text).toBe(200);
  };
  const list = (query: Record<string, string | number> = {}, by = admin) =>
    by({ method: 'GET', path: '/api/web/whatsapp/campaigns', query: { per_page: 200, ...query } });
  const ids = (res: Awaited<ReturnType<typeof admin>>) =>
    (res.body.data as { id: number }[]).map((r) => r.id);

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('warch'), createTestTenant('warch')]);
    const created = await admin({
      method: 'POST',
      path: '/api/web/customer-service/channel',
      body: {
        description: 'Canal Loja',
        type: 'WHATSAPP',
        partner: 'RetailThink_v3',
        icon: '',
        account: '',
        user: 'http://127.0.0.1:9',
        key: 'sessao',
        token: 'token-123',
        password: 'senha-123',
        extra_config: '',
      },
    });
    expect(created.status, created.text).toBe(200);
    channel = created.body.id as number;
    startExportsConsumer();
  });

  it('archives on delete: gone from the live list and its total, listed and opened read-only under archived=Y', async () => {
    const kept = await create('Ofertas que ficam');
    const gone = await create('Ofertas da semana passada');
    const before = await list();
    expect(before.body.pagination.total).toBe(2);

    await remove(gone);

    const live = await list();
    expect(live.status, live.text).toBe(200);
    expect(ids(live)).toEqual([kept]);
    expect(live.body.pagination.total).toBe(1);

    const archived = await list({ archived: 'Y' });
    expect(archived.status, archived.text).toBe(200);
    expect(ids(archived)).toEqual([gone]);
    expect(archived.body.pagination.total).toBe(1);
    expect(archived.body.data[0]).toMatchObject({
      id: gone,
      description: 'Ofertas da semana passada',
      type: 'WPPM',
      channel: 'Canal Loja',
      archived_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // The live views say it is gone; the archived ones show it as it was, flow included.
    expect((await admin({ path: `/api/web/whatsapp/campaigns/${gone}` })).status).toBe(404);
    expect((await admin({ path: `/api/web/whatsapp/campaigns/${gone}/flow` })).status).toBe(404);
    const one = await admin({ path: `/api/web/whatsapp/campaigns/${gone}`, query: { archived: 'Y' } });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ id: gone, archived_at: archived.body.data[0].archived_at });
    const flow = await admin({ path: `/api/web/whatsapp/campaigns/${gone}/flow`, query: { archived: 'Y' } });
    expect(flow.status, flow.text).toBe(200);
    expect(flow.body).toEqual([
      expect.objectContaining({ type: 'T', value: 'Olá! Ofertas da semana passada' }),
    ]);
    // A live campaign is not in the archive.
    expect(
      (await admin({ path: `/api/web/whatsapp/campaigns/${kept}`, query: { archived: 'Y' } })).status,
    ).toBe(404);

    // Its export (history) still runs.
    const { job } = await exportFile(
      { tenant: t.tenant, token: t.adminToken },
      '/api/whatsapp/export-campaign-details',
      { id_campaign: gone },
    );
    expect(job.body, job.text).toMatchObject({ kind: 'whatsapp-campaign-details', status: 'done' });

    // Read-only: an edit or a second delete finds nothing, and the archive keeps it once.
    const edit = await admin({
      method: 'PUT',
      path: '/api/web/whatsapp/campaigns',
      body: body('Ressuscitada', gone, one.body.updated_at),
    });
    expect(edit.status).toBe(404);
    expect((await admin({ method: 'DELETE', path: `/api/web/whatsapp/campaigns/${gone}` })).status).toBe(404);
    expect(ids(await list({ archived: 'Y' }))).toEqual([gone]);
    expect(ids(await list())).toEqual([kept]);
  });

  it('lists newest first, searchable and paged, with one Query of the archive and no Scan', async () => {
    const first = await create('Aviso antigo');
    const second = await create('Aviso de sábado');
    await remove(first);
    await remove(second);
    const commands: { name: string; input: string }[] = [];
    const name = `wa-archived-${Math.random()}`;
    documentClient.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push({ name: String(context.commandName), input: JSON.stringify(args.input) });
        return next(args);
      },
      { step: 'initialize', name },
    );
    let archived: Awaited<ReturnType<typeof list>>;
    try {
      archived = await list({ archived: 'Y', q: 'aviso' });
    } finally {
      documentClient.middlewareStack.remove(name);
    }
    expect(ids(archived)).toEqual([second, first]);
    expect(commands.filter((c) => c.name === 'ScanCommand')).toEqual([]);
    expect(
      commands.filter((c) => c.name === 'QueryCommand' && /archivedcampaign/i.test(c.input)),
    ).toHaveLength(1);

    expect(ids(await list({ archived: 'Y', q: 'sábado' }))).toEqual([second]);
    const page2 = await list({ archived: 'Y', q: 'aviso', per_page: 1, page: 2 });
    expect(ids(page2)).toEqual([first]);
    expect(page2.body.pagination.total).toBe(2);
    expect(ids(await list({ q: 'aviso' }))).toEqual([]);
  });

  it('applies the live list’s permission and store scope, and shows another tenant nothing', async () => {
    const gone = await create('Só para consulta');
    await remove(gone);
    const everyDeleted = ids(await list({ archived: 'Y' }));
    expect(everyDeleted).toContain(gone);

    // A user bound to one store: WhatsApp campaigns go to no store (stores []), so they see the
    // same deleted campaigns as the live list shows them every live one.
    const store = (await createStore(t.tenant, 'Loja Centro')).id;
    const bound = await t.userWith([{ action: 'read', subject: 'Campaigns' }], {
      allStores: false,
      storeId: store,
    });
    const scoped = await list({ archived: 'Y' }, as(t, bound.token));
    expect(scoped.status, scoped.text).toBe(200);
    expect(ids(scoped)).toEqual(everyDeleted);
    expect(ids(await list({}, as(t, bound.token)))).toEqual(ids(await list()));
    expect(
      (await as(t, bound.token)({ path: `/api/web/whatsapp/campaigns/${gone}`, query: { archived: 'Y' } }))
        .status,
    ).toBe(200);
    // A read-only user cannot delete (the live list's rule).
    expect(
      (await as(t, bound.token)({ method: 'DELETE', path: `/api/web/whatsapp/campaigns/${gone}` })).status,
    ).toBe(403);

    // Communications only: no WhatsApp campaigns, deleted or not.
    const comms = await t.userWith([{ action: 'read', subject: 'Communications' }]);
    expect((await list({ archived: 'Y' }, as(t, comms.token))).status).toBe(403);
    expect((await list({}, as(t, comms.token))).status).toBe(403);
    expect(
      (await as(t, comms.token)({ path: `/api/web/whatsapp/campaigns/${gone}`, query: { archived: 'Y' } }))
        .status,
    ).toBe(403);
    expect(
      (
        await as(
          t,
          comms.token,
        )({ path: `/api/web/whatsapp/campaigns/${gone}/flow`, query: { archived: 'Y' } })
      ).status,
    ).toBe(403);

    // Another tenant: nothing, even with the same ids.
    const foreign = await list({ archived: 'Y' }, as(other, other.adminToken));
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toEqual([]);
    expect(
      (
        await as(
          other,
          other.adminToken,
        )({ path: `/api/web/whatsapp/campaigns/${gone}`, query: { archived: 'Y' } })
      ).status,
    ).toBe(404);

    // No session: 401.
    expect(
      (
        await call(whatsapp, {
          tenant: t.tenant,
          path: '/api/web/whatsapp/campaigns',
          query: { archived: 'Y' },
        })
      ).status,
    ).toBe(401);
  });
});
