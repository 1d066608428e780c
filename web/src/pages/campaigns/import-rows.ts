import { foldAccents } from '@freguesia/shared/domain/text';

/**
 * The product file of the discount wizard (spec part 2 §2.1 'An import of a product file', §4, §5,
 * §8), read in the browser: the first sheet, headers on the first line matched without case or
 * accents. The EAN column is required; price, take, pay, limit and packaging are optional and
 * override the campaign's defaults. Pure: unit-tested in node.
 */

export type ImportColumn = 'code' | 'price' | 'take' | 'pay' | 'limit' | 'pack';

export interface ImportRow {
  code: string;
  price?: string;
  take?: string;
  pay?: string;
  limit?: string;
  /** The file's packaging: a product whose pack differs is skipped. */
  pack?: number;
}

export const IMPORT_MESSAGES = {
  extension: 'Envie um arquivo .xlsx ou .xls.',
  unreadable: 'Não foi possível ler o arquivo. Verifique se é uma planilha .xlsx ou .xls.',
  noCode: 'A planilha precisa de uma coluna EAN (ou CODIGO) na primeira linha.',
  duplicate: (code: string) => `Atenção: Código ${code} já foi importado, verifique !`,
  done: (added: number, total: number) => `Importação concluída, adicionados ${added} / ${total}.`,
} as const;

/** The template's headers (the 'Modelo' button writes them). */
export const TEMPLATE_HEADERS = ['EAN', 'PRECO', 'LEVE', 'PAGUE', 'LIMITE', 'EMBALAGEM'] as const;

const HEADERS: Record<ImportColumn, readonly string[]> = {
  code: ['ean', 'codigo', 'codigoean', 'codean', 'code', 'codbarras', 'codigodebarras', 'barcode'],
  price: ['preco', 'valor', 'price', 'precclube', 'precoclube', 'desconto'],
  take: ['leve', 'take', 'quantidade', 'qtd'],
  pay: ['pague', 'pay'],
  limit: ['limite', 'limit'],
  pack: ['embalagem', 'emb', 'qtembalagem', 'pack', 'qtpacking'],
};

const fold = (header: unknown): string =>
  foldAccents(cellText(header))
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');

/** A cell as text: whole numbers without exponent (an EAN stored as a number keeps its digits), decimals with a comma. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isInteger(value) ? value.toFixed(0) : String(value).replace('.', ',');
  return String(value).trim();
}

/** The column a header names, if any. */
export function importColumnOf(header: unknown): ImportColumn | undefined {
  const folded = fold(header);
  if (!folded) return undefined;
  return (Object.keys(HEADERS) as ImportColumn[]).find((column) => HEADERS[column].includes(folded));
}

/**
 * The rows of a sheet given as a matrix (first line = headers). Lines without an EAN are left out;
 * an EAN keeps its digits only. Throws an Error with a pt-BR message without an EAN column.
 */
export function readImportRows(matrix: readonly (readonly unknown[])[]): ImportRow[] {
  const [headers = [], ...lines] = matrix;
  const at = new Map<ImportColumn, number>();
  headers.forEach((header, index) => {
    const column = importColumnOf(header);
    if (column && !at.has(column)) at.set(column, index);
  });
  if (!at.has('code')) throw new Error(IMPORT_MESSAGES.noCode);
  const rows: ImportRow[] = [];
  for (const line of lines) {
    const get = (column: ImportColumn) => {
      const index = at.get(column);
      return index === undefined ? '' : cellText(line[index]);
    };
    const code = get('code').replace(/\D/g, '');
    if (!code) continue;
    const row: ImportRow = { code };
    for (const column of ['price', 'take', 'pay', 'limit'] as const) {
      const value = get(column);
      if (value) row[column] = value;
    }
    const pack = Number(get('pack').replace(',', '.'));
    if (get('pack') && Number.isFinite(pack) && pack > 0) row.pack = pack;
    rows.push(row);
  }
  return rows;
}

/** Splits file rows into the first of each EAN and the repeated EANs (already in the campaign or twice in the file). */
export function dedupeImport(
  rows: readonly ImportRow[],
  existing: ReadonlySet<string>,
): { unique: ImportRow[]; repeated: string[] } {
  const seen = new Set(existing);
  const unique: ImportRow[] = [];
  const repeated: string[] = [];
  for (const row of rows) {
    if (seen.has(row.code)) {
      repeated.push(row.code);
      continue;
    }
    seen.add(row.code);
    unique.push(row);
  }
  return { unique, repeated };
}

/** Reads the first sheet of an .xlsx/.xls file; SheetJS loads only now (its own chunk). */
export async function readImportFile(file: File): Promise<ImportRow[]> {
  if (!/\.xlsx?$/i.test(file.name)) throw new Error(IMPORT_MESSAGES.extension);
  let matrix: unknown[][];
  try {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    matrix = sheet
      ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false })
      : [];
  } catch {
    throw new Error(IMPORT_MESSAGES.unreadable);
  }
  return readImportRows(matrix);
}

/** Downloads the template (.xlsx with the headers and one example line), written in the browser. */
export async function downloadImportTemplate(): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([[...TEMPLATE_HEADERS], ['7891000100103', '10', '', '', '', '1']]),
    'Produtos',
  );
  XLSX.writeFile(book, 'modelo-produtos-campanha.xlsx');
}
