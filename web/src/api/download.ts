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
