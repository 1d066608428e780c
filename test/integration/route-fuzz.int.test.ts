import { COSTLY_READS_PER_MINUTE } from '@freguesia/functions/segmentation/leads.service';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@freguesia/shared/domain/permissions';
import { domains } from '@freguesia/functions/domains';
import { signToken } from '@freguesia/functions/lib/auth/jwt';
import type { RouteDefinition } from '@freguesia/functions/lib/http/route';
import { handler as customers } from '@freguesia/functions/customers/handler';
import { call, type ApiRequest, type ApiResponse, type DomainHandler } from '../support/api';
import { createTestTenant, type TestTenant } from '../support/tenant';
import { createProduct, createStore, ean13, integrationToken, paulista } from './catalog-fixtures';
import { staffCustomer } from './customers-fixtures';

/**
 * Route fuzz: every route of every registered domain (found through the domain registry, like
 * the authorization matrix, so a route added later is covered without touching this file) gets
 * malformed input from a caller who may call it: no body, empty, `null`, `[]`, scalars, deep
 * nesting, numbers beyond ±2^53 and 1e308, the wrong type and overlong text in each field of its
 * schemas, malformed percent-encodings in its path parameters and query. No answer may be a 5xx;
 * every 4xx carries a Portuguese `message`, and every answer the API security headers.
 */

interface Target {
  domain: string;
  handler: DomainHandler;
  route: RouteDefinition;
}

async function loadTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  for (const domain of domains) {
    const file = (name: string) =>
      new URL(`../../functions/src/${domain.name}/${name}.ts`, import.meta.url).href;
    const [{ routes }, { handler }] = await Promise.all([
      import(/* @vite-ignore */ file('routes')) as Promise<{ routes: RouteDefinition[] }>,
      import(/* @vite-ignore */ file('handler')) as Promise<{ handler: DomainHandler }>,
    ]);
    for (const route of routes) targets.push({ domain: domain.name, handler, route });
  }
  // Integration routes first: a staff route may rotate the integration token.
  return targets.sort(
    (a, b) => Number(b.route.auth === 'integration') - Number(a.route.auth === 'integration'),
  );
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Stands for a number JSON.stringify cannot write as sent: replaced in the raw body text. */
const BEYOND_2_53 = '__beyond_2_53__';
const MALFORMED = '%E0%A4%A';
const LONG = 'x'.repeat(20_000);
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Whole bodies of the wrong shape or content (raw JSON text; undefined = no body). */
const RAW_BODIES: (string | undefined)[] = [
  undefined,
  '',
  'null',
  '[]',
  '{}',
  '"texto"',
  '42',
  'true',
  '1e308',
  '-9007199254740993',
  '{"a":',
  deepArray(5_000),
  deepObject(5_000),
  `[${Array.from({ length: 50 }, () => '1e308').join(',')}]`,
];

/** Numbers each field of a body receives in turn, the other fields keeping plausible values. */
const FIELD_NUMBERS: unknown[] = [1e308, BEYOND_2_53];

/** Values every field of a body receives at once: the wrong type, overlong, malformed, deep. */
const ALL_FIELDS_VALUES: unknown[] = [
  null,
  true,
  -1,
  [],
  {},
  LONG,
  MALFORMED,
  JSON.parse(deepArray(500)) as unknown,
];

/** What each query parameter and path parameter receives in turn. */
const TEXT_VALUES = ['1e308', '-9007199254740993', '', '-1', 'null', LONG.slice(0, 5_000)];

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  values?: unknown[];
  left?: unknown;
  right?: unknown;
}
const defOf = (schema: unknown): Def | undefined =>
  (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** A plausible value for a schema, so that one wrong field is checked while the others pass. */
function sample(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 6) return undefined;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case 'array':
      return [sample(def.element, depth + 1)];
    case 'string':
      return 'Teste';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return sample(def.options?.[0], depth + 1);
    case 'intersection':
      return { ...(sample(def.left, depth + 1) as object), ...(sample(def.right, depth + 1) as object) };
    case 'pipe':
      return defOf(def.in)?.type === 'transform' ? sample(def.out, depth + 1) : sample(def.in, depth + 1);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType, depth + 1);
    default:
      return undefined;
  }
}

/** The top-level field names of an object schema (through wrappers, pipes and intersections). */
function fieldsOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return fieldsOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
  if (def.type === 'intersection') return [...new Set([...fieldsOf(def.left), ...fieldsOf(def.right)])];
  if (def.innerType) return fieldsOf(def.innerType);
  if (def.type === 'array') return fieldsOf(def.element);
  return [];
}

const toRaw = (body: unknown) => JSON.stringify(body).replaceAll(`"${BEYOND_2_53}"`, '-9007199254740993');

/** Valid bodies of routes whose rules a generic sample cannot meet, and nested cases (by `METHOD path`). */
const seeds = new Map<string, { base: unknown; extra?: unknown[] }>();

interface Probe {
  label: string;
  request: Omit<ApiRequest, 'tenant' | 'token' | 'headers'>;
}

/** Every malformed request of a route. */
function probes(route: RouteDefinition): Probe[] {
  const list: Probe[] = [];
  const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const pathWith = (values: Record<string, string>) =>
    route.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
  const path = pathWith({});
  const method = route.method;

  for (const name of params) {
    for (const value of [...TEXT_VALUES, MALFORMED, `1${MALFORMED}`]) {
      list.push({
        label: `path ${name}=${value.slice(0, 30)}`,
        request: { method, path: pathWith({ [name]: value }) },
      });
    }
  }

  list.push({
    label: 'malformed query',
    request: { method, path, query: { q: MALFORMED }, rawQuery: `q=${MALFORMED}` },
  });
  for (const key of fieldsOf(route.query)) {
    list.push({
      label: `query ${key} malformed`,
      request: { method, path, query: { [key]: MALFORMED }, rawQuery: `${key}=${MALFORMED}` },
    });
    for (const value of TEXT_VALUES) {
      list.push({
        label: `query ${key}=${value.slice(0, 30)}`,
        request: { method, path, query: { [key]: value } },
      });
    }
  }

  if (route.body || method === 'POST' || method === 'PUT' || method === 'PATCH') {
    for (const raw of RAW_BODIES) {
      list.push({
        label: `body ${raw === undefined ? '(none)' : JSON.stringify(raw.slice(0, 30))}`,
        request: { method, path, rawBody: raw },
      });
    }
    const seed = seeds.get(`${method} ${route.path}`);
    const base = seed?.base ?? sample(route.body);
    const inList = Array.isArray(base);
    const row = (inList ? base[0] : base) as Record<string, unknown> | undefined;
    const bodyOf = (value: Record<string, unknown>) => toRaw(inList ? [value] : value);
    if (row && typeof row === 'object') {
      const fields = [...new Set([...fieldsOf(route.body), ...Object.keys(row)])];
      list.push({ label: 'body plausible', request: { method, path, rawBody: bodyOf(row) } });
      for (const field of fields) {
        for (const value of FIELD_NUMBERS) {
          list.push({
            label: `body ${field}=${String(value)}`,
            request: { method, path, rawBody: bodyOf({ ...row, [field]: value }) },
          });
        }
      }
      for (const value of ALL_FIELDS_VALUES) {
        const all = Object.fromEntries(fields.map((field) => [field, value]));
        list.push({
          label: `body every field=${JSON.stringify(value).slice(0, 30)}`,
          request: { method, path, rawBody: bodyOf(all) },
        });
      }
    }
    for (const [i, body] of (seed?.extra ?? []).entries()) {
      list.push({
        label: `body extra #${i + 1} ${toRaw(body).slice(0, 80)}`,
        request: { method, path, rawBody: toRaw(body) },
      });
    }
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** Words of zod's and the frameworks' English messages: a Portuguese answer has none of them. */
const ENGLISH =
  /\b(invalid|expected|received|required|must|error|not found|unauthorized|forbidden|internal)\b/i;

function problem(res: ApiResponse): string | undefined {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  if (res.headers['x-content-type-options'] !== 'nosniff')
    return `${res.status} without the security headers`;
  if (res.status >= 400) {
    const message: unknown = (res.body as { message?: unknown } | undefined)?.message;
    if (typeof message !== 'string' || !message.trim())
      return `${res.status} without a message: ${res.text.slice(0, 200)}`;
    if (ENGLISH.test(message)) return `${res.status} with a message not in Portuguese: ${message}`;
  }
  return undefined;
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index]!, index);
      }
    }),
  );
}

const targets = await loadTargets();
const label = (t: Target) => `${t.domain}: ${t.route.method} ${t.route.path}`;
let sent = 0;

describe('route fuzz', () => {
  let t: TestTenant;
  const credentials: Partial<Record<string, { token?: string; headers?: Record<string, string> }>> = {};
  /** The providers' webhook secrets: a hook's body is read only behind its secret. */
  const hookHeaders: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestTenant('fz');
    const staff = await t.userWith(PERMISSIONS.map(({ action, subject }) => ({ action, subject })));
    const created = await call(customers, {
      method: 'POST',
      path: '/api/web/customer/new',
      tenant: t.tenant,
      token: t.adminToken,
      body: staffCustomer(),
    });
    if (created.status !== 200) throw new Error(`customer: ${created.status} ${created.text}`);
    credentials.staff = { token: staff.token };
    credentials.customer = {
      token: await signToken({ sub: String(created.body.id), tnt: t.tenant, typ: 'customer' }),
    };
    credentials.integration = { headers: { 'x-api-key': await integrationToken(t) } };
    credentials['integration-or-staff'] = credentials.integration;

    const store = await createStore(t);
    const product = await createProduct(t);
    const customer = { ...staffCustomer(), id: created.body.id as number };
    const importRow = {
      code: ean13('789100020020'),
      description: 'Feijão Carioca 1kg',
      pack: 1,
      prices: [{ id_store: store, regular_price: 8.5, stock: 3 }],
    };
    const price = (overrides: Record<string, unknown>) => ({
      ...importRow,
      prices: [{ ...importRow.prices[0], ...overrides }],
    });
    // Issue 20 item 26: an e-mail inside the schema's limits but beyond one DynamoDB item, and the
    // providers' webhooks (with their secret, so the body is read) with out-of-range instants.
    const email = (body: number, flow: number) => ({
      description: 'E-mail enorme',
      type: 'EMAIL',
      active: 'N',
      info: {
        layout_title: 'Oferta',
        layout_body: `<p>${'ã'.repeat(body)}</p>`,
        flow: JSON.stringify({ html: 'x'.repeat(flow) }),
        type: 'O',
      },
    });
    seeds.set('POST /api/web/campaign/new', {
      base: email(10, 10),
      extra: [email(250 * 1024, 250 * 1024), email(120 * 1024, 0), email(0, 390 * 1024)],
    });
    // Per-tenant limits of the costly counts: the fuzz is one tenant sending hundreds of probes.
    COSTLY_READS_PER_MINUTE.preview = 1_000_000;
    COSTLY_READS_PER_MINUTE.geoCount = 1_000_000;
    process.env.ZENVIA_WEBHOOK_SECRET ??= 'fuzz-zenvia-secret';
    process.env.ONESIGNAL_WEBHOOK_SECRET ??= 'fuzz-onesignal-secret';
    hookHeaders.zenvia = { 'x-webhook-token': process.env.ZENVIA_WEBHOOK_SECRET };
    hookHeaders.onesignal = { 'x-webhook-token': process.env.ONESIGNAL_WEBHOOK_SECRET };
    const instants = [1e308, -1e308, Number('-9007199254740993'), '+275760-09-13T00:00:00.000Z', 'amanhã'];
    seeds.set('POST /api/hooks/onesignal', {
      base: {
        event: {
          id: 'e',
          kind: 'message.push.received',
          datetime: new Date().toISOString(),
          external_id: 'c1',
        },
        message: { id: 'n-1' },
      },
      extra: instants.map((at) => ({
        event: { id: 'e', kind: 'message.push.clicked', datetime: at, timestamp: at, external_id: 'c1' },
        message: { id: 'n-1' },
      })),
    });
    seeds.set('POST /api/hooks/zenvia', {
      base: {
        type: 'MESSAGE_STATUS',
        timestamp: new Date().toISOString(),
        message: { externalId: `${t.tenant}:1:once:c1` },
      },
      extra: instants.map((at) => ({
        id: 'z',
        type: 'MESSAGE_STATUS',
        timestamp: at,
        channel: 'sms',
        message: { id: 'm', externalId: `${t.tenant}:1:once:c1`, direction: 'OUT' },
        messageStatus: { timestamp: at, code: 'DELIVERED' },
      })),
    });
    seeds.set('POST /api/web/customer/new', { base: staffCustomer() });
    seeds.set('PUT /api/web/customer/update', { base: customer });
    seeds.set('POST /api/web/store/new', { base: paulista });
    seeds.set('POST /api/web/product/new', {
      base: { code: ean13('789100030030'), description: 'Café Torrado 500g', pack: 1 },
    });
    seeds.set('POST /api/web/price/new', {
      base: [{ id_product: product.id, id_store: store, regular_price: 10, stock: 1 }],
    });
    seeds.set('POST /api/integration/products', {
      base: { products: [importRow] },
      // One bad row among good ones: the batch answers for each row, never a 5xx.
      extra: [
        { products: [importRow, price({ stock: BEYOND_2_53 })] },
        { products: [price({ regular_price: 1e308 })] },
        { products: [price({ cust_price: BEYOND_2_53, offer_price: 1e308 })] },
        { products: [{ ...importRow, pack: 1e308 }] },
      ],
    });
    // The checkout calls with vouchers, a customer and (payments) items: each of them malformed in turn.
    const saleItem = { sequence: 1, barcode: '7891000100103', quantity: 1, unit_value: 10, total_value: 10 };
    const sale = {
      session: 'fuzz',
      customer: { document: '529.982.247-25' },
      vouchers: ['NATAL10'],
    };
    const subtotalBody = {
      ...sale,
      basket: { id_store: store, coupon: '1', checkout: '01', items: [saleItem] },
    };
    const paymentBody = {
      ...sale,
      basket: {
        id_store: store,
        payment_method: 1,
        total_value: 10,
        coupon: '1',
        checkout: '01',
        items: [saleItem],
      },
    };
    const wrongVouchers = [
      'NATAL10',
      [null],
      [{}],
      [1e308],
      [BEYOND_2_53],
      [LONG],
      Array.from({ length: 1_000 }, (_, i) => `V${i}`),
      { a: 1 },
    ];
    seeds.set('POST /api/checkout/subtotal', {
      base: subtotalBody,
      extra: wrongVouchers.map((vouchers) => ({ ...subtotalBody, vouchers })),
    });
    seeds.set('POST /api/checkout/discounts/payments', {
      base: paymentBody,
      extra: [
        ...wrongVouchers.map((vouchers) => ({ ...paymentBody, vouchers })),
        { ...paymentBody, customer: { document: LONG } },
        { ...paymentBody, basket: { ...paymentBody.basket, items: [] } },
        { ...paymentBody, basket: { ...paymentBody.basket, items: [{ ...saleItem, total_value: 1e308 }] } },
        { ...paymentBody, basket: { ...paymentBody.basket, total_value: 11 } },
        { ...paymentBody, basket: { ...paymentBody.basket, items: 'x' } },
      ],
    });
    seeds.set('POST /api/web/user/new', {
      base: {
        email: `fuzz@${t.tenant}.test`,
        fullname: 'Pessoa Fuzz',
        shortname: 'Fuzz',
        document: '123.456.789-09',
        password: 'Senha-boa-123',
        password_confirmation: 'Senha-boa-123',
        all_stores: 'Y',
        store_id: null,
        role_id: t.roleIds[1],
      },
    });
  });

  it('covers every registered route', () => {
    expect(targets.length).toBeGreaterThan(50);
    expect(targets.map(label)).toContain('settings: POST /api/web/user/new');
  });

  it.each(targets.map((target) => [label(target), target] as const))(
    '%s answers malformed input without a 5xx',
    async (_, target) => {
      const mode = target.route.auth ?? 'staff';
      const hook = /^\/api\/hooks\/(zenvia|onesignal)$/.exec(target.route.path)?.[1];
      const who = hook ? { headers: hookHeaders[hook] } : (credentials[mode] ?? {});
      const failures: string[] = [];
      await pool(probes(target.route), 8, async (probe) => {
        sent += 1;
        const res = await call(target.handler, {
          ...probe.request,
          tenant: mode === 'none' ? undefined : t.tenant,
          token: who.token,
          headers: who.headers,
          // One address per request, so per-address rate limits do not hide the deeper code.
          sourceIp: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        });
        const found = problem(res);
        if (found) failures.push(`${probe.label} → ${found}`);
      });
      expect(failures).toEqual([]);
    },
  );
});
