import { describe, expect, it } from 'vitest';
import { campaignExportFileName, campaignListQuery, DEFAULT_CAMPAIGN_FILTERS } from '../../api/campaigns';
import { activeText, audienceText, periodText, typeLabel } from './format';
import { dedupeImport, IMPORT_MESSAGES, importColumnOf, readImportRows } from './import-rows';
import { addIds, filterItems, removeIds, splitSides } from './transfer-model';

describe('campaign list', () => {
  it('asks for active discount campaigns by default', () => {
    expect(campaignListQuery({ page: 2, q: ' café ', filters: DEFAULT_CAMPAIGN_FILTERS })).toEqual({
      page: 2,
      per_page: 20,
      q: 'café',
      type: undefined,
      types: 'D,DB,DC,DBRANDS,DG,DBP',
      show_actives: 'Y',
      running_only: 'N',
      running_at: undefined,
      channel_id: undefined,
    });
    expect(
      campaignListQuery({
        page: 1,
        filters: { type: 'DG', showInactive: true, runningOnly: true, runningAt: '2026-11-24' },
      }),
    ).toMatchObject({
      type: 'DG',
      types: undefined,
      show_actives: 'N',
      running_only: 'Y',
      running_at: '2026-11-24',
    });
  });

  it('shows the period, the audience, the type and the state', () => {
    expect(periodText('2026-11-01', '2026-11-30')).toBe('01/11/2026 - 30/11/2026');
    expect(periodText('2026-11-01', '9999-12-31')).toBe('01/11/2026 - Sem data final');
    expect(audienceText({ id_lead: null, lead_description: null, population: null })).toBe('Toda a base');
    expect(audienceText({ id_lead: 3, lead_description: 'VIP', population: 1234 })).toBe('VIP (1.234)');
    expect(typeLabel('DBP')).toBe('Desconto por forma de pagamento');
    expect(typeLabel('L')).toBe('Números da sorte');
    expect(typeLabel('ZZ')).toBe('ZZ');
    expect(activeText('Y')).toBe('Ativa');
    expect(activeText('N')).toBe('Inativa');
  });

  it('names the export file', () => {
    expect(campaignExportFileName({ id: 4, description: 'Semana do Café!' }, null)).toBe(
      'campanha-4-semana-do-cafe.xlsx',
    );
    expect(campaignExportFileName({ id: 4, description: 'x' }, 'attachment; filename="c4.xlsx"')).toBe(
      'c4.xlsx',
    );
  });
});

describe('store transfer list', () => {
  const stores = [
    { id: 1, name: 'Freguesia Paulista' },
    { id: 12, name: 'São José' },
    { id: 3, name: 'Centro' },
  ];

  it('searches by id (from its start) or name (no case or accents)', () => {
    expect(filterItems(stores, '1').map((s) => s.id)).toEqual([1, 12]);
    expect(filterItems(stores, 'sao jose').map((s) => s.id)).toEqual([12]);
    expect(filterItems(stores, '  ')).toHaveLength(3);
  });

  it('moves stores between the sides', () => {
    const selected = addIds([3], [1, 3]);
    expect(selected).toEqual([3, 1]);
    expect(splitSides(stores, selected)).toEqual({ left: [stores[1]], right: [stores[0], stores[2]] });
    expect(removeIds(selected, [3])).toEqual([1]);
  });
});

describe('product file import', () => {
  it('matches the headers without case or accents', () => {
    expect(importColumnOf('Código EAN')).toBe('code');
    expect(importColumnOf('PREÇO')).toBe('price');
    expect(importColumnOf('Embalagem')).toBe('pack');
    expect(importColumnOf('Outro')).toBeUndefined();
  });

  it('reads the rows, keeping the digits of each EAN', () => {
    const rows = readImportRows([
      ['EAN', 'Preço', 'Limite', 'Embalagem'],
      [7891001000013, 12.9, '', 1],
      ['789.100-2000029', '', 6, ''],
      ['', 'sem código', '', ''],
    ]);
    expect(rows).toEqual([
      { code: '7891001000013', price: '12,9', pack: 1 },
      { code: '7891002000029', limit: '6' },
    ]);
    expect(() => readImportRows([['Nome'], ['x']])).toThrow(IMPORT_MESSAGES.noCode);
  });

  it('announces repeated codes and the end of the import', () => {
    const { unique, repeated } = dedupeImport([{ code: '1' }, { code: '2' }, { code: '1' }], new Set(['2']));
    expect(unique).toEqual([{ code: '1' }]);
    expect(repeated).toEqual(['2', '1']);
    expect(IMPORT_MESSAGES.duplicate('1')).toBe('Atenção: Código 1 já foi importado, verifique !');
    expect(IMPORT_MESSAGES.done(2, 3)).toBe('Importação concluída, adicionados 2 / 3.');
  });
});
