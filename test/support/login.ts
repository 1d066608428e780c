import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl } from './browser';

/** Staff credentials for a tenant (`tenant` defaults to 'demo'). */
export interface Credentials {
  email: string;
  password: string;
  tenant?: string;
}

/** The seeded administrator of every tenant created by the local runtime. */
export const adminCredentials: Readonly<Required<Credentials>> = Object.freeze({
  email: 'admin@freguesia.dev',
  password: 'freguesia',
  tenant: 'demo',
});

/**
 * Logs in through the real login page of the tenant and waits until the browser has left
 * /login (the app reloads to '/dashboard', or '/' without read Dashboard, after a successful login). Throws when the login fails.
 *
 * Both `loginAs(page, {email, password, tenant})` and `loginAs(page, email, password, tenant)`
 * are accepted.
 */
export async function loginAs(page: Page, credentials: Credentials): Promise<void>;
export async function loginAs(page: Page, email: string, password: string, tenant?: string): Promise<void>;
export async function loginAs(
  page: Page,
  credentialsOrEmail: Credentials | string,
  password?: string,
  tenant?: string,
): Promise<void> {
  const credentials: Credentials =
    typeof credentialsOrEmail === 'string'
      ? { email: credentialsOrEmail, password: password ?? '', tenant }
      : credentialsOrEmail;
  const base = baseUrl(credentials.tenant ?? 'demo');
  await page.goto(`${base}/login`);
  await page.fill('[data-testid=login-email]', credentials.email);
  await page.fill('[data-testid=login-password]', credentials.password);
  await page.click('[data-testid=login-submit]');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/** The login answer of `POST /api/web/login` (spec part 1 §7). */
export interface ApiLoginAnswer {
  token: string;
  ability: { action: string; subject: string }[];
  shortname: string;
  fullname?: string;
}

/**
 * `fetch` against the local runtime's API for a tenant. Node cannot resolve `demo.localhost`
 * (browsers map *.localhost to loopback, getaddrinfo does not), so the call goes to 127.0.0.1
 * with the tenant's host in `x-forwarded-host`, as CloudFront forwards it.
 */
function apiFetch(
  tenant: string,
  path: string,
  init: RequestInit & { headers?: Record<string, string> },
): Promise<Response> {
  const port = inject('runtimePort');
  return fetch(`http://127.0.0.1:${port}/api${path.startsWith('/') ? path : `/${path}`}`, {
    ...init,
    headers: { ...init.headers, 'x-forwarded-host': `${tenant}.localhost:${port}` },
  });
}

/** Logs in against the real API (no browser) and returns the answer; throws on failure. */
export async function apiLogin(credentials: Credentials = adminCredentials): Promise<ApiLoginAnswer> {
  const res = await apiFetch(credentials.tenant ?? 'demo', '/web/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  const body = (await res.json().catch(() => undefined)) as ApiLoginAnswer | undefined;
  if (!res.ok || !body?.token)
    throw new Error(`login of ${credentials.email} failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Calls the real API of a tenant with a staff token (`/api` + path) and returns status and
 * parsed body — for arranging data (roles, users, …) before driving the browser.
 */
export async function apiCall<T = unknown>(
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  tenant = 'demo',
): Promise<{ status: number; body: T }> {
  const res = await apiFetch(tenant, path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // non-JSON answer stays text
  }
  return { status: res.status, body: parsed as T };
}
