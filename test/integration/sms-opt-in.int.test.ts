import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerForm } from '@freguesia/shared/schemas/customer';
import { handler as communications } from '@freguesia/functions/communications/handler';
import { sendingRepository } from '@freguesia/functions/communications/sending.repository';
import { rememberSmsRecipient } from '@freguesia/functions/communications/sms-replies.service';
import { createCustomer, customerDetails } from '@freguesia/functions/customers/customers.service';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { randomCpf, staffCustomer } from './customers-fixtures';

/**
 * Issue 20 item 11, the way back: an SMS reply with an opt-in keyword ('VOLTAR', 'Aceito', …) opts
 * the number back in where an opt-out reply opted it out — through the real Zenvia webhook, as
 * Zenvia posts an inbound MESSAGE — with the consent event on the customer's timeline, once per
 * provider message, never for a number no tenant wrote to and never over another suppression.
 */

const SECRET = 'zenvia-opt-in-secret';

/** A mobile number no other test uses (the number → tenant map is not per tenant). */
const randomMobile = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('SMS opt-in replies', () => {
  let t: TestTenant;
  let other: TestTenant;
  const previous = process.env.ZENVIA_WEBHOOK_SECRET;

  /** Posts Zenvia's inbound MESSAGE (the same `id` when the provider redelivers it). */
  const reply = async (from: string, text: string, id: string = randomUUID()) => {
    const res = await call(communications, {
      method: 'POST',
      path: '/api/hooks/zenvia',
      headers: { 'x-webhook-token': SECRET },
      body: {
        id: randomUUID(),
        timestamp: new Date().toISOString(),
        type: 'MESSAGE',
        channel: 'sms',
        direction: 'IN',
        message: {
          id,
          from: `55${from}`,
          to: 'freguesia',
          direction: 'IN',
          channel: 'sms',
          contents: [{ type: 'text', text }],
        },
      },
    });
    expect(res.status, res.text).toBe(200);
    return id;
  };
  const customerWith = async (tenant: TestTenant, cellphone: string, extra: Record<string, unknown> = {}) =>
    (
      await createCustomer(
        staffContext(tenant),
        CustomerForm.parse(
          staffCustomer({
            document: randomCpf(),
            fullname: 'CLIENTE DE VOLTA',
            cellphone,
            telephone: '',
            contacts: [],
            ...extra,
          }),
        ),
      )
    ).id;
  const smsConsent = async (tenant: TestTenant, id: number) => {
    const details = await customerDetails(staffContext(tenant), id);
    return {
      optout: details.cellphone_optout,
      events: details.events
        .filter((e) => e.type === 'consent' && e.consent?.field === 'cellphone_optout')
        .map((e) => `${e.consent?.from}→${e.consent?.to}: ${e.description}`),
    };
  };

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('optin'), createTestTenant('optin')]);
    process.env.ZENVIA_WEBHOOK_SECRET = SECRET;
  });

  afterAll(() => {
    if (previous === undefined) delete process.env.ZENVIA_WEBHOOK_SECRET;
    else process.env.ZENVIA_WEBHOOK_SECRET = previous;
  });

  it("opts a customer back in on 'VOLTAR' after 'SAIR', with the consent event, once per provider message", async () => {
    const phone = randomMobile();
    const id = await customerWith(t, phone);
    await rememberSmsRecipient(t.tenant, phone, new Date());
    const out = await reply(phone, 'Sair');
    expect((await smsConsent(t, id)).optout).toBe('Y');

    const back = await reply(phone, ' voltar! ');
    let now = await smsConsent(t, id);
    expect(now.optout).toBe('N');
    expect(now.events).toContain('Y→N: Autoriza comunicações por SMS (opt-in)');
    const events = now.events.length;

    // Zenvia retries both webhooks (the same message ids), the stale 'SAIR' last: nothing changes.
    await reply(phone, ' voltar! ', back);
    await reply(phone, 'Sair', out);
    now = await smsConsent(t, id);
    expect(now.optout).toBe('N');
    expect(now.events).toHaveLength(events);

    // Every keyword of the documented list, accents and case aside, opts in.
    for (const keyword of ['Aceito', 'QUERO', 'start', 'Sim, quero', 'Voltár']) {
      await reply(phone, 'PARAR');
      expect((await smsConsent(t, id)).optout).toBe('Y');
      await reply(phone, keyword);
      expect((await smsConsent(t, id)).optout, keyword).toBe('N');
    }
    // A sentence that merely contains a keyword is no keyword.
    await reply(phone, 'SAIR');
    await reply(phone, 'quero voltar amanhã');
    expect((await smsConsent(t, id)).optout).toBe('Y');
  });

  it('changes nothing for a number no tenant sent to lately, nor in a tenant that never sent to it', async () => {
    const phone = randomMobile();
    const here = await customerWith(t, phone, { cellphone_optout: 'Y' });
    const there = await customerWith(other, phone, { cellphone_optout: 'Y' });
    await reply(phone, 'VOLTAR');
    expect((await smsConsent(t, here)).optout).toBe('Y');
    expect((await smsConsent(other, there)).optout).toBe('Y');
    // Only the tenant that sent to it hears the reply.
    await rememberSmsRecipient(t.tenant, phone, new Date());
    await reply(phone, 'VOLTAR');
    expect((await smsConsent(t, here)).optout).toBe('N');
    expect((await smsConsent(other, there)).optout).toBe('Y');
  });

  it("lifts a typed number's opt-out suppression, never a suppression for another reason", async () => {
    const typed = randomMobile();
    const blocked = randomMobile();
    await rememberSmsRecipient(t.tenant, typed, new Date());
    await rememberSmsRecipient(t.tenant, blocked, new Date());
    const repo = sendingRepository(t.tenant);
    await reply(typed, 'SAIR');
    expect(await repo.suppressed('SMS', [typed])).toEqual(new Set([typed]));
    // A number suppressed for another reason (a block, a complaint) stays suppressed.
    await repo.suppress('SMS', blocked, 'blocked', new Date().toISOString());

    await reply(typed, 'Voltar');
    await reply(blocked, 'Voltar');
    expect(await repo.suppressed('SMS', [typed, blocked])).toEqual(new Set([blocked]));
  });

  it('keeps a customer deactivated by staff inactive: an opt-in sets only the SMS consent', async () => {
    const phone = randomMobile();
    const id = await customerWith(t, phone, { cellphone_optout: 'Y', active: 'N' });
    await rememberSmsRecipient(t.tenant, phone, new Date());
    await reply(phone, 'VOLTAR');
    const details = await customerDetails(staffContext(t), id);
    expect(details.cellphone_optout).toBe('N');
    expect(details.active).toBe('N');
  });
});
