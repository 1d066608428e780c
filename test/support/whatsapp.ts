import { expect } from 'vitest';
import { STATUS_RETRY } from '@freguesia/functions/whatsapp/events.service';
import { handler as whatsapp } from '@freguesia/functions/whatsapp/handler';
import {
  useWhatsappStandIns,
  type StandInChannel,
  type WhatsappStandIns,
} from '@freguesia/infra/local/whatsapp-stand-ins';
import { call } from './api';
import type { TestTenant } from './tenant';

/**
 * WhatsApp on the local twins, for the integration tests: the partner stand-ins whose webhook
 * posts (statuses, inbound messages) go into the real `whatsapp` handler as API Gateway would
 * invoke it, and a WAHA channel created through the API and known to the stand-ins.
 */

/** The environment `useWhatsappStandIns` points at the stand-ins (put back by `close`). */
const STAND_IN_ENV = [
  'WHATSAPP_META_BASE_URL',
  'TWILIO_BASE_URL',
  'GUPSHUP_BASE_URL',
  'SAFE_FETCH_ALLOW',
] as const;

/**
 * Starts the partner stand-ins, their callbacks 10 ms after a send and into the real handler from
 * `sourceIp`. A status that outran its send is looked at again every 0.2 s for 10 s (a loaded
 * host may record a send seconds after the partner reported it). `close` stops them and puts the
 * environment back.
 */
export async function startWhatsappPartners(sourceIp: string): Promise<WhatsappStandIns> {
  const env = Object.fromEntries(STAND_IN_ENV.map((name) => [name, process.env[name]]));
  const standIns = await useWhatsappStandIns();
  standIns.options.delayMs = 10;
  standIns.options.deliver = async (request) => {
    const url = new URL(request.url);
    return (
      await call(whatsapp, {
        method: 'POST',
        path: url.pathname,
        rawQuery: url.search.slice(1),
        headers: request.headers,
        rawBody: request.body,
        sourceIp,
      })
    ).status;
  };
  STATUS_RETRY.delaySeconds = 0.2;
  STATUS_RETRY.times = 50;
  const close = standIns.close.bind(standIns);
  standIns.close = async () => {
    await close();
    for (const name of STAND_IN_ENV) {
      if (env[name] === undefined) delete process.env[name];
      else process.env[name] = env[name];
    }
  };
  return standIns;
}

/** The webhook path of a channel of `partner` (lower case, as the channel list shows it). */
export const whatsappHookPath = (partner: string, channel: number) =>
  `/api/hooks/whatsapp/${partner.toLowerCase()}/${channel}`;

/**
 * Creates a WAHA (RetailThink_v3) channel of the tenant through the API, on the stand-ins' gateway
 * with session `session`, and registers it with the stand-ins. Answers its id and its stand-in.
 */
export async function createWahaChannel(
  t: TestTenant,
  standIns: WhatsappStandIns,
  channel: {
    description: string;
    session: string;
    token: string;
    password: string;
    icon?: string;
    extra_config?: string;
  },
): Promise<{ channel: number; standIn: StandInChannel }> {
  const created = await call(whatsapp, {
    method: 'POST',
    tenant: t.tenant,
    token: t.adminToken,
    path: '/api/web/customer-service/channel',
    body: {
      description: channel.description,
      type: 'WHATSAPP',
      partner: 'RetailThink_v3',
      icon: channel.icon ?? '',
      account: '',
      user: standIns.bases.waha,
      key: channel.session,
      token: channel.token,
      password: channel.password,
      extra_config: channel.extra_config ?? '',
    },
  });
  expect(created.status, created.text).toBe(200);
  const id = created.body.id as number;
  const standIn: StandInChannel = {
    partner: 'RetailThink_v3',
    identity: channel.session,
    webhook: `http://${t.tenant}.freguesia.test${whatsappHookPath('RetailThink_v3', id)}`,
    host: `${t.tenant}.freguesia.test`,
    token: channel.token,
    password: channel.password,
  };
  standIns.register(standIn);
  return { channel: id, standIn };
}
