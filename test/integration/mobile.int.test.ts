import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MobileDashboard, MOBILE_MESSAGES } from '@freguesia/shared/schemas/mobile';
import { addDays, localDay } from '@freguesia/shared/domain/dates';
import type { LeadCondition } from '@freguesia/shared/segmentation/conditions';
import { handler as mobile } from '@freguesia/functions/mobile/handler';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { handler as dashboard } from '@freguesia/functions/dashboard/handler';
import { handler as catalog } from '@freguesia/functions/catalog/handler';
import { recordAppEvents } from '@freguesia/functions/mobile/mobile.service';
import { previewLead } from '@freguesia/functions/segmentation/leads.service';
import { signToken } from '@freguesia/functions/lib/auth/jwt';
import { RATE_LIMIT_MESSAGE } from '@freguesia/functions/lib/ratelimit';
import { call } from '../support/api';
import { createTestTenant, staffContext, type TestTenant } from '../support/tenant';
import { staffCustomer } from './customers-fixtures';

/**
 * The mobile app admin (functions/src/mobile; spec part 3 §2, §3 'Mobile', §7): the events the
 * customer's app posts (customer token, idempotent per event id, rate-limited), the dashboard from
 * the counters they keep, the segmentation's app conditions fed by them, and the app fields of a
 * category (catalog's PUT /web/category/update).
 */
describe('mobile app', () => {
  let t: TestTenant;
  let other: TestTenant;
  const token: Record<'ana' | 'bia' | 'caio', string> = {} as never;
  const ids: Record<'ana' | 'bia' | 'caio', number> = {} as never;
  const DAY = 86_400_000;

  const newCustomer = async (tt: TestTenant) => {
    const created = await call(customers, {
      method: 'POST',
      path: '/api/web/customer/new',
      tenant: tt.tenant,
      token: tt.adminToken,
      body: staffCustomer(),
    });
    if (created.status !== 200) throw new Error(`customer: ${created.status} ${created.text}`);
    return created.body.id as number;
  };
  const post = (customerToken: string | undefined, body: unknown, tenant = t.tenant) =>
    call(mobile, { method: 'POST', path: '/api/app/events', tenant, token: customerToken, body });
  const event = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    type: 'open',
    platform: 'android',
    ...overrides,
  });
  const board = async (query: Record<string, string | number> = {}, staffToken = t.adminToken) =>
    call(mobile, {
      method: 'GET',
      path: '/api/web/dashboard/mobile',
      tenant: t.tenant,
      token: staffToken,
      query,
    });

  beforeAll(async () => {
    [t, other] = await Promise.all([createTestTenant('mob'), createTestTenant('mob')]);
    for (const name of ['ana', 'bia', 'caio'] as const) {
      ids[name] = await newCustomer(t);
      token[name] = await signToken({ sub: String(ids[name]), tnt: t.tenant, typ: 'customer' });
    }
  });
  afterAll(() => undefined);

  it('accepts events only from a customer signed in on this tenant', async () => {
    const body = { events: [event()] };
    expect((await post(undefined, body)).status).toBe(401);
    // A staff session is not the app.
    expect((await post(t.adminToken, body)).status).toBe(401);
    // A customer of another tenant.
    const stranger = await signToken({
      sub: String(await newCustomer(other)),
      tnt: other.tenant,
      typ: 'customer',
    });
    expect((await post(stranger, body)).status).toBe(401);
    const empty = await board();
    expect(empty.body.total_customers.qty).toBe(0);
  });

  it('refuses malformed events with a Portuguese message and counts nothing', async () => {
    const tooMany = await post(token.caio, { events: Array.from({ length: 51 }, () => event()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain(MOBILE_MESSAGES.events);
    const badPlatform = await post(token.caio, { events: [event({ platform: 'windows' })] });
    expect(badPlatform.status).toBe(400);
    expect(badPlatform.text).toContain(MOBILE_MESSAGES.platform);
    const old = await post(token.caio, {
      events: [event({ at: new Date(Date.now() - 40 * DAY).toISOString() })],
    });
    expect(old.status).toBe(400);
    expect(old.text).toContain(MOBILE_MESSAGES.atWindow);
    const noPushId = await post(token.caio, { events: [event({ type: 'push_registered' })] });
    expect(noPushId.status).toBe(400);
    expect(noPushId.text).toContain(MOBILE_MESSAGES.pushId);
    expect((await board()).body.total_customers.qty).toBe(0);
  });

  it('counts app customers, platforms, push ids and daily use once, whatever the resends', async () => {
    const today = localDay();
    const yesterday = new Date(Date.now() - DAY).toISOString();
    const anaEvents = [
      event({ at: yesterday }),
      event(),
      event(),
      event({ type: 'push_registered', push_id: 'onesignal-ana' }),
    ];
    const first = await post(token.ana, { events: anaEvents });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ accepted: 4, duplicates: 0 });
    // The app resends the same batch (a lost answer): nothing counts twice.
    const again = await post(token.ana, { events: anaEvents });
    expect(again.body).toEqual({ accepted: 0, duplicates: 4 });
    // Bia uses both platforms today, no push id; a same-id pair in one request is one event.
    const twin = event({ platform: 'ios' });
    const bia = await post(token.bia, { events: [twin, twin, event({ platform: 'android' })] });
    expect(bia.body).toEqual({ accepted: 2, duplicates: 1 });

    const res = await board({ days: 7 });
    expect(res.status).toBe(200);
    const info = MobileDashboard.parse(res.body);
    expect(info.total_customers.qty).toBe(2);
    expect(info.reachable_customers.qty).toBe(1);
    expect(info.android_customers.qty).toBe(2);
    expect(info.ios_customers.qty).toBe(1);
    expect(info.perHour.series).toHaveLength(7);
    expect(info.perHour.series.at(-1)).toBe(today);
    expect(info.perHour.series[0]).toBe(addDays(today, -6));
    // Today: Ana and Bia on Android, Bia on iOS; yesterday Ana alone (distinct customers, not opens).
    expect(info.perHour.androidCustomers.at(-1)).toBe(2);
    expect(info.perHour.iosCustomers.at(-1)).toBe(1);
    expect(info.perHour.androidCustomers.at(-2)).toBe(1);
    expect(info.perHour.androidCustomers.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('answers the dashboard with read Mobile only, days within 1–180', async () => {
    const reader = await t.userWith([{ action: 'read', subject: 'Mobile' }]);
    const outsider = await t.userWith([{ action: 'read', subject: 'Dashboard' }]);
    expect((await board({}, reader.token)).status).toBe(200);
    expect((await board({}, outsider.token)).status).toBe(403);
    expect((await board({}, other.adminToken)).status).toBe(401);
    const tooLong = await board({ days: 181 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(MOBILE_MESSAGES.days);
    expect((await board()).body.perHour.series).toHaveLength(30);
    // The shop's own dashboard keeps its path (the longest prefix sends /mobile here).
    expect(
      (
        await call(dashboard, {
          method: 'GET',
          path: '/api/web/dashboard',
          tenant: t.tenant,
          token: t.adminToken,
        })
      ).status,
    ).toBe(200);
    // Another tenant sees none of these figures.
    const theirs = await call(mobile, {
      method: 'GET',
      path: '/api/web/dashboard/mobile',
      tenant: other.tenant,
      token: other.adminToken,
    });
    expect(theirs.body.total_customers.qty).toBe(0);
  });

  it('makes the segmentation app conditions match the customers who used the app', async () => {
    const population = async (value: string) =>
      (await previewLead(staffContext(t), [{ key: 'QA', option: 'app', value } as LeadCondition])).population;
    expect(await population('used')).toBe(2);
    expect(await population('used_30')).toBe(2);
    expect(await population('android')).toBe(2);
    expect(await population('ios')).toBe(1);
    expect(await population('push')).toBe(1);
    expect(await population('idle_30')).toBe(0);
    // Caio's phone sends an open it queued offline 20 days ago: used within the last 30 days.
    const past = new Date(Date.now() - 20 * DAY);
    await recordAppEvents(
      { ...staffContext(t), actor: { kind: 'customer', customerId: ids.caio } },
      {
        events: [{ id: randomUUID(), type: 'open', platform: 'ios', at: past.toISOString() }],
      },
    );
    expect(await population('used_30')).toBe(3);
    expect(await population('ios')).toBe(2);
    expect(await population('used_7')).toBe(2);
  });

  it('limits the events a customer posts per minute', async () => {
    const repeat = { events: [event()] };
    let last = 0;
    let message = '';
    for (let i = 0; i < 32 && last !== 429; i++) {
      const res = await post(token.caio, repeat);
      last = res.status;
      message = res.body?.message ?? '';
    }
    expect(last).toBe(429);
    expect(message).toBe(RATE_LIMIT_MESSAGE);
  });

  it('saves the app fields of a category (Alterando categoria do App)', async () => {
    const created = await call(catalog, {
      method: 'POST',
      path: '/api/web/category/new',
      tenant: t.tenant,
      token: t.adminToken,
      body: { description: 'Bebidas', reference_code: 'BEB', active: 'Y', show_app: 'Y', level_up: 0 },
    });
    expect(created.status).toBe(200);
    const update = await call(catalog, {
      method: 'PUT',
      path: '/api/web/category/update',
      tenant: t.tenant,
      token: t.adminToken,
      body: {
        id: created.body.id,
        app_description: 'Bebidas geladas',
        show_app: 'N',
        icon: '0xf0fc',
        ordenation: 2,
      },
    });
    expect(update.status).toBe(200);
    const list = await call(catalog, {
      method: 'GET',
      path: '/api/web/categories',
      tenant: t.tenant,
      token: t.adminToken,
      query: { page: 1, per_page: 5000 },
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        reference_code: 'BEB',
        app_description: 'Bebidas geladas',
        show_app: 'N',
        icon: '0xf0fc',
        ordenation: 2,
      }),
    ]);
    const bad = await call(catalog, {
      method: 'PUT',
      path: '/api/web/category/update',
      tenant: t.tenant,
      token: t.adminToken,
      body: { id: created.body.id, ordenation: 'primeiro' },
    });
    expect(bad.status).toBe(400);
  });
});
