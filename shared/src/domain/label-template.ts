import { NO_END_DATE } from './campaign-dynamics';
import { UNLIMITED_LABEL_LIMIT, type CampaignLabelRow, type CampaignLabels } from '../schemas/label';
import { toDisplayDate } from './dates';
import { escapeHtml } from './text';
import { formatMoney, numberToCents, splitMoney } from './money';

/** Escapes text for HTML (`./text`, where light code such as the e-mail sender takes it from). */
export { escapeHtml };

/**
 * Label templates (spec part 2 §2.6, §3 'Label layout'): a layout's markup with `{{placeholders}}`
 * filled in from one product of a campaign at a store. Values are HTML-escaped, so a product
 * description such as `<b>` or `"` can never add markup; the layout itself is sanitised by the
 * server on save and again by the browser before it is shown. Pure: the settings preview, the
 * print preview and the PDF all render through `renderLabel`.
 */

/** The placeholders a layout may use, with what each shows and an example (the editor lists them). */
export const LABEL_PLACEHOLDERS = [
  { key: 'description', text: 'Descrição do produto', sample: 'Arroz Tipo 1 Camil 5kg' },
  { key: 'ean', text: 'Código de barras (EAN)', sample: '7891000100103' },
  { key: 'price', text: 'Preço da campanha, com vírgula', sample: '1.234,99' },
  { key: 'price_integer', text: 'Parte inteira do preço da campanha', sample: '1.234' },
  { key: 'price_cents', text: 'Centavos do preço da campanha', sample: '99' },
  { key: 'regular_price', text: 'Preço normal da loja, com vírgula', sample: '1.399,90' },
  { key: 'regular_price_integer', text: 'Parte inteira do preço normal', sample: '1.399' },
  { key: 'regular_price_cents', text: 'Centavos do preço normal', sample: '90' },
  { key: 'limit', text: 'Limite por compra (sem limite: 1000)', sample: '1000' },
  {
    key: 'limit_line',
    text: 'Frase do limite: "Limite de N unidades por cliente." (vazia sem limite)',
    sample: 'Limite de 5 unidades por cliente.',
  },
  {
    key: 'dynamic',
    text: 'A dinâmica quando depende da quantidade: "Leve 3 pague 2", "A partir de 3 unidades" (vazia nas outras)',
    sample: 'Leve 3 pague 2',
  },
  { key: 'take', text: 'Quantidade "leve X" / "a partir de X" (vazio quando não há)', sample: '3' },
  { key: 'pay', text: 'Quantidade "pague Y" (vazio quando não há)', sample: '2' },
  { key: 'start_at', text: 'Início da campanha (DD/MM/AAAA)', sample: '01/06/2025' },
  { key: 'end_at', text: 'Fim da campanha (DD/MM/AAAA; vazio sem data final)', sample: '30/06/2025' },
  {
    key: 'period',
    text: 'Período: "de DD/MM/AAAA a DD/MM/AAAA" ou "a partir de DD/MM/AAAA"',
    sample: 'de 01/06/2025 a 30/06/2025',
  },
  { key: 'campaign', text: 'Descrição da campanha', sample: 'OFERTAS DA SEMANA' },
  { key: 'store', text: 'Nome da loja', sample: 'Loja Centro' },
] as const;

export type LabelPlaceholder = (typeof LABEL_PLACEHOLDERS)[number]['key'];
export type LabelValues = Readonly<Record<LabelPlaceholder, string>>;

const KNOWN = new Set<string>(LABEL_PLACEHOLDERS.map((p) => p.key));

/** The example values of every placeholder (the layout editor's live preview). */
export const SAMPLE_LABEL_VALUES: LabelValues = Object.fromEntries(
  LABEL_PLACEHOLDERS.map((p) => [p.key, p.sample]),
) as LabelValues;

/**
 * Fills `{{name}}` (spaces inside the braces allowed) with the escaped value. An unknown
 * placeholder is left as typed, so a misspelt one shows on the preview instead of vanishing.
 */
export function renderLabel(layout: string, values: Partial<Record<string, string>>): string {
  return layout.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, name: string) => {
    const key = name.toLowerCase();
    return KNOWN.has(key) ? escapeHtml(values[key] ?? '') : whole;
  });
}

/** A price in reais as label text: '1.234,99' and its integer and cents parts; empty when unknown. */
export function priceParts(reais: number | null | undefined): {
  text: string;
  integer: string;
  cents: string;
} {
  const cents = reais === null || reais === undefined ? undefined : numberToCents(reais);
  if (cents === undefined) return { text: '', integer: '', cents: '' };
  const [integer, decimals] = splitMoney(cents);
  return { text: formatMoney(cents, { symbol: false }), integer, cents: decimals };
}

/** The line of a quantity dynamic: 'Leve X pague Y' (5), 'A partir de X unidades' (3, 4); empty otherwise. */
function dynamicLine(row: Pick<CampaignLabelRow, 'dynamic' | 'take' | 'pay'>): string {
  if (row.dynamic === 5 && row.take > 0 && row.pay > 0) return `Leve ${row.take} pague ${row.pay}`;
  if ((row.dynamic === 3 || row.dynamic === 4) && row.take > 0) return `A partir de ${row.take} unidades`;
  return '';
}

/** The placeholder values of one product's label. */
export function labelValues(
  row: CampaignLabelRow,
  campaign: Pick<CampaignLabels['campaign'], 'description' | 'start_at' | 'end_at'>,
  store: { name: string },
): LabelValues {
  const price = priceParts(row.price);
  const regular = priceParts(row.regular_price);
  const start = toDisplayDate(campaign.start_at) ?? '';
  const end = campaign.end_at === NO_END_DATE ? '' : (toDisplayDate(campaign.end_at) ?? '');
  return {
    description: row.description,
    ean: row.code,
    price: price.text,
    price_integer: price.integer,
    price_cents: price.cents,
    regular_price: regular.text,
    regular_price_integer: regular.integer,
    regular_price_cents: regular.cents,
    limit: String(row.limit > 0 ? row.limit : UNLIMITED_LABEL_LIMIT),
    limit_line: row.unlimited || !(row.limit > 0) ? '' : `Limite de ${row.limit} unidades por cliente.`,
    dynamic: dynamicLine(row),
    take: row.take > 0 ? String(row.take) : '',
    pay: row.pay > 0 ? String(row.pay) : '',
    start_at: start,
    end_at: end,
    period: end ? `de ${start} a ${end}` : `a partir de ${start}`,
    campaign: campaign.description,
    store: store.name,
  };
}

/** A starting layout for a new label: description, the price split in integer and cents, EAN. */
export const DEFAULT_LABEL_LAYOUT = `<div style="font-family: Arial, sans-serif; padding: 2mm; text-align: center;">
  <div style="font-size: 11px; font-weight: bold; text-transform: uppercase;">{{description}}</div>
  <div style="font-size: 9px;">De R$ {{regular_price}} por</div>
  <div><span style="font-size: 12px;">R$</span> <span style="font-size: 30px; font-weight: bold;">{{price_integer}}</span><span style="font-size: 14px; font-weight: bold;">,{{price_cents}}</span></div>
  <div style="font-size: 10px; font-weight: bold;">{{dynamic}}</div>
  <div style="font-size: 8px;">{{limit_line}} Válido {{period}}.</div>
  <div style="font-size: 8px;">{{ean}}</div>
</div>`;

/**
 * The tags a label layout may use: the one allowlist of the server's sanitiser (sanitize-html,
 * functions/src/settings/labels.model.ts) and the browser's (DOMPurify, web/src/components/label-markup.ts).
 */
export const LABEL_TAGS = [
  ...['div', 'span', 'p', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'big', 'sub', 'sup', 'br', 'hr'],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'img'],
  ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'caption'],
];

/** An image source a label may use: http(s), or a raster data: URL (no SVG, which can carry scripts). */
export const LABEL_IMAGE_SOURCE = /^\s*(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp);)/i;
