import { LEAD_MESSAGES, TAG_MESSAGES } from '@freguesia/shared/domain/segmentation';
import type { ServiceContext } from '../lib/context';
import { notFound } from '../lib/errors';
import { leadsRepository } from './leads.repository';
import { tagsRepository } from './tags.repository';

/**
 * What the export routes ask of segmentation before queueing a job: the columns of the lead and
 * tag exports and whether the record exists. Apart from the lead and tag services so the exports
 * function, which only checks its targets, does not bundle the lead back office, the member
 * engine and the customers' write paths; the rows come from `leadExportPage` / `tagExportPage`
 * in the exports consumer.
 */

/** The columns of the lead export (a semicolon CSV, written by the exports domain). */
export const LEAD_EXPORT_COLUMNS = [
  'id',
  'fullname',
  'document',
  'email',
  'cellphone',
  'city',
  'state',
] as const;

/** The tag export's columns (spec part 1 §3 'Tag'), as its header row. */
export const TAG_EXPORT_COLUMNS = [
  'id',
  'tag',
  'fullname',
  'document',
  'date_birth',
  'gender',
  'city',
  'email',
  'email_optout',
  'cellphone',
  'cellphone_optout',
  'channel',
] as const;

/** An export of the lead's members may start (the lead exists): its title and file name. */
export async function leadExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  const lead = await leadsRepository(ctx.tenant).get(id);
  if (!lead) throw notFound(LEAD_MESSAGES.notFound);
  return { title: `Lead ${lead.description}`, fileName: `lead-${id}.csv` };
}

/** An export of the tag's customers may start (the tag exists): its title and file name. */
export async function tagExportTarget(
  ctx: ServiceContext,
  id: number,
): Promise<{ title: string; fileName: string }> {
  const tag = await tagsRepository(ctx.tenant).get(id);
  if (!tag) throw notFound(TAG_MESSAGES.notFound);
  return { title: `Tag ${tag.description}`, fileName: `tag-${id}.xlsx` };
}
