import { beforeAll, describe, expect, it } from 'vitest';
import { portalFormToPayload } from '@freguesia/shared/schemas/customer';
import { handler as portal } from '@freguesia/functions/portal/handler';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { settingsRepository } from '@freguesia/functions/settings/settings.repository';
import { call } from '../support/api';
import { useStandIns } from '../support/stand-ins';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { portalForm as form, randomCpf, staffCustomer } from './customers-fixtures';

let ipSeq = 0;
/** A fresh caller address per test, so the per-IP limits of one test do not leak into another. */
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

describe('public customer portal', () => {
  let t: TestTenant;
  let other: TestTenant;
  const req = (r: Parameters<typeof call>[1], ip = freshIp()) =>
    call(portal, { tenant: t.tenant, sourceIp: ip, ...r });
  const register = (payload: unknown, ip?: string) =>
    req({ method: 'POST', path: '/api/customer/public/new', body: payload }, ip);
  const login = (document: string, password?: string, ip?: string) =>
    req({ path: '/api/customer/login', query: { document, password } }, ip);

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('ptl'), createTestTenant('ptl')]);
    await settingsRepository(t.tenant).upsert('portal_tags', 'Vinhos, Cervejas, Queijos', t.adminId);
  });

  it('registers a visitor, who can then sign in, read and update their record', async () => {
    const payload = portalFormToPayload(form());
    const created = await register(payload);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      message: 'Seu cadastro foi realizado com sucesso !',
    });

    const exists = await req({ path: '/api/customer/exists', query: { document: payload.document } });
    expect(exists.body).toEqual({ id: created.body.id });

    const session = await login(payload.document, 'minhaSenha1');
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ id: created.body.id, token: expect.any(String) });

    const me = await req({ path: '/api/customer/me', token: session.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: created.body.id,
      document: payload.document,
      type: 'F',
      fullname: 'PAULA TAVARES',
      gender: 'F',
      date_birth: '1990-12-24',
      cellphone: '11977776666',
      email: 'paula@example.com',
      zipcode: '01310100',
      state: 'SP',
      id_state: 0,
      id_city: '3550308',
      city: 'SÃO PAULO',
      neighborhood: 'Bela Vista',
      address: 'Avenida Paulista',
      number: '200',
      complement: 'ap 3',
      // Only interests the portal offers are kept.
      tags: ['Vinhos'],
      channel: 'Landing Page',
      active: 'Y',
      gdpr_agreement: 'Y',
      agreement: 'Y',
      cellphone_optout: 'N',
      whatsapp_optout: 'N',
      email_optout: 'Y',
      app_optout: 'N',
    });

    const update = await req({
      method: 'PUT',
      path: '/api/customer/update',
      token: session.body.token,
      body: {
        ...portalFormToPayload(
          form(payload.document, {
            fullname: 'Paula Tavares Lima',
            allow_email: true,
            allow_sms: false,
            tags: ['Cervejas'],
            password: '',
            password_confirmation: '',
          }),
        ),
        id: created.body.id,
      },
    });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({
      id: created.body.id,
      message: 'Seu cadastro foi atualizado com sucesso !',
    });
    const after = (await req({ path: '/api/customer/me', token: session.body.token })).body;
    expect(after).toMatchObject({
      fullname: 'PAULA TAVARES LIMA',
      email_optout: 'N',
      cellphone_optout: 'Y',
      tags: ['Cervejas'],
    });
    // The password was left empty: the old one still works.
    expect((await login(payload.document, 'minhaSenha1')).status).toBe(200);

    // Staff see the portal's changes and consents in the timeline, with the portal as channel.
    const details = (
      await call(customers, {
        tenant: t.tenant,
        token: t.adminToken,
        path: `/api/web/customer/${created.body.id}`,
      })
    ).body;
    expect(details.channel).toBe('Landing Page');
    const types = details.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['created', 'portal_update', 'consent']));
    const emailConsents = details.events.filter(
      (e: { consent: { field: string } | null }) => e.consent?.field === 'email_optout',
    );
    expect(emailConsents.map((e: { consent: unknown; channel: string }) => [e.consent, e.channel])).toEqual([
      [{ field: 'email_optout', from: 'Y', to: 'N' }, 'Landing Page'],
      [{ field: 'email_optout', from: null, to: 'Y' }, 'Landing Page'],
    ]);
    expect(details.events.find((e: { type: string }) => e.type === 'portal_update').fields).toEqual(
      expect.arrayContaining(['fullname', 'cellphone_optout', 'email_optout', 'tags']),
    );

    // A new password replaces the old one.
    await req({
      method: 'PUT',
      path: '/api/customer/update',
      token: session.body.token,
      body: portalFormToPayload(
        form(payload.document, { password: 'outraSenha2', password_confirmation: 'outraSenha2' }),
      ),
    });
    expect((await login(payload.document, 'minhaSenha1')).status).toBe(401);
    expect((await login(payload.document, 'outraSenha2')).status).toBe(200);
    const posted = await req({
      method: 'POST',
      path: '/api/customer/login',
      body: { document: payload.document, password: 'outraSenha2' },
    });
    expect(posted.body).toEqual({ id: created.body.id, token: expect.any(String) });
  });

  it('reveals nothing but the id and answers empty text for unknown documents', async () => {
    const unknown = await req({ path: '/api/customer/exists', query: { document: randomCpf() } });
    expect(unknown.status).toBe(200);
    expect(unknown.text).toBe('');
    expect((await req({ path: '/api/customer/exists', query: { document: '123' } })).text).toBe('');
    const payload = portalFormToPayload(form());
    const { body } = await register(payload);
    const known = await req({ path: '/api/customer/exists', query: { document: payload.document } });
    expect(known.body).toEqual({ id: body.id });
    expect(Object.keys(known.body)).toEqual(['id']);
  });

  it('validates the registration: required fields, agreement, passwords and the settings list', async () => {
    const empty = await register({});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      document: 'Digite o seu CPF.',
      fullname: 'Digite o seu nome.',
    });
    const noPassword = await register(
      portalFormToPayload(form(randomCpf(), { password: '', password_confirmation: '', agreement: false })),
    );
    expect(noPassword.body.errors).toEqual({
      password: 'Digite a sua senha.',
      agreement: 'É necessário aceitar o regulamento do programa.',
    });
    const differ = await register(portalFormToPayload(form(randomCpf(), { password_confirmation: 'outra' })));
    expect(differ.body.message).toBe('As senhas não conferem, verifique e tente novamente !');
    expect((await register(portalFormToPayload(form('123.456.789-00')))).body.message).toBe(
      'Documento Invalido, verifique novamente.',
    );

    const strict = await createTestTenant('ptl');
    await settingsRepository(strict.tenant).upsert(
      'portal_fields_require',
      'email,cellphone,tags,communications,number',
      strict.adminId,
    );
    const res = await call(portal, {
      tenant: strict.tenant,
      method: 'POST',
      path: '/api/customer/public/new',
      body: portalFormToPayload(
        form(randomCpf(), {
          email: '',
          cellphone: '',
          number: '',
          tags: [],
          allow_app: false,
          allow_email: false,
          allow_sms: false,
          allow_whatsapp: false,
        }),
      ),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: 'Preencha o campo obrigatório: E-mail',
      cellphone: 'Preencha o campo obrigatório: Celular',
      tags: 'Preencha o campo obrigatório: Interesses',
      communications: 'Preencha o campo obrigatório: Comunicações',
      number: 'Preencha o campo obrigatório: Número',
    });
  });

  it('sends a known document to sign in instead, without revealing the record', async () => {
    const payload = portalFormToPayload(form());
    await register(payload);
    const again = await register({ ...payload, fullname: 'Outra Pessoa' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: 'Encontrei um cadastro para o CPF informado. Deseja realizar o acesso?',
    });
  });

  it("answers the spec's login outcomes", async () => {
    expect((await login(randomCpf(), 'qualquer')).body).toEqual({ id: '0', token: null });
    const payload = portalFormToPayload(form());
    await register(payload);
    const wrong = await login(payload.document, 'errada');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Senha incorreta. Verifique e tente novamente.' });
    const missing = await login(payload.document);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Informe sua senha para realizar o acesso.');
    // Registered by staff or at the checkout without a password: no portal access yet.
    const pdv = staffCustomer();
    await call(customers, {
      method: 'POST',
      tenant: t.tenant,
      token: t.adminToken,
      path: '/api/web/customer/new',
      body: pdv,
    });
    const noPassword = await login(pdv.document, 'tentativa');
    expect(noPassword.status).toBe(401);
    expect(noPassword.body.message).toMatch(/ainda não tem senha/);
  });

  it('lets a customer token reach only its own record, and only on its tenant', async () => {
    const p1 = portalFormToPayload(form());
    const p2 = portalFormToPayload(form());
    const id1 = (await register(p1)).body.id;
    const id2 = (await register(p2)).body.id;
    const token1 = (await login(p1.document, 'minhaSenha1')).body.token;

    expect((await req({ path: '/api/customer/me', token: token1 })).body.id).toBe(id1);
    const hijack = await req({
      method: 'PUT',
      path: '/api/customer/update',
      token: token1,
      body: { ...p2, id: id2 },
    });
    expect(hijack.status).toBe(403);
    const swapDoc = await req({
      method: 'PUT',
      path: '/api/customer/update',
      token: token1,
      body: { ...p2 },
    });
    expect(swapDoc.status).toBe(400);
    expect(swapDoc.body.errors.document).toMatch(/não pode ser alterado/);
    expect(
      (await call(customers, { tenant: t.tenant, token: t.adminToken, path: `/api/web/customer/${id2}` }))
        .body.fullname,
    ).toBe('PAULA TAVARES');

    // Not a staff token, not usable elsewhere, not usable on another tenant.
    expect(
      (await call(customers, { tenant: t.tenant, token: token1, path: `/api/web/customer/${id1}` })).status,
    ).toBe(401);
    expect((await req({ path: '/api/customer/me', token: t.adminToken })).status).toBe(401);
    expect((await req({ path: '/api/customer/me' })).status).toBe(401);
    expect(
      (await call(portal, { tenant: other.tenant, path: '/api/customer/me', token: token1 })).status,
    ).toBe(401);
    // Another tenant does not know the document.
    expect(
      (
        await call(portal, {
          tenant: other.tenant,
          path: '/api/customer/exists',
          query: { document: p1.document },
        })
      ).text,
    ).toBe('');
    expect(
      (
        await call(portal, {
          tenant: other.tenant,
          path: '/api/customer/login',
          query: { document: p1.document, password: 'minhaSenha1' },
        })
      ).body,
    ).toEqual({
      id: '0',
      token: null,
    });
  });

  it('offers the interest tags from the portal settings', async () => {
    expect((await req({ path: '/api/web/tags/public' })).body).toEqual([
      { description: 'Vinhos' },
      { description: 'Cervejas' },
      { description: 'Queijos' },
    ]);
    expect((await req({ path: '/api/tags' })).body).toEqual({
      data: { data: [{ description: 'Vinhos' }, { description: 'Cervejas' }, { description: 'Queijos' }] },
    });
    expect((await call(portal, { tenant: other.tenant, path: '/api/web/tags/public' })).body).toEqual([]);
  });

  it('rate-limits per caller address and per document', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await req({ path: '/api/customer/exists', query: { document: randomCpf() } }, ip)).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const blocked = await req({ path: '/api/customer/exists', query: { document: randomCpf() } }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // One document guessed from one address: 5 failures lock that pair (portal-login.int.test.ts
    // covers the other addresses, the address and the per-document ceiling).
    const document = randomCpf();
    const guesser = freshIp();
    const perPair: number[] = [];
    for (let i = 0; i < 6; i++) perPair.push((await login(document, 'chute', guesser)).status);
    expect(perPair).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('portal postal-code lookup', () => {
  it('answers the address publicly through the stand-in and refuses short CEPs', async () => {
    const standIns = await useStandIns();
    try {
      const { tenant } = await createTestTenant();
      const found = await call(portal, { path: '/api/customer/cep/01310100', tenant, sourceIp: '10.9.9.1' });
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ address: 'Avenida Paulista', city: 'São Paulo', state: 'SP' });
      const short = await call(portal, { path: '/api/customer/cep/0131', tenant, sourceIp: '10.9.9.1' });
      expect(short).toMatchObject({ status: 400, body: { message: 'Endereço não encontrado!' } });
    } finally {
      await standIns.close();
    }
  });
});
