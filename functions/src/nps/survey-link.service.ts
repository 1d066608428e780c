import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { parseSurveyHash, toBase62 } from '@freguesia/shared/domain/nps';
import { getJwtSecret } from '../lib/auth/secret';

/**
 * The survey link's hash and the short-lived token of the public survey page. The hash is the
 * spec's `customer;survey` (base 62) plus an HMAC-SHA256 of both and the tenant, keyed by a key
 * derived from the platform's secret: a link cannot be forged, altered (another customer or
 * survey) or moved to another tenant. Expiry and "answered once" are the survey's own record
 * (survey.service.ts), so an old or answered link is refused even with a good signature.
 */

/** Days a survey link stays valid after it was sent. */
export const SURVEY_LINK_DAYS = 30;
/** Seconds the page's token lives (time to read the page and answer). */
export const SURVEY_TOKEN_SECONDS = 30 * 60;

let derived: Buffer | undefined;
async function linkKey(): Promise<Buffer> {
  derived ??= createHmac('sha256', await getJwtSecret())
    .update('freguesia:nps-link:v1')
    .digest();
  return derived;
}

/** Test hook: forget the derived key (tests switch secrets). */
export function resetSurveyLinkKey(): void {
  derived = undefined;
}

const sign = async (tenant: string, payload: string): Promise<string> =>
  createHmac('sha256', await linkKey())
    .update(`${tenant}:${payload}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');

/** The hash of a survey's link: `customer;survey;signature`. */
export async function surveyHash(tenant: string, customer: number, survey: number): Promise<string> {
  const payload = `${toBase62(customer)};${toBase62(survey)}`;
  return `${payload};${await sign(tenant, payload)}`;
}

/** The ids a hash carries when its signature holds for this tenant; undefined otherwise. */
export async function verifySurveyHash(
  tenant: string,
  hash: string,
): Promise<{ customer: number; survey: number } | undefined> {
  const parsed = parseSurveyHash(hash);
  if (!parsed) return undefined;
  const expected = Buffer.from(await sign(tenant, parsed.payload));
  const given = Buffer.from(parsed.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { customer: parsed.customer, survey: parsed.survey };
}

const ISSUER = 'freguesia';
const TYPE = 'nps';

/** A token for one survey of one customer (the page's bearer for layout and submit). */
export async function surveyToken(tenant: string, customer: number, survey: number): Promise<string> {
  return new SignJWT({ typ: TYPE, tnt: tenant, svy: survey })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(customer))
    .setIssuer(ISSUER)
    .setAudience(`${tenant}:nps`)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + SURVEY_TOKEN_SECONDS)
    .sign(await getJwtSecret());
}

/** The survey and customer a token is for, or undefined (bad, expired, another tenant). */
export async function verifySurveyToken(
  tenant: string,
  token: string,
): Promise<{ customer: number; survey: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, await getJwtSecret(), {
      issuer: ISSUER,
      audience: `${tenant}:nps`,
      algorithms: ['HS256'],
    });
    const customer = Number(payload.sub);
    if (payload.typ !== TYPE || payload.tnt !== tenant || typeof payload.svy !== 'number') return undefined;
    if (!Number.isSafeInteger(customer) || customer <= 0) return undefined;
    return { customer, survey: payload.svy };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
}

/** The public address of the tenant's site (`SITE_URL_TEMPLATE`, `{tenant}` replaced). */
export function siteUrl(tenant: string): string {
  const template = process.env.SITE_URL_TEMPLATE || 'https://{tenant}.freguesia.app';
  return template.replace('{tenant}', tenant).replace(/\/$/, '');
}

/** The survey's full link. */
export async function surveyLink(tenant: string, customer: number, survey: number): Promise<string> {
  return `${siteUrl(tenant)}/nps?hash=${encodeURIComponent(await surveyHash(tenant, customer, survey))}`;
}
