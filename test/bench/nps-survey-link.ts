import { localDateTime } from '@freguesia/shared/domain/dates';
import { cpfFromBase } from '@freguesia/shared/domain/document';

/**
 * A real survey link of a running local runtime (for the Lighthouse bench): the NPS settings
 * saved, a customer, a POS purchase, then the survey e-mail read back from the local outbox — the
 * same path a customer's link takes (test/e2e/nps.e2e.test.ts drives it in a browser).
 */
export async function surveyLinkOf(base: string): Promise<string> {
  const api = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const login = await fetch(`${base}/api/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@freguesia.dev', password: 'freguesia' }),
  });
  const { token } = (await login.json()) as { token: string };
  const stamp = Date.now().toString(36);
  const subject = `Pesquisa ${stamp}`;
  await api('PUT', '/web/settings/nps', token, {
    active: true,
    interval_days: 30,
    mail_active: true,
    push_active: false,
    sms_active: false,
    stores_id: [],
    layout_mail_subject: subject,
    layout_mail_body: '<p>Olá {{primeiro_nome}}!</p><p><a href="{{link}}">Responder a pesquisa</a></p>',
    layout_lp_body:
      '<h1 style="font-size:22px">Como foi sua compra?</h1><p>Sua opinião ajuda a melhorar nossas lojas.</p>',
    layout_mail_editor: '',
    layout_lp_editor: '',
    layout_push_title: '',
    layout_push_body: '',
    layout_sms_body: '',
  });
  const document = cpfFromBase(String(100_000_000 + (Date.now() % 899_999_999)));
  await api('POST', '/web/customer/new', token, {
    type: 'F',
    document,
    fullname: 'Cliente Lighthouse',
    gender: 'F',
    email: `lh.${stamp}@exemplo.com.br`,
    // The customer form requires the address (the registration rules of the staff form).
    zipcode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    state: 'SP',
    city: 'SÃO PAULO',
    id_city: '3550308',
    email_optout: 'N',
    cellphone_optout: 'N',
    whatsapp_optout: 'N',
    app_optout: 'N',
    tags: [],
    contacts: [],
  });
  await api('POST', '/integration/baskets', 'frg_local_demo_integration', {
    id_store: 1,
    checkout: '97',
    coupon: `lh${stamp}`,
    date: localDateTime(new Date(Date.now() - 60_000)),
    document,
    amount: 10,
    discount: 0,
    origin: 'PDV',
    items: [
      {
        code: '7891000100103',
        description: 'ITEM',
        quantity: 1,
        unit_value: 10,
        total_value: 10,
        discount: 0,
      },
    ],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const list = await (await fetch(`${base}/_local/outbox`)).text();
    const id = new RegExp(`href="/_local/outbox/([^"]+)">${subject}<`).exec(list)?.[1];
    if (id) {
      const raw = await (await fetch(`${base}/_local/outbox/${id}/raw`)).text();
      const u = /[?&]u=([^"&]+)/.exec(raw)?.[1];
      if (u) return decodeURIComponent(u);
    }
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error('the survey e-mail did not reach the local outbox in 180 s');
}
