import { describe, expect, it } from 'vitest';
import { columnOf, FILE_MESSAGES, isSpreadsheetName, readFileRows } from './file-rows';

describe('lead spreadsheet rows', () => {
  it('recognizes the headers without case, accents or separators', () => {
    expect(columnOf('Document')).toBe('document');
    expect(columnOf(' CPF ')).toBe('document');
    expect(columnOf('Documento')).toBe('document');
    expect(columnOf('E-MAIL')).toBe('email');
    expect(columnOf('e_mail')).toBe('email');
    expect(columnOf('FullName')).toBe('fullname');
    expect(columnOf('Nome')).toBe('fullname');
    expect(columnOf('Cellphone')).toBe('cellphone');
    expect(columnOf('Celular')).toBe('cellphone');
    expect(columnOf('Endereço')).toBeUndefined();
    expect(columnOf('')).toBeUndefined();
  });

  it('reads a file lead: documents zero-padded, e-mails lower-cased, blank lines left out', () => {
    const read = readFileRows(
      [
        ['CPF', 'Nome', 'E-mail', 'Celular', 'Outra'],
        [1234567890, 'Ana', 'ANA@EXEMPLO.COM', '(11) 98765-4321', 'x'],
        ['123.456.789-09', 'Bruno', '', '', ''],
        ['', 'Só nome', '', '', ''],
        ['', '', 'carla@exemplo.com', '', ''],
        ['', '', '', '', ''],
      ],
      'F',
    );
    expect(read.rows).toEqual([
      { document: '01234567890', fullname: 'Ana', email: 'ana@exemplo.com', cellphone: '11987654321' },
      { document: '12345678909', fullname: 'Bruno' },
      { email: 'carla@exemplo.com' },
    ]);
    expect(read.skipped).toBe(1);
    expect(read.columns).toEqual(['document', 'fullname', 'email', 'cellphone']);
  });

  it('keeps a 14-digit CNPJ stored as a number without exponent', () => {
    const read = readFileRows([['document'], [12345678000195]], 'F');
    expect(read.rows).toEqual([{ document: '12345678000195' }]);
  });

  it('reads an e-mail lead by its e-mail column only', () => {
    const read = readFileRows(
      [
        ['document', 'email', 'fullname'],
        ['12345678909', 'ana@exemplo.com', 'Ana'],
        ['98765432100', '', 'Sem e-mail'],
      ],
      'E',
    );
    expect(read.rows).toEqual([{ email: 'ana@exemplo.com', fullname: 'Ana' }]);
    expect(read.skipped).toBe(1);
  });

  it('refuses a sheet without the identifying column', () => {
    expect(() => readFileRows([['nome'], ['Ana']], 'F')).toThrow(FILE_MESSAGES.noColumn.F);
    expect(() => readFileRows([['cpf'], ['12345678909']], 'E')).toThrow(FILE_MESSAGES.noColumn.E);
    expect(() => readFileRows([], 'F')).toThrow(FILE_MESSAGES.noColumn.F);
  });

  it('accepts only .xlsx and .xls names', () => {
    expect(isSpreadsheetName('clientes.XLSX')).toBe(true);
    expect(isSpreadsheetName('clientes.xls')).toBe(true);
    expect(isSpreadsheetName('clientes.csv')).toBe(false);
    expect(isSpreadsheetName('clientes.xlsx.pdf')).toBe(false);
  });
});
