import { MEDIA_MAX_BYTES, WHATSAPP_MESSAGES } from '@freguesia/shared/domain/whatsapp';
import { invalid } from '../lib/errors';
import { safeFetch, UnsafeUrlError } from '../lib/net/safe-fetch';

/**
 * The media URL check of a WhatsApp campaign (spec part 3 §5: 'a HEAD request … if Content-Length
 * exceeds 7,340,032 bytes the message 'Arquivo muito grande!''), on the server at save time, so a
 * campaign never goes out with media the partner would refuse or a URL into the platform's own
 * network. The HEAD goes through the safe agent (lib/net/safe-fetch.ts: private, loopback and
 * link-local addresses refused after DNS and on every redirect hop, with a timeout).
 */

export const MEDIA_CHECK_MESSAGES = {
  tooBig: WHATSAPP_MESSAGES.tooBig,
  refused: 'URL da mídia não permitida: o endereço é interno ou inválido.',
  unreachable: 'Não foi possível acessar a URL da mídia. Verifique o endereço.',
} as const;

/** How long a media HEAD may take (the save waits for it). */
export const MEDIA_CHECK_TIMEOUT_MS = 5_000;

export type MediaCheck =
  { ok: true; size: number | null; contentType: string | null } | { ok: false; message: string };

/** HEAD of a media URL through the safe agent: its size and type, or why it is refused. */
export async function checkMediaUrl(url: string): Promise<MediaCheck> {
  let answer;
  try {
    answer = await safeFetch(url, { method: 'HEAD', timeoutMs: MEDIA_CHECK_TIMEOUT_MS, maxBytes: 1024 });
  } catch (error) {
    if (error instanceof UnsafeUrlError) return { ok: false, message: MEDIA_CHECK_MESSAGES.refused };
    return { ok: false, message: MEDIA_CHECK_MESSAGES.unreachable };
  }
  if (answer.status >= 400) return { ok: false, message: MEDIA_CHECK_MESSAGES.unreachable };
  const length = Number(answer.headers['content-length']);
  const size = Number.isFinite(length) && answer.headers['content-length'] !== undefined ? length : null;
  if (size !== null && size > MEDIA_MAX_BYTES) return { ok: false, message: MEDIA_CHECK_MESSAGES.tooBig };
  const type = answer.headers['content-type'];
  return { ok: true, size, contentType: typeof type === 'string' ? type : null };
}

/**
 * Every media URL of a campaign's flow (and its status image) checked, in parallel; the first
 * refusal is the save's 400, on the item's field (`flow.{index}.value`, `status_image`).
 */
export async function assertMediaUrls(
  flow: readonly { type: string; value: string }[],
  statusImage: string | undefined,
): Promise<void> {
  const urls = [
    ...flow.flatMap((item, i) =>
      item.type === 'M' && item.value ? [{ field: `flow.${i}.value`, url: item.value }] : [],
    ),
    ...(statusImage ? [{ field: 'status_image', url: statusImage }] : []),
  ];
  const checks = await Promise.all(urls.map(async (u) => ({ ...u, check: await checkMediaUrl(u.url) })));
  const refused = checks.find((c) => !c.check.ok);
  if (refused && !refused.check.ok) throw invalid({ [refused.field]: refused.check.message });
}
