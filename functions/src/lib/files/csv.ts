/**
 * A streaming CSV writer for exports: `;` separated (what Excel expects in Brazil), UTF-8 with a
 * BOM (so Excel reads the accents right), CRLF line ends; a page of rows becomes one chunk.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** One CSV field: quoted when it holds the separator, a quote or a line break; formula starts neutralised. */
export function csvField(value: CsvCell): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A cell starting with = + - @ would run as a formula in Excel.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: readonly CsvCell[]) => `${cells.map(csvField).join(';')}\r\n`;

/** The file as a stream of UTF-8 bytes, pulling `pages` one at a time. */
export async function* csvStream(
  options: { columns: readonly string[] },
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(`\uFEFF${line(options.columns)}`);
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    let text = '';
    for (const row of rows) text += line(row);
    yield encoder.encode(text);
  }
}
