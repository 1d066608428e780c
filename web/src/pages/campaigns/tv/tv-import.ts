import {
  hasTvImportLayout,
  mapTvImportRows,
  TV_IMPORT_COLUMNS,
  TV_MESSAGES,
  tvRowLookupCode,
  type TvCatalogProduct,
  type TvImportResult,
  type TvSheetRow,
} from '@freguesia/shared/schemas/tv';
import { findProductByCode } from '../../../api/campaigns';

/**
 * The TV import (spec part 2 §2.2, §5): the first sheet of an .xlsx/.xls read in the browser, the
 * four template columns required ('Layout incorreto verifique o template e tente novamente!'),
 * each row looked up by EAN at the simulation store; the mapping itself is the shared
 * `mapTvImportRows`.
 */

const CONCURRENCY = 6;

export async function readTvSheet(file: File): Promise<TvSheetRow[]> {
  if (!/\.xlsx?$/i.test(file.name)) throw new Error('Envie um arquivo .xlsx ou .xls.');
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error(TV_MESSAGES.layout);
  const header = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, range: 0 })[0] ?? [];
  if (!hasTvImportLayout(header)) throw new Error(TV_MESSAGES.layout);
  return XLSX.utils.sheet_to_json<TvSheetRow>(sheet, { raw: true, defval: '' });
}

export async function importTvRows(
  sheet: readonly TvSheetRow[],
  idStore: number,
  existing: ReadonlySet<string>,
): Promise<TvImportResult> {
  const codes = [...new Set(sheet.map(tvRowLookupCode).filter((c) => c !== '' && !existing.has(c)))];
  const catalog = new Map<string, TvCatalogProduct | null>();
  let next = 0;
  const worker = async () => {
    while (next < codes.length) {
      const code = codes[next++]!;
      const p = await findProductByCode(code, idStore);
      catalog.set(code, p ? { code: p.code, description: p.description, pack: p.pack, url: p.url } : null);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, codes.length) }, worker));
  return mapTvImportRows(sheet, catalog, existing);
}

/** 'Template': the four columns and one example line. */
export async function downloadTvTemplate(): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([[...TV_IMPORT_COLUMNS], ['1001', '7891000100103', 'ARROZ TIPO 1 5KG', '21,90']]),
    'Produtos',
  );
  XLSX.writeFile(book, 'modelo-campanha-tv.xlsx');
}
