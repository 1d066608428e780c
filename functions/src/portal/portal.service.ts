import { normalizeDocument } from '@freguesia/shared/domain/document';
import { LOGIN_THROTTLED_MESSAGE } from '@freguesia/shared/schemas/identity';
import type { CepAnswer } from '@freguesia/shared/schemas/catalog';
import {
  CUSTOMER_MESSAGES,
  parseRequiredFields,
  type PortalCustomer,
  type PortalCustomerRecord,
} from '@freguesia/shared/schemas/customer';
import { findAddressByCep } from '../catalog/lookups.service';
import {
  customerCredentials,
  findCustomerIdByDocument,
  portalCustomerRecord,
  registerPortalCustomer,
  updatePortalCustomer,
} from '../customers/customers.service';
import { signToken } from '../lib/auth/jwt';
import { verifyAgainstDecoy, verifyPassword } from '../lib/auth/password';
import { loginThrottle } from '../lib/auth/throttle';
import type { ServiceContext } from '../lib/context';
import {
  InvalidError,
  conflict,
  forbidden,
  invalid,
  isDomainError,
  rateLimited,
  unauthenticated,
} from '../lib/errors';
import { limit } from '../lib/ratelimit';
import { readSettingValue } from '../settings/settings.service';
import { mergePortalTags, missingRequired, parsePortalTags } from './portal.model';

/**
 * The public self-registration portal (spec part 1 §2 "/cadastro", §7 "Session and portal").
 * Every public call is rate-limited per caller IP and, when it names a document, per
 * document (429 'Muitas tentativas...'). Answers never reveal personal data to anonymous
 * callers: the existence check gives the id only. Customers are read and written through the
 * customers service only.
 */

/**
 * Request ceilings of the public calls. Password guessing on the login is throttled apart
 * (lib/auth/throttle: per document and address, per address, and 100 failures an hour per
 * document), so anybody's failures never refuse a customer's correct password.
 * `existsPerTenantPerMinute` bounds enumeration of the customer base through the existence
 * check from any number of addresses: 300 a minute (5 a second, sustained) is far above what a
 * retailer's portal sees even on a campaign day, and turns a sweep of the CPF space into years.
 */
export const PORTAL_LIMITS = {
  ipPerMinute: 30,
  documentPerMinute: 10,
  registrationsPerIpPerHour: 60,
  existsPerTenantPerMinute: 300,
};
/** Customer sessions last 4 hours. */
const CUSTOMER_TOKEN_TTL = 4 * 3600;

const NO_PASSWORD =
  'Seu cadastro ainda não tem senha. Procure uma de nossas lojas para cadastrar a sua senha.';
const INACTIVE = 'Seu cadastro está inativo. Procure uma de nossas lojas.';

const ipOf = (ctx: ServiceContext): string => ctx.sourceIp ?? 'unknown';

async function limitIp(ctx: ServiceContext, endpoint: string): Promise<void> {
  await limit(ctx.tenant, `portal:${endpoint}:ip:${ipOf(ctx)}`, PORTAL_LIMITS.ipPerMinute, 60);
}

async function limitDocument(ctx: ServiceContext, endpoint: string, document: string): Promise<void> {
  await limit(ctx.tenant, `portal:${endpoint}:doc:${document}`, PORTAL_LIMITS.documentPerMinute, 60);
}

/** The settings that shape the portal: the required optional fields and the interest tags offered. */
async function portalRules(ctx: ServiceContext) {
  const [required, tags] = await Promise.all([
    readSettingValue(ctx, 'portal_fields_require'),
    readSettingValue(ctx, 'portal_tags'),
  ]);
  return { required: parseRequiredFields(required), tags: parsePortalTags(tags) };
}

/** The portal's postal-code lookup: the staff one, public and rate-limited per IP. */
export async function portalAddressByCep(ctx: ServiceContext, cep: string): Promise<CepAnswer> {
  await limitIp(ctx, 'cep');
  return findAddressByCep(ctx, cep);
}

/** The id of the customer holding a typed document, or undefined (also for an invalid document). */
export async function portalCustomerExists(ctx: ServiceContext, typed: string): Promise<number | undefined> {
  await limitIp(ctx, 'exists');
  await limit(ctx.tenant, 'portal:exists:tenant', PORTAL_LIMITS.existsPerTenantPerMinute, 60);
  const document = normalizeDocument(typed);
  if (!document) return undefined;
  await limitDocument(ctx, 'exists', document);
  return findCustomerIdByDocument(ctx, document);
}

/**
 * Self-registration. The spec names a "customer bearer", but a new visitor has none: the call
 * is public, rate-limited per IP (60/hour) and per document. The settings' required fields,
 * a password and the program's agreement are mandatory; only offered interests are kept.
 */
export async function registerFromPortal(
  ctx: ServiceContext,
  input: PortalCustomer,
): Promise<{ id: number }> {
  await limitIp(ctx, 'register');
  await limit(
    ctx.tenant,
    `portal:register-hour:ip:${ipOf(ctx)}`,
    PORTAL_LIMITS.registrationsPerIpPerHour,
    3600,
  );
  await limitDocument(ctx, 'register', input.document);
  const rules = await portalRules(ctx);
  const errors = missingRequired(input, rules.required);
  if (!input.password) errors.password = 'Digite a sua senha.';
  if (input.agreement !== 'Y') errors.agreement = 'É necessário aceitar o regulamento do programa.';
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  try {
    return await registerPortalCustomer(
      ctx,
      { ...input, tags: mergePortalTags(input.tags, rules.tags) },
      input.password!,
    );
  } catch (error) {
    // Tell the visitor to sign in instead, without revealing the existing record's id.
    if (isDomainError(error) && error.kind === 'conflict') throw conflict(CUSTOMER_MESSAGES.portalDuplicate);
    throw error;
  }
}

export interface PortalLogin {
  document: string;
  password?: string;
}

/**
 * `{id, token}` for a customer session; an unknown document answers `{id: '0', token: null}`
 * (the spec's answer, kept). Attempts go through the login throttle (README "Login
 * throttling"), and every answer about a valid document costs one Argon2id verification —
 * against a decoy hash when the document is unknown or has no password — so the answer time
 * does not tell registered documents from the others.
 */
export async function loginFromPortal(
  ctx: ServiceContext,
  input: PortalLogin,
): Promise<{ id: number | '0'; token: string | null }> {
  await limitIp(ctx, 'login');
  const document = normalizeDocument(input.document);
  if (!document) return { id: '0', token: null };
  if (!input.password) throw invalid('Informe sua senha para realizar o acesso.');
  const [attempt, customer] = await Promise.all([
    loginThrottle(ctx.tenant, 'customer').begin(document, ipOf(ctx)),
    customerCredentials(ctx, document),
  ]);
  if (!attempt.allowed) throw rateLimited(LOGIN_THROTTLED_MESSAGE, attempt.retryAfter);
  const valid = customer?.passwordHash
    ? await verifyPassword(input.password, customer.passwordHash)
    : await verifyAgainstDecoy(input.password);
  if (!valid) {
    await attempt.failed();
    if (!customer) return { id: '0', token: null };
    throw unauthenticated(customer.passwordHash ? CUSTOMER_MESSAGES.wrongPassword : NO_PASSWORD);
  }
  await attempt.succeeded();
  if (customer!.active !== 'Y') throw forbidden(INACTIVE);
  const token = await signToken(
    { sub: String(customer!.id), tnt: ctx.tenant, typ: 'customer' },
    CUSTOMER_TOKEN_TTL,
  );
  return { id: customer!.id, token };
}

/** The signed-in customer of the context (a customer token), or a 401 for anyone else. */
function signedInCustomer(ctx: ServiceContext): number {
  if (ctx.actor.kind !== 'customer') throw unauthenticated();
  return ctx.actor.customerId;
}

/** The signed-in customer's own record (no password, no staff-only fields). */
export async function portalMe(ctx: ServiceContext): Promise<PortalCustomerRecord> {
  const record = await portalCustomerRecord(ctx, signedInCustomer(ctx));
  if (!record) throw unauthenticated();
  return record;
}

/**
 * Updates only the signed-in customer (an `id` naming someone else is forbidden); the
 * document cannot change here and the password is optional. Staff tags the portal does not
 * offer are kept.
 */
export async function updateFromPortal(
  ctx: ServiceContext,
  input: PortalCustomer & { id?: number },
): Promise<{ id: number }> {
  const customerId = signedInCustomer(ctx);
  await limitIp(ctx, 'update');
  if (input.id !== undefined && input.id !== customerId) throw forbidden();
  const { id: _id, ...payload } = input;
  const updated = await updatePortalCustomer(ctx, customerId, async (current) => {
    if (payload.document !== current.document) {
      throw new InvalidError({ document: 'O CPF não pode ser alterado. Procure uma de nossas lojas.' });
    }
    const rules = await portalRules(ctx);
    const errors = missingRequired(payload, rules.required);
    if (Object.keys(errors).length > 0) throw new InvalidError(errors);
    return { ...payload, tags: mergePortalTags(payload.tags, rules.tags, current.tags) };
  });
  if (!updated) throw unauthenticated();
  return updated;
}

/** Interest tags offered by the portal (the `portal_tags` setting), rate-limited per IP. */
export async function portalTags(ctx: ServiceContext): Promise<string[]> {
  await limitIp(ctx, 'tags');
  return (await portalRules(ctx)).tags;
}
