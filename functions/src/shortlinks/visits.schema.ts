import * as z from 'zod';

export { VISITS_QUEUE } from './redirect-key.model';

/**
 * One counted visit, sent by the redirect (`redirect.ts`) and counted by `visits.consumer.ts`.
 * `visit` is unique per visit: a redelivered message is counted once.
 */
export const ShortLinkVisit = z.object({
  tenant: z.string().min(1).max(40),
  slug: z.string().min(1).max(64),
  id: z.number().int().min(1),
  visit: z.string().min(8).max(64),
  /** When the visit happened (ISO): its business day in America/Sao_Paulo is counted. */
  at: z.iso.datetime(),
});
export type ShortLinkVisit = z.output<typeof ShortLinkVisit>;
