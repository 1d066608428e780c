import * as z from 'zod';
import { SurveySubmit } from '@freguesia/shared/schemas/nps';
import { route } from '../lib/http/route';
import { issueSurveyToken, submitSurvey, surveyLayout } from '../nps/survey.service';

/**
 * The public survey page's calls (spec part 3 §7 'Public survey calls'), in a function of their
 * own: logged out, rate-limited, and light (no HTML sanitiser: the NPS settings sanitise on save).
 */
export const routes = [
  route({
    method: 'GET',
    path: '/api/internalservices/login/url-token',
    auth: 'public',
    query: z.object({ id_customer: z.coerce.number().int().positive().optional() }),
    handler: async ({ service, event, query }) =>
      issueSurveyToken(service, event.headers.authorization, query.id_customer),
  }),
  route({
    method: 'GET',
    path: '/api/nps/layout',
    auth: 'public',
    handler: async ({ service, event }) => surveyLayout(service, event.headers.authorization),
  }),
  route({
    method: 'POST',
    path: '/api/nps/submit',
    auth: 'public',
    body: SurveySubmit,
    maxBodyBytes: 16 * 1024,
    handler: async ({ service, event, body }) => submitSurvey(service, event.headers.authorization, body),
  }),
];
