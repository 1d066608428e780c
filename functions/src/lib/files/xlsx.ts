import { Zip, ZipDeflate } from 'fflate';

/**
 * A streaming xlsx (SpreadsheetML) writer: one sheet, a header row, then the rows page by page.
 * The workbook is a zip of a few XML parts; the sheet's XML is deflated as it is produced
 * (fflate), so memory holds one page of rows and the compressor's window, whatever the row count
 * (a 100,000-row export never sits in memory, unlike SheetJS's `aoa_to_sheet` + `write`). Text is
 * written as inline strings (no shared-string table to keep), numbers as numbers.
 */

export type Cell = string | number | boolean | null | undefined;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** Excel's limit of characters in one cell. */
const MAX_CELL = 32_767;

const STATIC_PARTS = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
      `<sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  ],
];

/** Escapes text for XML and drops the characters XML 1.0 cannot hold (control characters, lone surrogates). */
export function escapeXml(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 refuses
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: Cell, ref: string, style: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = escapeXml(String(value).slice(0, MAX_CELL));
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function rowXml(cells: readonly Cell[], rowNumber: number, header = false): string {
  const style = header ? ' s="1"' : '';
  return `<row r="${rowNumber}">${cells.map((v, i) => cellXml(v, `${columnName(i)}${rowNumber}`, style)).join('')}</row>`;
}

/**
 * The workbook as a stream of zip bytes. `pages` is pulled one page at a time, only when the
 * reader wants more bytes, so a slow upload slows the reads instead of filling memory.
 */
export async function* xlsxStream(
  options: { sheetName: string; columns: readonly string[] },
  pages: AsyncIterable<readonly (readonly Cell[])[]>,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const encoder = new TextEncoder();
  const take = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  };
  for (const [name, content] of STATIC_PARTS(options.sheetName)) {
    const part = new ZipDeflate(name, { level: 6 });
    zip.add(part);
    part.push(encoder.encode(content), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  let rowNumber = 1;
  sheet.push(
    encoder.encode(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(options.columns, rowNumber, true)}`,
    ),
  );
  yield* take();
  for await (const rows of pages) {
    if (rows.length === 0) continue;
    let xml = '';
    for (const row of rows) xml += rowXml(row, ++rowNumber);
    sheet.push(encoder.encode(xml));
    yield* take();
  }
  sheet.push(encoder.encode('</sheetData></worksheet>'), true);
  zip.end();
  yield* take();
}
