import { documentDigits, padDocument } from '@freguesia/shared/domain/document';
import { foldAccents } from '@freguesia/shared/domain/text';
import { MAX_LEAD_ROWS, type LeadOrigin } from '@freguesia/shared/schemas/segmentation';

/**
 * The rows of a file (F) or e-mail (E) lead, read in the browser from the first sheet of an
 * .xlsx/.xls file (spec part 1 §2, §5 'Lead'). The first row holds the headers; they are matched
 * without case or accents ('CPF', 'Documento', 'E-mail', 'Nome', 'Celular' …), the other columns
 * are ignored.
 */

export type FileColumn = 'document' | 'email' | 'fullname' | 'cellphone';

/** One customer row as sent in `customers` of POST /web/lead/new (server resolves it by document, then e-mail). */
export interface FileRow {
  document?: string;
  email?: string;
  fullname?: string;
  cellphone?: string;
}

export interface FileRows {
  rows: FileRow[];
  /** Data lines that had nothing to identify a customer (no document for F, no e-mail for E). */
  skipped: number;
  /** Which recognized columns the file had. */
  columns: FileColumn[];
}

/** Header names (folded: lower case, no accents, no spaces, '-' or '_') of each column. */
const HEADERS: Record<FileColumn, readonly string[]> = {
  document: ['document', 'documento', 'cpf', 'cnpj', 'cpfcnpj', 'doc'],
  email: ['email', 'mail'],
  fullname: ['fullname', 'nome', 'name', 'nomecompleto'],
  cellphone: ['cellphone', 'celular', 'cel', 'phone', 'telefone', 'whatsapp'],
};

export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const FILE_MESSAGES = {
  extension: 'Envie um arquivo .xlsx ou .xls.',
  unreadable: 'Não foi possível ler o arquivo. Verifique se é uma planilha .xlsx ou .xls.',
  noColumn: {
    F: 'A planilha precisa de uma coluna document (ou CPF) ou email na primeira linha.',
    E: 'A planilha precisa de uma coluna email na primeira linha.',
  },
  tooMany: `A planilha tem mais de ${MAX_LEAD_ROWS.toLocaleString('pt-BR')} linhas; divida-a em arquivos menores.`,
} as const;

/** Whether a file name has an accepted spreadsheet extension. */
export const isSpreadsheetName = (name: string): boolean =>
  ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

const foldHeader = (header: unknown): string =>
  foldAccents(cellText(header))
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');

/** The column a header names, if any. */
export function columnOf(header: unknown): FileColumn | undefined {
  const folded = foldHeader(header);
  if (!folded) return undefined;
  return (Object.keys(HEADERS) as FileColumn[]).find((column) => HEADERS[column].includes(folded));
}

/** A cell as text: numbers without exponent or grouping (a CPF stored as a number keeps its digits). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

/** A document cell → its digits, zero-padded to a CPF (11) or CNPJ (14); '' when no digits. */
function documentOf(value: unknown): string {
  const digits = documentDigits(cellText(value));
  if (!digits || digits.length > 14) return digits.slice(0, 30);
  return padDocument(digits);
}

/**
 * Reads the rows of a sheet given as a matrix (first line = headers). F keeps rows with a
 * document or an e-mail (all columns sent); E keeps rows with an e-mail and sends no document,
 * so the server resolves them by e-mail. Throws an Error with a pt-BR message when the headers
 * miss the identifying column or the file has more than {@link MAX_LEAD_ROWS} rows.
 */
export function readFileRows(
  matrix: readonly (readonly unknown[])[],
  origin: Extract<LeadOrigin, 'F' | 'E'>,
): FileRows {
  const [headers = [], ...lines] = matrix;
  const indexOf = new Map<FileColumn, number>();
  headers.forEach((header, index) => {
    const column = columnOf(header);
    if (column && !indexOf.has(column)) indexOf.set(column, index);
  });
  const identifying = origin === 'E' ? indexOf.has('email') : indexOf.has('document') || indexOf.has('email');
  if (!identifying) throw new Error(FILE_MESSAGES.noColumn[origin]);

  const rows: FileRow[] = [];
  let skipped = 0;
  for (const line of lines) {
    const get = (column: FileColumn) => {
      const index = indexOf.get(column);
      return index === undefined ? '' : cellText(line[index]);
    };
    if (line.every((cell) => cellText(cell) === '')) continue; // blank lines at the end of a sheet
    const row: FileRow = {};
    const email = get('email').toLowerCase();
    const document =
      origin === 'F' && indexOf.has('document') ? documentOf(line[indexOf.get('document')!]) : '';
    if (document) row.document = document;
    if (email) row.email = email;
    const fullname = get('fullname');
    if (fullname) row.fullname = fullname;
    const cellphone = documentDigits(get('cellphone'));
    if (cellphone) row.cellphone = cellphone;
    if (origin === 'E' ? !row.email : !row.document && !row.email) {
      skipped++;
      continue;
    }
    rows.push(row);
    if (rows.length > MAX_LEAD_ROWS) throw new Error(FILE_MESSAGES.tooMany);
  }
  return { rows, skipped, columns: [...indexOf.keys()] };
}

/** Reads the first sheet of an .xlsx/.xls file; SheetJS loads only now (its own chunk). */
export async function readSpreadsheet(file: File, origin: Extract<LeadOrigin, 'F' | 'E'>): Promise<FileRows> {
  if (!isSpreadsheetName(file.name)) throw new Error(FILE_MESSAGES.extension);
  let matrix: unknown[][];
  try {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    matrix = sheet
      ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false })
      : [];
  } catch {
    throw new Error(FILE_MESSAGES.unreadable);
  }
  return readFileRows(matrix, origin);
}
