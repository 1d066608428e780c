import type { ChannelPartner, FlowItem } from '@freguesia/shared/domain/whatsapp';
import { safeFetch, type SafeResponse } from '../lib/net/safe-fetch';

/**
 * The WhatsApp partners behind one port (README "WhatsApp"): what the pipeline, the settings
 * screen and the customer-service issue ask of a channel, whatever speaks for it.
 *
 * Every call goes through lib/net/safe-fetch (the gateways' URLs are typed by users; the partners'
 * public APIs are reached the same way) and carries `X-Idempotency-Key` with the ledger's key
 * (ignored by the real partners; the local stand-ins keep one message per key, modelling the
 * window between a partner's acceptance and the ledger's completion).
 */

/** A channel's credentials in clear, only in memory for the duration of a call. */
export interface ChannelCredentials {
  id: number;
  partner: ChannelPartner;
  /** Gateways: base URL; META: phone number id; TWILIO: Account SID; GUPSHUP: app name. */
  user: string;
  /** Gateways: instance / session name; META: WABA id; TWILIO / GUPSHUP: the sender number. */
  key: string;
  token: string;
  password: string;
  account: string;
  extra_config: string;
}

export interface OutboundMessage {
  /** Digits (55 + DDD + number), or a group / channel id (`…@g.us`, `…@newsletter`). */
  to: string;
  item: FlowItem;
  idempotencyKey: string;
  signal?: AbortSignal;
}

export type SendResult = { ok: true; id: string } | { ok: false; error: string };

export interface Group {
  id: { _serialized: string };
  name: string;
  isMuted: boolean;
  isGroup: boolean;
  isReadOnly: boolean;
}

export interface ConnectResult {
  status: string;
  /** The QR code to scan (data URL or raw), when waiting for one. */
  qr?: string;
  /** 'Já está conectado!' when already working. */
  message?: string;
}

/** A partner as the product uses it. Throws {@link TransientPartnerError} for what may pass. */
export interface WhatsappPartner {
  send(c: ChannelCredentials, m: OutboundMessage): Promise<SendResult>;
  /** The partner's raw connection status ('open' / 'WORKING' are connected; §4). */
  status(c: ChannelCredentials): Promise<string>;
  connect(c: ChannelCredentials): Promise<ConnectResult>;
  restart(c: ChannelCredentials): Promise<void>;
  logout(c: ChannelCredentials): Promise<void>;
  groups(c: ChannelCredentials): Promise<Group[]>;
}

/** A partner's answer that may pass (5xx, 408, 429, network): the recipient is retried. */
export class TransientPartnerError extends Error {
  override name = 'TransientPartnerError';
}

/** Waits (the QR code after a session start); replaced by tests. */
export const partnerClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** One call to a partner through the safe agent; 5xx / 408 / 429 are transient. */
export async function call(
  url: string,
  init: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
    idempotencyKey?: string;
    signal?: AbortSignal;
  } = {},
): Promise<SafeResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  if (init.idempotencyKey) headers['x-idempotency-key'] = init.idempotencyKey;
  let answer: SafeResponse;
  try {
    answer = await safeFetch(url, {
      method: init.method ?? 'GET',
      headers,
      ...(body !== undefined ? { body } : {}),
      timeoutMs: 10_000,
      maxBytes: 2 * 1024 * 1024,
      maxRedirects: 0,
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'UnsafeUrlError') throw error;
    throw new TransientPartnerError(`parceiro indisponível: ${(error as Error).message}`);
  }
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429)
    throw new TransientPartnerError(`parceiro respondeu ${answer.status}`);
  return answer;
}

/** The JSON of an answer, or {} (never throws). */
export function jsonOf(answer: SafeResponse): Record<string, unknown> {
  try {
    const value = answer.json<unknown>();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : { data: value };
  } catch {
    return {};
  }
}

/** A refusal the partner will repeat (4xx): the recipient is failed. */
export const refused = (answer: SafeResponse): SendResult => {
  const json = jsonOf(answer);
  const detail = json.message ?? json.error ?? json.detail ?? 'recusado';
  return {
    ok: false,
    error: `${answer.status}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`.slice(0, 300),
  };
};

/** A base URL without its trailing slashes. */
export const base = (url: string) => url.trim().replace(/\/+$/, '');

/** The media kind of a flow item: image, document (PDF) or video. */
export const mediaKind = (item: FlowItem): 'image' | 'document' | 'video' =>
  item.subtype === 'P' ? 'document' : item.subtype === 'V' ? 'video' : 'image';

/** A file name for a media URL (its last path segment). */
export const fileName = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || 'arquivo');
  } catch {
    return 'arquivo';
  }
};

/** The text a partner without rich messages gets for an item (location, contact, attendance). */
export function plainText(item: FlowItem): string {
  switch (item.type) {
    case 'L':
      return `${item.extra ? `${item.extra}: ` : ''}https://maps.google.com/?q=${item.value}`;
    case 'C':
      return `${item.extra ?? ''} ${item.value}`.trim();
    case 'M':
      return `${item.extra ? `${item.extra} ` : ''}${item.value}`;
    default:
      return item.value;
  }
}
