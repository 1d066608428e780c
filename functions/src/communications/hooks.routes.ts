import * as z from 'zod';
import { route } from '../lib/http/route';
import type { Provider } from './provider-events.model';
import { acceptProviderEvent } from './provider-events.service';

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

export const hookRoutes = [hook('zenvia'), hook('onesignal')];
