import { localDay } from '@freguesia/shared/domain/dates';
import { isLeadExpired, leadExpiredMessage } from '@freguesia/shared/domain/segmentation';
import type { ServiceContext } from '../lib/context';
import { invalid } from '../lib/errors';
import { leadValidityRepository } from './lead-validity.repository';

/**
 * What an expired lead means everywhere (shared/domain/segmentation.ts `isLeadExpired`): for other
 * domains (the checkout, sends, campaign saves) and for the `LD` conditions of the population
 * engine. Light on purpose: the point of sale's checkout bundles it.
 */

/** The leads among `ids` whose 'Válido até' has passed (today in America/Sao_Paulo). A lead that no longer exists counts as expired. */
export async function expiredLeads(ctx: ServiceContext, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const today = localDay(ctx.now());
  const found = await leadValidityRepository(ctx.tenant).get(wanted);
  const usable = new Set(found.filter((l) => !isLeadExpired(l, today)).map((l) => l.id));
  return new Set(wanted.filter((id) => !usable.has(id)));
}

/** Refuses a save (a campaign, a send) that names an expired lead, with the field's message. */
export async function assertLeadUsable(ctx: ServiceContext, id: number | null | undefined): Promise<void> {
  if (!id) return;
  const [lead] = await leadValidityRepository(ctx.tenant).get([id]);
  if (lead && isLeadExpired(lead, localDay(ctx.now())))
    throw invalid({ id_lead: leadExpiredMessage(lead.description, lead.valid_until!) });
}

/** The leads among `ids` that have a 'Válido até' (they expire some day): the daily pass recomputes the leads that name them. */
export async function leadsWithValidity(ctx: ServiceContext, ids: readonly number[]): Promise<Set<number>> {
  const found = await leadValidityRepository(ctx.tenant).get(ids);
  return new Set(found.filter((l) => l.always_valid === 'N').map((l) => l.id));
}
