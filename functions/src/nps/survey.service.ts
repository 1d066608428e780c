import { localDay } from '@freguesia/shared/domain/dates';
import { SURVEY_MESSAGES } from '@freguesia/shared/domain/nps';
import type { SurveySubmit } from '@freguesia/shared/schemas/nps';
import type { ServiceContext } from '../lib/context';
import { conflict, forbidden, unauthenticated } from '../lib/errors';
import { limit } from '../lib/ratelimit';
import { npsRepository } from './nps.repository';
import { SURVEY_LINK_DAYS, surveyToken, verifySurveyHash, verifySurveyToken } from './survey-link.service';

/**
 * The public survey page's calls (spec part 3 §7 'Public survey calls'; the `survey` function):
 * the link's signed hash buys a short-lived token bound to that survey and customer; the token
 * reads the layout and submits the one answer. Kept apart from the settings (which sanitise
 * HTML) so this function stays light: the layout it answers was sanitised when saved.
 */

/** Requests per minute and address on each public call. */
export const SURVEY_RATE_PER_MINUTE = 60;

const DAY_MS = 86_400_000;

async function throttle(ctx: ServiceContext, call: string): Promise<void> {
  await limit(ctx.tenant, `nps:${call}:${ctx.sourceIp ?? 'unknown'}`, SURVEY_RATE_PER_MINUTE, 60);
}

const bearer = (authorization: string | undefined): string => {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1] ?? '';
};

/** The hash as the page sends it (possibly still percent-encoded); '' when it cannot be decoded. */
const hashOf = (authorization: string | undefined): string => {
  try {
    return decodeURIComponent(bearer(authorization));
  } catch {
    return '';
  }
};

/** GET /internalservices/login/url-token?id_customer (bearer: the link's hash) → {token}. */
export async function issueSurveyToken(
  ctx: ServiceContext,
  authorization: string | undefined,
  idCustomer: number | undefined,
): Promise<{ token: string }> {
  await throttle(ctx, 'token');
  const ids = await verifySurveyHash(ctx.tenant, hashOf(authorization));
  if (!ids || (idCustomer !== undefined && idCustomer !== ids.customer))
    throw unauthenticated(SURVEY_MESSAGES.invalidLink);
  const survey = await npsRepository(ctx.tenant).survey(ids.survey);
  if (!survey || survey.customer !== ids.customer) throw unauthenticated(SURVEY_MESSAGES.invalidLink);
  if (ctx.now().getTime() - Date.parse(survey.created_at) > SURVEY_LINK_DAYS * DAY_MS)
    throw unauthenticated(SURVEY_MESSAGES.invalidLink);
  if (survey.answered_at) throw conflict(SURVEY_MESSAGES.alreadyAnswered);
  return { token: await surveyToken(ctx.tenant, ids.customer, ids.survey) };
}

async function tokenIds(ctx: ServiceContext, authorization: string | undefined) {
  const ids = await verifySurveyToken(ctx.tenant, bearer(authorization));
  if (!ids) throw unauthenticated(SURVEY_MESSAGES.invalidLink);
  return ids;
}

/** GET /nps/layout (bearer: the survey token) → {html}: the landing page, sanitised when saved. */
export async function surveyLayout(
  ctx: ServiceContext,
  authorization: string | undefined,
): Promise<{ html: string }> {
  await throttle(ctx, 'layout');
  await tokenIds(ctx, authorization);
  const settings = await npsRepository(ctx.tenant).settings();
  return { html: settings?.layout_lp_body ?? '' };
}

/**
 * POST /nps/submit (bearer: the survey token): the survey's one answer. The body's survey and
 * customer must be the token's; a second answer is refused politely (409).
 */
export async function submitSurvey(
  ctx: ServiceContext,
  authorization: string | undefined,
  input: SurveySubmit,
): Promise<{ id: number; message: string }> {
  await throttle(ctx, 'submit');
  const ids = await tokenIds(ctx, authorization);
  if (input.id !== ids.survey || input.id_customer !== ids.customer)
    throw forbidden(SURVEY_MESSAGES.invalidLink);
  const repo = npsRepository(ctx.tenant);
  const survey = await repo.survey(ids.survey);
  if (!survey || survey.customer !== ids.customer) throw unauthenticated(SURVEY_MESSAGES.invalidLink);
  if (survey.answered_at) throw conflict(SURVEY_MESSAGES.alreadyAnswered);
  const now = ctx.now();
  const saved = await repo.saveAnswer({
    survey: survey.id,
    customer: survey.customer,
    score: input.score,
    ...(input.observation.trim() ? { observation: input.observation.trim() } : {}),
    origin: survey.sent?.length ? survey.sent.join('/') : 'EMAIL',
    // The server's clock, not the page's: answered_at / answered_date of the body are informative.
    answered_at: now.toISOString(),
    answered_date: localDay(now),
  });
  if (!saved) throw conflict(SURVEY_MESSAGES.alreadyAnswered);
  return { id: survey.id, message: SURVEY_MESSAGES.thanks };
}
