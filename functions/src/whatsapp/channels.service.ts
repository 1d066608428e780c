import type { Ability } from '@freguesia/shared/domain/permissions';
import { isConnectedStatus, WHATSAPP_MESSAGES, type ChannelPartner } from '@freguesia/shared/domain/whatsapp';
import type { ChannelInput, ChannelView } from '@freguesia/shared/schemas/whatsapp';
import { staffOf, type ServiceContext } from '../lib/context';
import { conflict, forbidden, invalid, notFound, unavailable } from '../lib/errors';
import { logger } from '../lib/logger';
import { UnsafeUrlError } from '../lib/net/safe-fetch';
import { secretsCipher } from '../lib/ports/secrets-key';
import { partners } from './partner-registry.service';
import {
  TransientPartnerError,
  type ChannelCredentials,
  type ConnectResult,
  type Group,
} from './partners.service';
import { whatsappRepository, type ChannelItem } from './channels.repository';

/**
 * Service channels (spec part 3 §3 'Service channel', §4 connection states; 'Central de
 * Atendimentos'): the records, their sealed credentials and the partner calls behind the settings
 * screen (status, connect with QR, restart, logout, groups). The sender, the webhooks and the
 * customer-service issue read a channel's credentials through {@link channelCredentials} only.
 */

const CHANNEL_NOT_FOUND = 'Canal não encontrado.';
const STALE = 'O canal foi alterado por outra pessoa. Recarregue e tente novamente.';

const sealContext = (tenant: string, id: number, field: 'token' | 'password') =>
  `whatsapp-channel:${tenant}:${id}:${field}`;
const hint = (secret: string) => (secret.length >= 8 ? `…${secret.slice(-4)}` : '…');

const can = (ctx: ServiceContext, abilities: Ability[]) => {
  const staff = staffOf(ctx);
  if (!staff) return true;
  return abilities.some((want) =>
    staff.abilities.some((a) => a.action === want.action && a.subject === want.subject),
  );
};
/** Channels are read by the settings screen and the campaign form. */
function assertRead(ctx: ServiceContext) {
  if (
    !can(ctx, [
      { action: 'read', subject: 'Settings' },
      { action: 'read', subject: 'Campaigns' },
      { action: 'write', subject: 'Campaigns' },
    ])
  )
    throw forbidden();
}

/** The webhook path a partner posts to (README "WhatsApp"). */
export const webhookPath = (partner: string, id: number) =>
  `/api/hooks/whatsapp/${partner.toLowerCase()}/${id}`;

const view = (c: ChannelItem): ChannelView => ({
  id: c.id,
  description: c.description,
  type: c.type,
  partner: c.partner,
  icon: c.icon ?? '',
  account: c.account ?? '',
  key: c.key ?? '',
  user: c.user ?? '',
  token: '',
  password: '',
  has_token: Boolean(c.token_sealed),
  token_hint: c.token_hint ?? '',
  has_password: Boolean(c.password_sealed),
  extra_config: c.extra_config ?? '',
  updated_at: c.updated_at,
  webhook_path: webhookPath(c.partner, c.id),
});

/** Every channel of the tenant (a handful), secrets never in clear. */
export async function listChannels(ctx: ServiceContext): Promise<ChannelView[]> {
  assertRead(ctx);
  return (await whatsappRepository(ctx.tenant).channels()).map(view);
}

/** One channel's description and partner (campaign list, exports); undefined when gone. */
export async function channelSummaries(
  ctx: ServiceContext,
): Promise<Map<number, { description: string; partner: string }>> {
  const all = await whatsappRepository(ctx.tenant).channels();
  return new Map(all.map((c) => [c.id, { description: c.description, partner: c.partner }]));
}

async function sealed(ctx: ServiceContext, id: number, field: 'token' | 'password', value: string) {
  return (await secretsCipher()).seal(value, sealContext(ctx.tenant, id, field));
}

/** POST /web/customer-service/channel: {id}. */
export async function createChannel(
  ctx: ServiceContext,
  input: ChannelInput,
): Promise<{ id: number; message: string }> {
  const repo = whatsappRepository(ctx.tenant);
  const id = await repo.nextChannelId();
  const item = {
    id,
    description: input.description,
    type: input.type,
    partner: input.partner,
    icon: input.icon,
    account: input.account,
    key: input.key,
    user: input.user,
    extra_config: input.extra_config,
    ...(input.token
      ? { token_sealed: await sealed(ctx, id, 'token', input.token), token_hint: hint(input.token) }
      : {}),
    ...(input.password
      ? {
          password_sealed: await sealed(ctx, id, 'password', input.password),
          password_hint: hint(input.password),
        }
      : {}),
    updated_at: ctx.now().toISOString(),
  };
  await repo.putChannel(item);
  return { id, message: WHATSAPP_MESSAGES.channelSaved };
}

/** PUT /web/customer-service/channel: an empty token or password keeps the stored one. */
export async function updateChannel(
  ctx: ServiceContext,
  input: ChannelInput,
): Promise<{ id: number; message: string }> {
  if (!input.id) throw invalid({ id: CHANNEL_NOT_FOUND });
  const repo = whatsappRepository(ctx.tenant);
  const current = await repo.channel(input.id);
  if (!current) throw notFound(CHANNEL_NOT_FOUND);
  if (input.updated_at && input.updated_at !== current.updated_at) throw conflict(STALE);
  const id = current.id;
  const { tenant: _tenant, ...kept } = current;
  const next = {
    ...kept,
    description: input.description,
    type: input.type,
    partner: input.partner,
    icon: input.icon,
    account: input.account,
    key: input.key,
    user: input.user,
    extra_config: input.extra_config,
    ...(input.token
      ? { token_sealed: await sealed(ctx, id, 'token', input.token), token_hint: hint(input.token) }
      : {}),
    ...(input.password
      ? {
          password_sealed: await sealed(ctx, id, 'password', input.password),
          password_hint: hint(input.password),
        }
      : {}),
    updated_at: ctx.now().toISOString(),
  };
  if (!(await repo.putChannel(next, current.updated_at))) throw conflict(STALE);
  return { id, message: WHATSAPP_MESSAGES.channelChanged };
}

/** DELETE /web/customer-service/channel?id=. */
export async function deleteChannel(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  const repo = whatsappRepository(ctx.tenant);
  if (!(await repo.channel(id))) throw notFound(CHANNEL_NOT_FOUND);
  await repo.removeChannel(id);
  return { id };
}

/**
 * A channel's credentials in clear, for one partner call (never logged, never answered). Undefined
 * when the channel is gone.
 */
export async function channelCredentials(
  ctx: ServiceContext,
  id: number,
): Promise<ChannelCredentials | undefined> {
  const c = await whatsappRepository(ctx.tenant).channel(id);
  if (!c) return undefined;
  const cipher = await secretsCipher();
  const open = async (value: string | undefined, field: 'token' | 'password') =>
    value ? cipher.open(value, sealContext(ctx.tenant, id, field)) : '';
  return {
    id,
    partner: c.partner as ChannelPartner,
    user: c.user ?? '',
    key: c.key ?? '',
    token: await open(c.token_sealed, 'token'),
    password: await open(c.password_sealed, 'password'),
    account: c.account ?? '',
    extra_config: c.extra_config ?? '',
  };
}

/** The credentials a partner call needs, or 'Erro ao verificar conectividade !' (§8). */
async function usable(ctx: ServiceContext, id: number): Promise<ChannelCredentials> {
  const c = await channelCredentials(ctx, id);
  if (!c) throw notFound(CHANNEL_NOT_FOUND);
  if (!c.token || !c.key || !c.user) throw invalid(WHATSAPP_MESSAGES.connectivity);
  return c;
}

/** Runs a partner call, turning its failures into the screen's message (never the partner's internals). */
async function partnerCall<T>(
  ctx: ServiceContext,
  id: number,
  run: (c: ChannelCredentials) => Promise<T>,
): Promise<T> {
  const c = await usable(ctx, id);
  try {
    return await run(c);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw invalid({ user: `URL do canal recusada: ${error.message}` });
    if (error instanceof TransientPartnerError) throw unavailable(WHATSAPP_MESSAGES.connectivity, error);
    logger.warn('whatsapp: partner call failed', {
      tenant: ctx.tenant,
      channel: id,
      error: (error as Error).message,
    });
    throw unavailable(WHATSAPP_MESSAGES.connectivity, error);
  }
}

/**
 * The live connection status (§4): the partner's raw status and whether it is connected. A channel
 * without credentials is 'close'.
 */
export async function channelStatus(
  ctx: ServiceContext,
  id: number,
): Promise<{ id: number; status: string; connected: boolean }> {
  assertRead(ctx);
  const c = await channelCredentials(ctx, id);
  if (!c) throw notFound(CHANNEL_NOT_FOUND);
  if (!c.token || !c.key || !c.user) return { id, status: 'close', connected: false };
  const status = await partnerCall(ctx, id, (creds) => partners[creds.partner].status(creds));
  return { id, status, connected: isConnectedStatus(status) };
}

/** Connect: 'Já está conectado!' when working; else the QR code (WAHA: start, wait 2 s, QR). */
export const connectChannel = (ctx: ServiceContext, id: number): Promise<ConnectResult> =>
  partnerCall(ctx, id, (c) => partners[c.partner].connect(c));

export const restartChannel = async (ctx: ServiceContext, id: number) => {
  await partnerCall(ctx, id, (c) => partners[c.partner].restart(c));
  return { id, message: 'Reiniciado' };
};

export const logoutChannel = async (ctx: ServiceContext, id: number) => {
  await partnerCall(ctx, id, (c) => partners[c.partner].logout(c));
  return { id, message: 'Desconectado' };
};

/** The groups a campaign may go to (§5): not muted, a group, not read-only; newest id first. */
export async function channelGroups(ctx: ServiceContext, id: number): Promise<Group[]> {
  assertRead(ctx);
  const groups = await partnerCall(ctx, id, (c) => partners[c.partner].groups(c));
  return groups
    .filter((g) => !g.isMuted && g.isGroup && !g.isReadOnly)
    .sort((a, b) => b.id._serialized.localeCompare(a.id._serialized));
}

/** GET /web/customer-service/channel/count/{id or 0}: numbers that interacted, and opted out. */
export async function channelAudience(
  ctx: ServiceContext,
  id: number,
): Promise<{ total: number; total_optout: number }> {
  assertRead(ctx);
  const repo = whatsappRepository(ctx.tenant);
  if (id > 0) return repo.audience(id);
  const all = await repo.channels();
  const each = await Promise.all(all.map((c) => repo.audience(c.id)));
  return each.reduce(
    (sum, a) => ({ total: sum.total + a.total, total_optout: sum.total_optout + a.total_optout }),
    {
      total: 0,
      total_optout: 0,
    },
  );
}
