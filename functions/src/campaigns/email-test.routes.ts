import { EmailTest } from '@freguesia/shared/schemas/communication-tests';
import { sendTestEmail } from '../communications/communication-campaigns.service';
import { route } from '../lib/http/route';

/**
 * The e-mail editor's 'Enviar teste' (spec part 3 §7: POST /web/communications/email/test), kept by
 * the communications domain (communication-campaigns.service.ts) and served here, beside the saves of
 * e-mail campaigns: it sanitises the HTML as a save does, and this is the function that carries
 * sanitize-html. The communications function (the sending calls, the providers' webhooks) stays light.
 */
export const emailTestRoutes = [
  route({
    method: 'POST',
    path: '/api/web/communications/email/test',
    permission: { action: 'write', subject: 'Communications' },
    body: EmailTest,
    maxBodyBytes: 1024 * 1024,
    handler: ({ service, body }) => sendTestEmail(service, body),
  }),
];
