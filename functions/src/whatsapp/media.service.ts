import { MEDIA_MAX_BYTES, WHATSAPP_MESSAGES } from '@freguesia/shared/domain/whatsapp';
import { assertCampaignAccess } from '../campaign-records/campaign-records.service';
import type { ServiceContext } from '../lib/context';
import { invalid } from '../lib/errors';
import { safeFetch, UnsafeUrlError } from '../lib/net/safe-fetch';

/**
 * The media check of the message builder (spec part 3 §5 'WhatsApp': a HEAD on blur; over
 * 7,340,032 bytes 'Arquivo muito grande!'): one HEAD through the safe agent (private and
 * link-local addresses refused), nothing downloaded.
 */
export async function checkMedia(
  ctx: ServiceContext,
  url: string,
): Promise<{ size: number | null; content_type: string }> {
  assertCampaignAccess(ctx, 'write', ['WPPM']);
  let answer;
  try {
    answer = await safeFetch(url, { method: 'HEAD', timeoutMs: 5_000, maxBytes: 64 * 1024 });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw invalid({ url: 'Endereço da mídia recusado.' });
    throw invalid({ url: 'Não foi possível acessar a mídia.' });
  }
  if (answer.status >= 400) throw invalid({ url: `Mídia não encontrada (HTTP ${answer.status}).` });
  const length = Number(answer.headers['content-length']);
  const size = Number.isFinite(length) && length >= 0 ? length : null;
  if (size !== null && size > MEDIA_MAX_BYTES) throw invalid({ url: WHATSAPP_MESSAGES.tooBig });
  return { size, content_type: String(answer.headers['content-type'] ?? '') };
}
