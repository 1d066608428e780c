import { describe, expect, it } from 'vitest';
import { TvCampaign } from '../schemas/tv';
import {
  hasTvImportLayout,
  mapTvImportRows,
  parseSheetPrice,
  parseTvToken,
  TV_MESSAGES,
  tvManualRow,
  tvShownPrice,
  type TvCatalogProduct,
} from './tv';

const arroz: TvCatalogProduct = { code: '7891234567895', description: 'ARROZ CAMIL 5KG', pack: 1, url: '' };
const leite: TvCatalogProduct = {
  code: '7890000000017',
  description: 'LEITE ITALAC 1L',
  pack: 12,
  url: 'x.png',
};
const catalog = new Map<string, TvCatalogProduct | null>([
  [arroz.code, arroz],
  [leite.code, leite],
]);

describe('TV import: the sheet to rows (spec part 2 §5)', () => {
  it('needs the four template columns, in any case and order', () => {
    expect(hasTvImportLayout(['ean', 'COD_PROD', 'DESC_PROD', 'PREC_CLUBE', 'extra'])).toBe(true);
    expect(hasTvImportLayout(['COD_PROD', 'EAN', 'DESC_PROD'])).toBe(false);
    expect(hasTvImportLayout(['loja', 'premio'])).toBe(false);
  });

  it.each([
    ['a number', 19.9, 19.9],
    ['Brazilian text', '1.234,56', 1234.56],
    ['R$ with comma', 'R$ 4,99', 4.99],
    ['an ERP dot decimal', '12.50', 12.5],
    ['float noise', 1.9899999999, 1.99],
    ['empty', '', null],
    ['text', 'grátis', null],
    ['negative', -1, null],
  ])('reads the club price from %s', (_label, value, expected) => {
    expect(parseSheetPrice(value)).toBe(expected);
  });

  it('looks each row up by EAN, with the defaults of §5 and PREC_CLUBE as the price', () => {
    const result = mapTvImportRows(
      [
        { COD_PROD: 'A-10', EAN: '7891234567895', DESC_PROD: 'arroz do erp', PREC_CLUBE: '21,90' },
        { COD_PROD: 55, EAN: 7890000000017, DESC_PROD: 'leite', PREC_CLUBE: 4.49 },
      ],
      catalog,
    );
    expect(result.rows).toEqual([
      {
        type: 1,
        code: '7891234567895',
        reference: 'A-10',
        url: '',
        description: 'ARROZ CAMIL 5KG',
        price: 21.9,
        qt_packing: 1,
        unlimited: 'Y',
        limit: 1000,
        budget: 0,
        budget_limit: 0,
      },
      expect.objectContaining({ code: '7890000000017', reference: '55', qt_packing: 12, price: 4.49 }),
    ]);
    expect(result.unknown).toEqual([]);
  });

  it('keeps an unknown code as PRODUTO NÃO CADASTRADO with packaging 1 and reports it', () => {
    const result = mapTvImportRows(
      [{ COD_PROD: '9', EAN: '123', DESC_PROD: 'Sabão', PREC_CLUBE: '3' }],
      catalog,
    );
    expect(result.rows[0]).toMatchObject({
      code: '123',
      description: TV_MESSAGES.unknownDescription,
      qt_packing: 1,
      price: 3,
    });
    expect(result.unknown).toEqual(['123']);
    expect(TV_MESSAGES.unknownProduct).toBe('Produto não cadastrado na plataforma');
  });

  it('falls back to a numeric COD_PROD without EAN, skips rows with neither, drops repeats', () => {
    const result = mapTvImportRows(
      [
        { COD_PROD: '7891234567895', EAN: '', DESC_PROD: 'x', PREC_CLUBE: '' },
        { COD_PROD: 'ABC', EAN: '', DESC_PROD: 'y', PREC_CLUBE: '1' },
        { COD_PROD: '1', EAN: '7891234567895', DESC_PROD: 'again', PREC_CLUBE: '2' },
        { COD_PROD: '', EAN: '7890000000017', DESC_PROD: '', PREC_CLUBE: '' },
      ],
      catalog,
      new Set(['7890000000017']),
    );
    expect(result.rows.map((r) => r.code)).toEqual(['7891234567895']);
    expect(result.rows[0]!.price).toBeNull();
    expect(result.skipped).toEqual([2]);
    expect(result.duplicates).toEqual(['7891234567895', '7890000000017']);
  });

  it('builds a manual row from the catalogue, or the unknown row', () => {
    expect(tvManualRow('7890000000017', leite, 3.5)).toMatchObject({
      description: 'LEITE ITALAC 1L',
      qt_packing: 12,
    });
    expect(tvManualRow('42', null, null)).toMatchObject({
      description: 'PRODUTO NÃO CADASTRADO',
      qt_packing: 1,
    });
  });
});

describe('TV price rule', () => {
  it.each([
    [
      'regular only',
      null,
      { regular: 1000, offer: null, promotion: null },
      { now: 1000, before: null, kind: 'regular' },
    ],
    [
      'club below regular',
      899,
      { regular: 1000, offer: null, promotion: null },
      { now: 899, before: 1000, kind: 'club' },
    ],
    [
      'club above a promotion',
      950,
      { regular: 1000, offer: null, promotion: 800 },
      { now: 800, before: 1000, kind: 'promotion' },
    ],
    [
      'an offer price',
      null,
      { regular: 1000, offer: 900, promotion: null },
      { now: 900, before: 1000, kind: 'promotion' },
    ],
    [
      'club equal to promotion (club wins)',
      800,
      { regular: 1000, offer: null, promotion: 800 },
      { now: 800, before: 1000, kind: 'club' },
    ],
    [
      'club above regular',
      1200,
      { regular: 1000, offer: null, promotion: null },
      { now: 1000, before: null, kind: 'regular' },
    ],
    [
      'no store price, club only',
      500,
      { regular: null, offer: null, promotion: null },
      { now: 500, before: null, kind: 'club' },
    ],
    [
      'a zero club price is none',
      0,
      { regular: 1000, offer: null, promotion: null },
      { now: 1000, before: null, kind: 'regular' },
    ],
  ] as const)('%s', (_label, club, facts, expected) => {
    expect(tvShownPrice(club, facts)).toEqual(expected);
  });

  it('hides a row with no price at all', () => {
    expect(tvShownPrice(null, { regular: null, offer: null, promotion: null })).toBeUndefined();
  });
});

describe('TV screen token', () => {
  const sig = 'a'.repeat(43);
  it('parses campaign, store and signature', () => {
    expect(parseTvToken(`12.3.${sig}`)).toEqual({ campaign: 12, store: 3, signature: sig });
  });
  it.each(['', '12.3', `0.3.${sig}`, `12.3.${sig}x`, `12.-3.${sig}`, `12.3.${'a'.repeat(42)}+`])(
    'refuses %j',
    (t) => {
      expect(parseTvToken(t)).toBeUndefined();
    },
  );
});

describe('TV campaign payload (spec part 2 §5 messages)', () => {
  const valid = {
    description: 'Ofertas da semana',
    type: 'TV',
    start_at: '2026-01-01',
    end_at: '2026-01-31',
    stores: [{ id_store: 1 }],
    products: [{ code: '7891234567895', price: '9,99' }],
  };
  it('accepts a campaign and normalises the club price', () => {
    const parsed = TvCampaign.parse(valid);
    expect(parsed.products[0]).toMatchObject({
      type: 1,
      price: 9.99,
      qt_packing: 1,
      limit: 1000,
      unlimited: 'Y',
    });
    expect(parsed.info).toMatchObject({ id_category: null, rotate_seconds: 8 });
  });
  it('says what is missing in the spec words', () => {
    const result = TvCampaign.safeParse({ ...valid, description: ' ', start_at: '', stores: [] });
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'Informe a descrição da campanha',
        'Selecione o Período',
        'Selecione uma loja para a campanha!',
      ]),
    );
  });
  it('refuses a code twice and a category that is not the end of its path', () => {
    const result = TvCampaign.safeParse({
      ...valid,
      products: [{ code: '1' }, { code: '1' }],
      info: { category_path: [1, 5], id_category: 1 },
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Atenção: Código 1 já foi importado, verifique !',
      'A categoria deve ser a última do caminho escolhido.',
    ]);
  });
});
