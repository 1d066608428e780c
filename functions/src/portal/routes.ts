import { z } from 'zod';
import { normalizeDocument } from '@freguesia/shared/domain/document';
import { CUSTOMER_MESSAGES, PortalCustomer, parseRequiredFields } from '@freguesia/shared/schemas/customer';
import { signToken } from '../lib/auth/jwt';
import { hashPassword, verifyPassword } from '../lib/auth/password';
import { DomainError, InvalidError, conflict, forbidden, invalid, unauthenticated } from '../lib/errors';
import { json, text } from '../lib/http/response';
import { route } from '../lib/http/route';
import { limit } from '../lib/ratelimit';
import { customersRepository, type Actor } from '../customers/repository';
import { profileFromPortal, toPortalRecord } from '../customers/service';
import { readSettingValue } from '../settings/settings.service';
import { findAddressByCep } from '../catalog/lookups.service';
import { mergePortalTags, missingRequired, parsePortalTags } from './service';

/**
 * The public self-registration portal (spec part 1 §2 "/cadastro", §7 "Session and portal").
 * Every public call is rate-limited per caller IP and, when it names a document, per
 * document (429 'Muitas tentativas...'). Answers never reveal personal data to anonymous
 * callers: the existence check gives the id only.
 */

const PORTAL: Actor = { channel: 'Landing Page' };
/** Requests per minute per IP and endpoint, and per document. */
export const PORTAL_LIMITS = { ipPerMinute: 30, documentPerMinute: 10, registrationsPerIpPerHour: 60, loginsPerDocumentPer15Min: 20 };
/** Customer sessions last 4 hours. */
const CUSTOMER_TOKEN_TTL = 4 * 3600;

const NO_PASSWORD = 'Seu cadastro ainda não tem senha. Procure uma de nossas lojas para cadastrar a sua senha.';
const INACTIVE = 'Seu cadastro está inativo. Procure uma de nossas lojas.';

async function limitIp(tenant: string, endpoint: string, ip: string): Promise<void> {
  await limit(tenant, `portal:${endpoint}:ip:${ip}`, PORTAL_LIMITS.ipPerMinute, 60);
}

async function limitDocument(tenant: string, endpoint: string, document: string): Promise<void> {
  await limit(tenant, `portal:${endpoint}:doc:${document}`, PORTAL_LIMITS.documentPerMinute, 60);
}

const documentQuery = z.object({
  document: z.string({ error: 'Informe o CPF.' }).trim().min(1, 'Informe o CPF.').max(30, 'Documento inválido.'),
});

async function portalRules(tenant: string) {
  const ctx = { tenant, actor: { kind: 'public' }, now: () => new Date() } as const;
  const [required, tags] = await Promise.all([readSettingValue(ctx, 'portal_fields_require'), readSettingValue(ctx, 'portal_tags')]);
  return { required: parseRequiredFields(required), tags: parsePortalTags(tags) };
}

const loginInput = documentQuery.extend({ password: z.string().max(200).optional(), token: z.string().optional() });

async function portalLogin(tenant: string, input: z.output<typeof loginInput>, sourceIp: string) {
  await limitIp(tenant, 'login', sourceIp);
  const document = normalizeDocument(input.document);
  if (!document) return { id: '0', token: null };
  await limitDocument(tenant, 'login', document);
  await limit(tenant, `portal:login-15min:doc:${document}`, PORTAL_LIMITS.loginsPerDocumentPer15Min, 900);
  if (!input.password) throw invalid('Informe sua senha para realizar o acesso.');
  const repo = customersRepository(tenant);
  const id = await repo.idByDocument(document);
  const customer = id ? await repo.get(id) : null;
  if (!customer) return { id: '0', token: null };
  if (!customer.passwordHash) throw unauthenticated(NO_PASSWORD);
  if (!(await verifyPassword(input.password, customer.passwordHash))) throw unauthenticated(CUSTOMER_MESSAGES.wrongPassword);
  if (customer.active !== 'Y') throw forbidden(INACTIVE);
  const token = await signToken({ sub: String(customer.id), tnt: tenant, typ: 'customer' }, CUSTOMER_TOKEN_TTL);
  return { id: customer.id, token };
}

export const routes = [
  /** The portal's postal-code lookup: the staff one, public and rate-limited per IP. */
  route({
    method: 'GET',
    path: '/api/customer/cep/{cep}',
    auth: 'public',
    params: z.object({ cep: z.string().max(20) }),
    handler: async ({ service, tenant, params, sourceIp }) => {
      await limitIp(tenant.id, 'cep', sourceIp);
      return findAddressByCep(service, params.cep);
    },
  }),
  /** Empty text (200) when unknown, otherwise `{id}` only. */
  route({
    method: 'GET',
    path: '/api/customer/exists',
    auth: 'public',
    query: documentQuery,
    handler: async ({ tenant, query, sourceIp }) => {
      await limitIp(tenant.id, 'exists', sourceIp);
      const document = normalizeDocument(query.document);
      if (!document) return text(200, '');
      await limitDocument(tenant.id, 'exists', document);
      const id = await customersRepository(tenant.id).idByDocument(document);
      return id ? { id } : text(200, '');
    },
  }),
  /**
   * Self-registration. The spec names a "customer bearer", but a new visitor has none:
   * the call is public, rate-limited per IP (60/hour) and per document.
   */
  route({
    method: 'POST',
    path: '/api/customer/public/new',
    auth: 'public',
    body: PortalCustomer,
    handler: async ({ tenant, body, sourceIp }) => {
      await limitIp(tenant.id, 'register', sourceIp);
      await limit(tenant.id, `portal:register-hour:ip:${sourceIp}`, PORTAL_LIMITS.registrationsPerIpPerHour, 3600);
      await limitDocument(tenant.id, 'register', body.document);
      const rules = await portalRules(tenant.id);
      const errors = missingRequired(body, rules.required);
      if (!body.password) errors.password = 'Digite a sua senha.';
      if (body.agreement !== 'Y') errors.agreement = 'É necessário aceitar o regulamento do programa.';
      if (Object.keys(errors).length > 0) throw new InvalidError(errors);
      const profile = profileFromPortal({ ...body, tags: mergePortalTags(body.tags, rules.tags) });
      try {
        const created = await customersRepository(tenant.id).create(profile, { actor: PORTAL, passwordHash: await hashPassword(body.password!) });
        return { id: created.id, message: CUSTOMER_MESSAGES.portalCreated };
      } catch (error) {
        // Tell the visitor to sign in instead, without revealing the existing record's id.
        if (error instanceof DomainError && error.kind === 'conflict') throw conflict(CUSTOMER_MESSAGES.portalDuplicate);
        throw error;
      }
    },
  }),
  /**
   * `{id, token}`; an unknown document answers `{id: '0', token: null}`. The spec sends the
   * password in the query string; POST with a JSON body is accepted too and is preferable
   * (query strings end up in access logs).
   */
  route({
    method: 'GET',
    path: '/api/customer/login',
    auth: 'public',
    query: loginInput,
    handler: async ({ tenant, query, sourceIp }) => portalLogin(tenant.id, query, sourceIp),
  }),
  route({
    method: 'POST',
    path: '/api/customer/login',
    auth: 'public',
    body: loginInput,
    handler: async ({ tenant, body, sourceIp }) => portalLogin(tenant.id, body, sourceIp),
  }),
  /** The signed-in customer's own record (no password, no staff-only fields). */
  route({
    method: 'GET',
    path: '/api/customer/me',
    auth: 'customer',
    handler: async ({ tenant, principal }) => {
      const customer = await customersRepository(tenant.id).get(principal.customerId);
      if (!customer) throw unauthenticated();
      return toPortalRecord(customer);
    },
  }),
  /** Updates only the token's own customer; the password is optional here. */
  route({
    method: 'PUT',
    path: '/api/customer/update',
    auth: 'customer',
    body: z.intersection(z.object({ id: z.coerce.number().int().optional().catch(undefined) }), PortalCustomer),
    handler: async ({ tenant, principal, body, sourceIp }) => {
      await limitIp(tenant.id, 'update', sourceIp);
      if (body.id !== undefined && body.id !== principal.customerId) throw forbidden();
      const repo = customersRepository(tenant.id);
      const current = await repo.get(principal.customerId);
      if (!current) throw unauthenticated();
      if (body.document !== current.document) {
        throw new InvalidError({ document: 'O CPF não pode ser alterado. Procure uma de nossas lojas.' });
      }
      const rules = await portalRules(tenant.id);
      const errors = missingRequired(body, rules.required);
      if (Object.keys(errors).length > 0) throw new InvalidError(errors);
      const profile = profileFromPortal({ ...body, tags: mergePortalTags(body.tags, rules.tags, current.tags) }, current);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await repo.update(current, profile, { actor: PORTAL, passwordHash, eventType: 'portal_update' });
      return json(200, { id: current.id, message: CUSTOMER_MESSAGES.portalUpdated });
    },
  }),
  /** Interest tags offered by the portal: [{description}] from the `portal_tags` setting. */
  route({
    method: 'GET',
    path: '/api/web/tags/public',
    auth: 'public',
    handler: async ({ tenant, sourceIp }) => {
      await limitIp(tenant.id, 'tags', sourceIp);
      return (await portalRules(tenant.id)).tags.map((description) => ({ description }));
    },
  }),
  /** The same list in the shape the portal reads after login (`data.data`). */
  route({
    method: 'GET',
    path: '/api/tags',
    auth: 'public',
    handler: async ({ tenant, sourceIp }) => {
      await limitIp(tenant.id, 'tags', sourceIp);
      return { data: { data: (await portalRules(tenant.id)).tags.map((description) => ({ description })) } };
    },
  }),
];
