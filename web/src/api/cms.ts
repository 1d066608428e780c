import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CmsFile, CmsFileList } from '@freguesia/shared/schemas/cms';
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

export function useDeleteCmsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCmsFile,
    onSuccess: () => client.invalidateQueries({ queryKey: tenantKey(CMS) }),
  });
}
