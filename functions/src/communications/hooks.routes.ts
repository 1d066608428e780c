import * as z from 'zod';
import { route } from '../lib/http/route';
import type { Provider } from './provider-events.model';
import { acceptProviderEvent } from './provider-events.service';
import { UNSUBSCRIBE_PATH, unsubscribe } from './unsubscribe.service';

/** The header the operator sets on the Zenvia subscription and the OneSignal event stream. */
export const WEBHOOK_TOKEN_HEADER = 'x-webhook-token';

/**
 * The providers' delivery reports (functions/README.md, "Communications"): public, bound to no
 * tenant (one subscription per provider account serves every tenant; the event names its send),
 * authenticated by the shared secret in {@link WEBHOOK_TOKEN_HEADER}. Small bodies only.
 */
const hook = (provider: Provider) =>
  route({
    method: 'POST',
    path: `/api/hooks/${provider}`,
    auth: 'none',
    body: z.unknown(),
    maxBodyBytes: 64 * 1024,
    handler: ({ service, event, body }) =>
      acceptProviderEvent(service, provider, { token: event.headers?.[WEBHOOK_TOKEN_HEADER], body }),
  });

/**
 * The unsubscribe link's call (unsubscribe.service.ts): public on the tenant's host, the signed token
 * in the query; the body is the page's `{}` or the mailbox provider's one-click form
 * (`List-Unsubscribe=One-Click`), read by nobody.
 */
const unsubscribeRoute = route({
  method: 'POST',
  path: UNSUBSCRIBE_PATH,
  auth: 'public',
  query: z.object({ t: z.string().max(600).optional() }),
  body: z.unknown(),
  maxBodyBytes: 4 * 1024,
  handler: ({ service, query }) => unsubscribe(service, query.t),
});

export const hookRoutes = [hook('zenvia'), hook('onesignal'), unsubscribeRoute];
