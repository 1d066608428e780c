import type { DynamoDBRecord } from 'aws-lambda';
import {
  isCommunicationType,
  isSendable,
  type CommunicationType,
  type SendableType,
} from '@freguesia/shared/domain/communication';
import type { CommunicationInfo } from '@freguesia/shared/schemas/communication';
import {
  archivedCampaignRecords,
  assertCampaignAccess,
  campaignHistoryRecord,
  campaignRecord,
  campaignRecords,
  patchCampaignInfo,
  type CampaignRecord,
} from '../campaign-records/campaign-records.service';
import type { ServiceContext } from '../lib/context';
import { plainImage } from '../lib/ddb/stream-images';

/**
 * What the sending pipeline reads and records of a communication campaign: the campaign as the
 * planner, the senders, the schedules and the analytics see it, and the marks a run leaves on it
 * (`executed_at`, `canceled_at`). The one way the pipeline reaches campaign state, and a light one:
 * it never reaches the save path (`communication-campaigns.service.ts`) and so never bundles the
 * HTML sanitiser (`lib/html`).
 */

/** What the sending pipeline reads of a campaign. */
export interface SendableCampaign {
  id: number;
  description: string;
  type: SendableType;
  active: 'Y' | 'N';
  id_lead: number | null;
  info: CommunicationInfo & { executed_at?: string | null; canceled_at?: string | null; value?: number };
  version: number;
  updated_at: string;
}

const toSendable = (c: CampaignRecord): SendableCampaign => ({
  id: c.id,
  description: c.description,
  type: c.type as unknown as SendableType,
  active: c.active,
  id_lead: c.id_lead,
  info: c.info as unknown as SendableCampaign['info'],
  version: c.version,
  updated_at: c.updated_at,
});

/**
 * A sendable campaign (e-mail, SMS, push) for the pipeline; undefined when gone or of another type.
 * With a staff user, `action` is checked against the campaign's type (Campaigns or its channel).
 */
export async function sendableCampaign(
  ctx: ServiceContext,
  id: number,
  action: 'read' | 'write' = 'read',
): Promise<SendableCampaign | undefined> {
  const c = await campaignRecord(ctx, id);
  if (!c || !isSendable(c.type)) return undefined;
  assertCampaignAccess(ctx, action, [c.type]);
  return toSendable(c);
}

/**
 * Every sendable campaign (e-mail, SMS, push) of the tenant: id, description and type (the
 * expense report). No campaign permission is checked: the caller's route guards the report.
 */
export async function sendableCampaigns(
  ctx: ServiceContext,
  options: { archived?: boolean } = {},
): Promise<{ id: number; description: string; type: SendableType; archived?: boolean }[]> {
  const [all, archived] = await Promise.all([
    campaignRecords(ctx),
    options.archived ? archivedCampaignRecords(ctx) : Promise.resolve([]),
  ]);
  return [
    ...all.map((c) => ({ c, archived: false })),
    ...archived.map((c) => ({ c: c as CampaignRecord, archived: true })),
  ]
    .filter(({ c }) => isSendable(c.type))
    .map(({ c, archived: gone }) => ({
      id: c.id,
      description: c.description,
      type: c.type as unknown as SendableType,
      ...(gone ? { archived: true } : {}),
    }));
}

/** A communication campaign of any type (analytics headers, lead creation). */
export async function communicationCampaign(
  ctx: ServiceContext,
  id: number,
): Promise<{ id: number; description: string; type: CommunicationType } | undefined> {
  // A deleted campaign keeps its analytics (its record is kept for history).
  const c = await campaignHistoryRecord(ctx, id);
  if (!c || !isCommunicationType(c.type)) return undefined;
  assertCampaignAccess(ctx, 'read', [c.type]);
  return { id: c.id, description: c.description, type: c.type };
}

/** Records a run of the campaign: `executed_at` (the red 'Campanha já executada em' flag) — the latest run of a recurring one. */
export async function markExecuted(ctx: ServiceContext, id: number, at: string): Promise<void> {
  await patchCampaignInfo(ctx, id, { executed_at: at });
}

/** Records a cancellation (`canceled_by` 'JOB' when the pipeline cancels, else the user's name). */
export async function markCanceled(ctx: ServiceContext, id: number, at: string, by: string): Promise<void> {
  await patchCampaignInfo(ctx, id, { canceled_at: at, canceled_by: by });
}

/** Clears a cancellation (a resumed campaign). */
export async function clearCanceled(ctx: ServiceContext, id: number): Promise<void> {
  await patchCampaignInfo(ctx, id, { canceled_at: null, canceled_by: null });
}

/** A change of a campaign item on the table's stream: which tenant and campaign, and whether it is sendable. */
export interface CampaignChange {
  tenant: string;
  id: number;
  type: string;
  removed: boolean;
}

/** The campaign change a stream record carries (other entities: null). */
export function campaignChangeOf(record: DynamoDBRecord): CampaignChange | null {
  const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
  if (!image) return null;
  const item = plainImage(image as never) as {
    __edb_e__?: string;
    tenant?: string;
    id?: number;
    type?: string;
  };
  if (item.__edb_e__ !== 'campaign' || !item.tenant || typeof item.id !== 'number') return null;
  return { tenant: item.tenant, id: item.id, type: item.type ?? '', removed: record.eventName === 'REMOVE' };
}
