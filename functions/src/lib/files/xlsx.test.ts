import { describe, expect, it } from 'vitest';
import { columnName, escapeXml, xlsxStream } from './xlsx';
import { csvStream } from './csv';

async function bytesOf(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* pagesOf<T>(...pages: T[][]): AsyncGenerator<T[]> {
  for (const page of pages) yield page;
}

describe('streaming file writers', () => {
  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml('A & B <c> "d"\u0001\u0007 ok 😀')).toBe('A &amp; B &lt;c&gt; &quot;d&quot; ok 😀');
    expect(escapeXml('lone \uD800 surrogate')).toBe('lone  surrogate');
  });

  it('writes an xlsx that a spreadsheet reader opens: header, text, numbers, empty cells, odd characters', async () => {
    const file = await bytesOf(
      xlsxStream(
        { sheetName: 'Clientes', columns: ['id', 'nome', 'valor'] },
        pagesOf(
          [
            [1, 'JOÃO & <MARIA>', 10.5],
            [2, null, -3],
          ],
          [],
          [[3, 'linha\ncom quebra\u0002', '']],
        ),
      ),
    );
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(file, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Clientes']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Clientes!, { header: 1, defval: null });
    expect(rows).toEqual([
      ['id', 'nome', 'valor'],
      [1, 'JOÃO & <MARIA>', 10.5],
      [2, null, -3],
      [3, 'linha\ncom quebra', null],
    ]);
  });

  it('writes a semicolon CSV with a BOM, quoting what needs it and neutralising formulas', async () => {
    const text = (
      await bytesOf(csvStream({ columns: ['a', 'b'] }, pagesOf([['x;y', '=1+1']], [[null, 'aspas "já"']])))
    ).toString('utf8');
    expect(text).toBe('\uFEFFa;b\r\n"x;y";\'=1+1\r\n;"aspas ""já"""\r\n');
  });
});
