/**
 * TV campaigns (spec part 2 §2.2, §3 'TV product row', §5): the Excel import's row mapping and
 * the price a TV screen shows. Plain data and functions with no zod and no I/O: the wizard (web),
 * the `tv` function and the display page's tests read the same rules.
 */

export const TV_TYPE = 'TV';

export const TV_MESSAGES = {
  description: 'Informe a descrição da campanha',
  period: 'Selecione o Período',
  /** Before the product search, the manual row and the import: the prices are simulated at a store. */
  simulationStore: 'Selecione uma loja para simular os preços',
  stores: 'Selecione uma loja para a campanha!',
  products: 'Adicione ao menos um produto à campanha.',
  unknownProduct: 'Produto não cadastrado na plataforma',
  /** The description of a row whose code the catalogue does not know. */
  unknownDescription: 'PRODUTO NÃO CADASTRADO',
  /** Any import file without the columns COD_PROD, EAN, DESC_PROD and PREC_CLUBE. */
  layout: 'Layout incorreto verifique o template e tente novamente!',
  duplicate: (code: string) => `Atenção: Código ${code} já foi importado, verifique !`,
  /** The public screen, for a link that is wrong, revoked or of a campaign no longer on air. */
  screenNotFound: 'Tela não encontrada.',
} as const;

/** The columns of the import template, in its order. */
export const TV_IMPORT_COLUMNS = ['COD_PROD', 'EAN', 'DESC_PROD', 'PREC_CLUBE'] as const;

/** Row type 1: a normal row; 2: shown full screen, in the banner (spec §3 'TV product row'). */
export type TvRowType = 1 | 2;

/** A TV product row as the wizard edits it and the API stores it. */
export interface TvRow {
  type: TvRowType;
  /** The product's code (EAN) — what the catalogue, the engine and the screen look it up by. */
  code: string;
  /** The ERP's code (COD_PROD of the import), '' when unknown. */
  reference: string;
  url: string;
  description: string;
  /** The club price in reais (PREC_CLUBE), null when none. */
  price: number | null;
  qt_packing: number;
  /** Defaults of an imported row (spec §5): unlimited 'Y', limit 1000, no budgets. */
  unlimited: 'Y' | 'N';
  limit: number;
  budget: number;
  budget_limit: number;
}

/** What the catalogue answers for a code (null: unknown). */
export interface TvCatalogProduct {
  code: string;
  description: string;
  pack: number;
  url: string;
}

/** A row of the import's sheet, as read (headers as keys). */
export type TvSheetRow = Readonly<Record<string, unknown>>;

const cell = (row: TvSheetRow, column: string): string => {
  const key = Object.keys(row).find((k) => k.trim().toUpperCase() === column);
  const value = key === undefined ? undefined : row[key];
  return value === undefined || value === null ? '' : String(value).trim();
};

/** Whether the sheet's header has every template column (extra columns are ignored). */
export function hasTvImportLayout(headers: readonly unknown[]): boolean {
  const names = new Set(
    headers.map((h) =>
      String(h ?? '')
        .trim()
        .toUpperCase(),
    ),
  );
  return TV_IMPORT_COLUMNS.every((c) => names.has(c));
}

/**
 * A price of the sheet in reais: a number (1.99), or text in the Brazilian ('1,99', 'R$ 1.234,56')
 * or the ERPs' format ('1.99'); more than two decimals are rounded half up (spreadsheets store
 * 1.99 as 1.9899999…). Null when empty or not a price.
 */
export function parseSheetPrice(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  let n: number;
  if (typeof value === 'number') n = value;
  else {
    const text = String(value)
      .replace(/R\$/gi, '')
      .replace(/[\s\u00a0]/g, '');
    if (text === '') return null;
    const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text;
    if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
    n = Number(normalized);
  }
  if (!Number.isFinite(n) || n < 0 || n > 9_999_999.99) return null;
  return Math.round(n * 100 + 1e-6) / 100;
}

/** The code a sheet row is looked up by: its EAN, else COD_PROD when that is a barcode (digits). */
export function tvRowLookupCode(row: TvSheetRow): string {
  const ean = cell(row, 'EAN').replace(/\.0+$/, '');
  if (/^\d{1,14}$/.test(ean)) return ean;
  const code = cell(row, 'COD_PROD').replace(/\.0+$/, '');
  return /^\d{1,14}$/.test(code) ? code : '';
}

export interface TvImportResult {
  rows: TvRow[];
  /** Codes the catalogue does not know (each gets the spec's notice once). */
  unknown: string[];
  /** Codes that were already among the rows or twice in the sheet (the later one is dropped). */
  duplicates: string[];
  /** Sheet lines (1 = the first after the header) with neither an EAN nor a numeric COD_PROD. */
  skipped: number[];
}

/**
 * Maps the import's sheet to TV rows (spec §5): EAN (else COD_PROD) looked up in the catalogue,
 * PREC_CLUBE the club price, defaults type 1, unlimited 'Y', limit 1000, budgets 0. A code the
 * catalogue does not know keeps the sheet's line with 'PRODUTO NÃO CADASTRADO' and packaging 1
 * (the sheet's DESC_PROD is not trusted for the screen: the product must be registered to be
 * priced). `existing`: codes already in the campaign (not imported twice).
 */
export function mapTvImportRows(
  sheet: readonly TvSheetRow[],
  catalog: ReadonlyMap<string, TvCatalogProduct | null>,
  existing: ReadonlySet<string> = new Set(),
): TvImportResult {
  const seen = new Set(existing);
  const result: TvImportResult = { rows: [], unknown: [], duplicates: [], skipped: [] };
  sheet.forEach((line, index) => {
    const code = tvRowLookupCode(line);
    if (!code) {
      if (Object.values(line).some((v) => String(v ?? '').trim() !== '')) result.skipped.push(index + 1);
      return;
    }
    if (seen.has(code)) {
      result.duplicates.push(code);
      return;
    }
    seen.add(code);
    const product = catalog.get(code) ?? null;
    if (!product) result.unknown.push(code);
    result.rows.push({
      type: 1,
      code,
      reference: cell(line, 'COD_PROD').replace(/\.0+$/, ''),
      url: product?.url ?? '',
      description: product ? product.description : TV_MESSAGES.unknownDescription,
      price: parseSheetPrice(rawCell(line, 'PREC_CLUBE')),
      qt_packing: product && product.pack > 0 ? product.pack : 1,
      unlimited: 'Y',
      limit: 1000,
      budget: 0,
      budget_limit: 0,
    });
  });
  return result;
}

function rawCell(row: TvSheetRow, column: string): unknown {
  const key = Object.keys(row).find((k) => k.trim().toUpperCase() === column);
  return key === undefined ? undefined : row[key];
}

/** A manual row (the code typed and Enter): the catalogue's product, or the spec's unknown row. */
export function tvManualRow(code: string, product: TvCatalogProduct | null, price: number | null): TvRow {
  return {
    type: 1,
    code,
    reference: '',
    url: product?.url ?? '',
    description: product ? product.description : TV_MESSAGES.unknownDescription,
    price,
    qt_packing: product && product.pack > 0 ? product.pack : 1,
    unlimited: 'Y',
    limit: 1000,
    budget: 0,
    budget_limit: 0,
  };
}

/** What the catalogue and the promotion engine say of a product at the screen's store, in centavos. */
export interface TvPriceFacts {
  /** The store's regular price (null: no price at that store). */
  regular: number | null;
  /** The store's offer price, when set. */
  offer: number | null;
  /** The unit price after the discount campaigns running at the store today (the engine's). */
  promotion: number | null;
}

/** The price a screen shows: `now` is what the customer pays, `before` the crossed-out price. */
export interface TvShownPrice {
  now: number;
  before: number | null;
  /** 'club': the row's club price is the lowest; 'promotion': a running campaign or offer; 'regular'. */
  kind: 'club' | 'promotion' | 'regular';
}

/**
 * The price rule of a TV row at a store: the lowest of the store's regular price, its offer price,
 * the price the running discount campaigns give (the engine's), and the row's club price
 * (PREC_CLUBE); the regular price is shown crossed out when something is lower. A row with no
 * price at all (unknown to the catalogue, no price at the store and no club price) is not shown:
 * undefined. Ties go to the club price, then the promotion.
 */
export function tvShownPrice(clubCents: number | null, facts: TvPriceFacts): TvShownPrice | undefined {
  const positive = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;
  const regular = positive(facts.regular) ? facts.regular : null;
  const candidates: { cents: number; kind: TvShownPrice['kind'] }[] = [];
  if (positive(clubCents)) candidates.push({ cents: clubCents, kind: 'club' });
  for (const v of [facts.promotion, facts.offer])
    if (positive(v) && (regular === null || v < regular)) candidates.push({ cents: v, kind: 'promotion' });
  if (regular !== null) candidates.push({ cents: regular, kind: 'regular' });
  if (candidates.length === 0) return undefined;
  const best = candidates.reduce((a, b) => (b.cents < a.cents ? b : a));
  return {
    now: best.cents,
    before: regular !== null && best.cents < regular ? regular : null,
    kind: best.kind,
  };
}

/** The screen's link fragment: `{campaign}.{store}.{signature}`. */
export function formatTvToken(campaign: number, store: number, signature: string): string {
  return `${campaign}.${store}.${signature}`;
}

/** The parts of a screen token, or undefined when it is not one (nothing else is told). */
export function parseTvToken(
  token: string,
): { campaign: number; store: number; signature: string } | undefined {
  const match = /^([1-9]\d{0,14})\.([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const campaign = Number(match[1]);
  const store = Number(match[2]);
  if (!Number.isSafeInteger(campaign) || !Number.isSafeInteger(store)) return undefined;
  return { campaign, store, signature: match[3]! };
}
