import { sessionToken } from '../app/session';
import { ApiError, buildUrl, errorMessage, handleExpiredSession } from './client';

/**
 * The name of a downloaded export: the server's (`content-disposition`) when it sends one, else
 * `<prefix>-<id>-<description as a slug>.<extension>`.
 */
export function exportFileName(
  record: { id: number; description: string },
  disposition: string | null,
  prefix: string,
  extension: string,
): string {
  const named = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (named?.[1]) {
    try {
      return decodeURIComponent(named[1]);
    } catch {
      return named[1]; // a '%' that is not an escape ('100%.xlsx')
    }
  }
  const slug = record.description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${prefix}-${record.id}${slug ? `-${slug}` : ''}.${extension}`;
}

/**
 * Saves an export answer (xlsx, csv) as a file. Fetched as bytes (the JSON client would read a
 * workbook as text and break it); a 401 ends the session like any other call; an error answer
 * becomes an ApiError with the server's message.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | number>,
  fileName: (disposition: string | null) => string,
): Promise<void> {
  const token = sessionToken();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    if (response.status === 401 && token) handleExpiredSession();
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, errorMessage(body) ?? `Erro ${response.status}`, body);
  }
  saveBlob(await response.blob(), fileName(response.headers.get('content-disposition')));
}

/** Saves bytes made in the browser (a generated PDF) as a file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is freed later, not at once, for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
