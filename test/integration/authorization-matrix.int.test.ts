import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Ability } from '@freguesia/shared/domain/permissions';
import { domains } from '@freguesia/functions/domains';
import type { RouteDefinition } from '@freguesia/functions/lib/http/route';
import { call, type DomainHandler } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';

/**
 * Every staff route of every registered domain, found through the domain registry, so a
 * domain added later is covered without touching this file:
 * - a user holding every permission except the route's own gets 403;
 * - a valid administrator token of another tenant gets 401.
 * Path parameters are '1' and the body is empty: both answers must come before validation.
 */
interface Case {
  domain: string;
  handler: DomainHandler;
  route: RouteDefinition;
  path: string;
}

const loaded: string[] = [];

async function loadCases(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const domain of domains) {
    const file = (name: string) => new URL(`../../functions/src/${domain.name}/${name}.ts`, import.meta.url).href;
    const [{ routes }, { handler }] = await Promise.all([
      import(/* @vite-ignore */ file('routes')) as Promise<{ routes: RouteDefinition[] }>,
      import(/* @vite-ignore */ file('handler')) as Promise<{ handler: DomainHandler }>,
    ]);
    loaded.push(domain.name);
    for (const route of routes) {
      if ((route.auth ?? 'staff') !== 'staff') continue;
      cases.push({ domain: domain.name, handler, route, path: route.path.replace(/\{[^}]+\}/g, '1') });
    }
  }
  return cases;
}

const cases = await loadCases();
const guarded = cases.filter((c) => c.route.permission);
const label = (c: Case) => `${c.domain}: ${c.route.method} ${c.route.path}`;
const withBody = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe('authorization matrix', () => {
  let home: TestTenant;
  let elsewhere: TestTenant;
  const allBut = new Map<string, Promise<{ token: string }>>();

  /** A user of `home` holding every permission but `missing` (one per permission, reused). */
  function userWithout(missing: Ability): Promise<{ token: string }> {
    const id = `${missing.action}:${missing.subject}`;
    let user = allBut.get(id);
    if (!user) {
      const abilities = PERMISSIONS.filter((p) => p.action !== missing.action || p.subject !== missing.subject).map(
        ({ action, subject }) => ({ action, subject }),
      );
      user = home.userWith(abilities);
      allBut.set(id, user);
    }
    return user;
  }

  beforeAll(async () => {
    [home, elsewhere] = await Promise.all([createTestTenant('mx'), createTestTenant('mx')]);
  });

  it('finds the staff routes of every registered domain', () => {
    expect(loaded).toEqual(domains.map((d) => d.name));
    expect(guarded.map(label)).toContain('settings: POST /api/web/user/new');
    expect(guarded.map(label)).toContain('auth: GET /api/web/permissions');
  });

  it.each(guarded.map((c) => [label(c), c] as const))('%s → 403 without its permission', async (_, c) => {
    const user = await userWithout(c.route.permission!);
    const res = await call(c.handler, {
      method: c.route.method,
      path: c.path,
      tenant: home.tenant,
      token: user.token,
      body: withBody(c.route.method),
    });
    expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(403);
  });

  it.each(cases.map((c) => [label(c), c] as const))('%s → 401 with another tenant’s admin token', async (_, c) => {
    const res = await call(c.handler, {
      method: c.route.method,
      path: c.path,
      tenant: home.tenant,
      token: elsewhere.adminToken,
      body: withBody(c.route.method),
    });
    expect(res.status, `${label(c)} answered ${res.status}: ${res.text}`).toBe(401);
  });
});
