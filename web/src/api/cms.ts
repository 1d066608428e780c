import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CMS_LARGE_MAX_BYTES,
  CMS_MAX_BYTES,
  CMS_MESSAGES,
  CmsFile,
  CmsFileList,
  CmsUploadTicket,
} from '@freguesia/shared/schemas/cms';
import { api } from './client';
import { parseAnswer, tenantKey } from './query';

/**
 * CMS files (spec part 3 §7): the list (GET /web/cms, path ours), POST /web/cms/new
 * {description, file base64, filename, days} and DELETE /web/cms/{id}.
 */

export type { CmsFile };

const CMS = 'cms';

export interface CmsUploadBody {
  description: string;
  /** Base64 (a data: URL is accepted too). */
  file: string;
  filename: string;
  days: number;
}

export async function listCmsFiles(signal?: AbortSignal): Promise<CmsFile[]> {
  return parseAnswer(CmsFileList, await api.get('/web/cms', { signal })).data;
}

export async function uploadCmsFile(body: CmsUploadBody): Promise<CmsFile> {
  return parseAnswer(CmsFile, await api.post('/web/cms/new', body));
}

/** How a file of `size` bytes is sent: base64 in the body up to 7 MB, a presigned upload above, refused past 100 MB. */
export function uploadRoute(size: number): 'base64' | 'presigned' | 'too-large' {
  if (size > CMS_LARGE_MAX_BYTES) return 'too-large';
  return size > CMS_MAX_BYTES ? 'presigned' : 'base64';
}

/**
 * A large file (beyond the spec): a presigned upload asked for (POST /web/cms/upload), the bytes
 * PUT straight to storage, then the upload completed (POST /web/cms/upload/complete), where the
 * server checks the type by the bytes before the file is served.
 */
export async function uploadLargeCmsFile(
  body: { description: string; filename: string; days: number },
  file: Blob,
  put: typeof fetch = fetch,
): Promise<CmsFile> {
  const ticket = parseAnswer(
    CmsUploadTicket,
    await api.post('/web/cms/upload', { ...body, size: file.size }),
  );
  const sent = await put(ticket.url, { method: ticket.method, body: file });
  if (!sent.ok) throw new Error(CMS_MESSAGES.uploadFailed);
  return parseAnswer(CmsFile, await api.post('/web/cms/upload/complete', { upload_id: ticket.upload_id }));
}

export async function deleteCmsFile(id: number): Promise<void> {
  await api.delete(`/web/cms/${id}`);
}

/** A file's content as base64, read in the browser. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*;base64,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Não foi possível ler o arquivo.'));
    reader.readAsDataURL(file);
  });
}

export const useCmsFiles = () =>
  useQuery({ queryKey: tenantKey(CMS, 'list'), queryFn: ({ signal }) => listCmsFiles(signal) });

export function useUploadCmsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCmsFile,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CMS) }),
  });
}

export function useUploadLargeCmsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...body }: { description: string; filename: string; days: number; file: Blob }) =>
      uploadLargeCmsFile(body, file),
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CMS) }),
  });
}

export function useDeleteCmsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCmsFile,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CMS) }),
  });
}
