import { describe, expect, it } from 'vitest';
import { tagExportFileName } from './tags';

describe('tagExportFileName', () => {
  it("uses the server's file name, else one from the tag", () => {
    expect(tagExportFileName({ id: 7, description: 'VIP' }, 'attachment; filename="tag-7.xlsx"')).toBe(
      'tag-7.xlsx',
    );
    expect(
      tagExportFileName(
        { id: 7, description: 'VIP' },
        "attachment; filename*=UTF-8''promo%C3%A7%C3%A3o.xlsx",
      ),
    ).toBe('promoção.xlsx');
    expect(
      tagExportFileName({ id: 7, description: 'Clientes 100%' }, 'attachment; filename="100%.xlsx"'),
    ).toBe('100%.xlsx');
    expect(tagExportFileName({ id: 9, description: 'Promoção de Verão' }, null)).toBe(
      'tag-9-promocao-de-verao.xlsx',
    );
  });
});
