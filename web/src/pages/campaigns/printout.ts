import { toDisplayDate, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { DYNAMICS, NO_END_DATE, type Dynamic } from '@freguesia/shared/schemas/campaign';
import type { CampaignDetails } from '@freguesia/shared/schemas/campaign-api';
import type { jsPDF } from 'jspdf';
import type { RowInput, UserOptions } from 'jspdf-autotable';
import { EMPTY, formatAmount, formatCount, yesNo } from '../../components/format';
import { dynamicOf, splitCategories, UNKNOWN_PRODUCT } from './form-model';
import { activeText, typeLabel } from './format';

/**
 * The A4 printout of a discount campaign that the marketing team hands to the stores (spec part 2
 * §2.1 'A campaign PDF in A4 with a product table'): the tenant, the campaign's id, description,
 * status, type, dynamic, period, audience, stores, payment methods, rules and limits, the combo
 * groups of a DG campaign, and the product table, which runs over as many pages as it needs with
 * its header repeated and 'Página N de M' with the print date at the foot of each page.
 *
 * The texts are pure functions (unit-tested); jsPDF and jspdf-autotable (≈ 150 KB gzip) are
 * imported only when a document is built, so no screen pays for them until someone prints.
 * jsPDF's standard Helvetica covers WinAnsi (every Portuguese letter, '—', '›', '“'); a text with
 * any other character would make jsPDF write the whole string as garbage, so texts are reduced to
 * WinAnsi first ({@link winAnsi}).
 */

/** The period's end when the campaign has none (9999-12-31). */
export const NO_END_PRINT = 'Sem prazo final';
/** The audience when the campaign has no lead. */
export const ALL_CUSTOMERS = 'Todos os clientes';
export const UNLIMITED = 'Ilimitado';

/** Names the document needs beyond the campaign, each by id; a missing one prints the bare id. */
export interface CampaignPrintLookups {
  /** The tenant's name (GET /web/tenant), printed at the top of every page. */
  tenantName: string;
  stores?: ReadonlyMap<number, string>;
  payments?: ReadonlyMap<number, string>;
  brands?: ReadonlyMap<number, string>;
  /** Category path ('1,5') → its label ('Mercearia › Arroz'). */
  categories?: ReadonlyMap<string, string>;
  /** When it is printed (the footer); now when omitted. */
  printedAt?: Date;
}

export interface CampaignPdfOptions {
  /** Deflate the page streams (default true); tests read the text of an uncompressed document. */
  compress?: boolean;
}

export const campaignPdfFileName = (id: number): string => `campanha-${id}.pdf`;

// ---------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------

// The 27 characters WinAnsi (cp1252) has between 0x80 and 0x9F.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const STAND_INS: Readonly<Record<string, string>> = {
  '≥': '>=',
  '≤': '<=',
  '→': '->',
  '←': '<-',
  '✓': 'v',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2009': ' ',
  '\u202f': ' ',
};

const printable = (ch: string): boolean => {
  const code = ch.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch) || ch === '\n'
  );
};

/**
 * The text as Helvetica can draw it: every character of WinAnsi is kept (all Portuguese accents);
 * others lose their accent ('ő' → 'o'), take a stand-in ('≥' → '>=') or become '?'; emoji are
 * dropped; tabs and other control characters become spaces.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (printable(ch)) out += ch;
    else if (STAND_INS[ch] !== undefined) out += STAND_INS[ch];
    else if (ch.codePointAt(0)! < 0x20 || (ch.codePointAt(0)! >= 0x7f && ch.codePointAt(0)! < 0xa0))
      out += ' ';
    else if (/\p{Extended_Pictographic}|\p{Mn}/u.test(ch) || ch === '\u200d') continue;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base !== ch && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}

/** '01/06/2025 a 30/06/2025', or '01/06/2025 - Sem prazo final' for a campaign without an end. */
export function printPeriod(start: string, end: string): string {
  const from = toDisplayDate(start) ?? start;
  if (end === NO_END_DATE) return `${from} - ${NO_END_PRINT}`;
  return `${from} a ${toDisplayDate(end) ?? end}`;
}

const percent = (value: number): string => `${String(value).replace('.', ',')}%`;

/**
 * What a rule gives, in words: 'Desconto de 10%', 'Preço fixo R$ 9,90', 'Leve 3 pague 2',
 * 'A partir de 2 un.: R$ 4,50 cada', 'R$ 1,00 a menos'. Without a value, the dynamic's name.
 */
export function ruleValueText(
  dyn: Dynamic | null,
  rule: { value: number | null; take?: number; pay?: number },
): string {
  if (dyn === null) return EMPTY;
  const { value, take = 0, pay = 0 } = rule;
  if (dyn === 5) return take > 0 ? `Leve ${take} pague ${pay}` : DYNAMICS[5];
  if (value === null) return DYNAMICS[dyn];
  const money = formatAmount(value);
  switch (dyn) {
    case 1:
      return `Preço fixo ${money}`;
    case 2:
      return `Desconto de ${percent(value)}`;
    case 3:
      return `A partir de ${take} un.: ${money} cada`;
    case 4:
      return `A partir de ${take} un.: desconto de ${percent(value)}`;
    case 6:
      return `${money} a menos`;
    case 7:
      return `${money} a partir de ${take} un. vendidas`;
    case 8:
      return `${money} até ${take} un. vendidas`;
    case 9:
      return `Desconto base de ${percent(value)}, progressivo por faixa`;
    case 10:
      return `Desconto base de ${money}, progressivo por faixa`;
  }
}

const dynamicName = (dyn: Dynamic): string => `${dyn} - ${DYNAMICS[dyn]}`;

/** 'id - name' of each id, the bare id when the name is unknown; '-' when there are none. */
function named(ids: readonly number[], names: ReadonlyMap<number, string> | undefined): string {
  if (ids.length === 0) return EMPTY;
  return ids.map((id) => (names?.has(id) ? `${id} - ${names.get(id)}` : String(id))).join(', ');
}

const noLimit = (value: number, text: string, shown: string): string => (value > 0 ? shown : text);

export type Fact = readonly [label: string, value: string];

/**
 * The campaign's data in label/value pairs, as the printout shows them below its title (which has
 * the status and the type): `main` (period, audience, dynamic, stores, …) and `rules` (the
 * switches and the limits).
 */
export function campaignFacts(
  campaign: CampaignDetails,
  lookups: Omit<CampaignPrintLookups, 'tenantName' | 'printedAt'> = {},
): { main: Fact[]; rules: Fact[] } {
  const { info, type } = campaign;
  const main: Fact[] = [
    ['Período', printPeriod(campaign.start_at, campaign.end_at)],
    [
      'Público',
      campaign.id_lead === null ? ALL_CUSTOMERS : (campaign.lead_description ?? `Lead ${campaign.id_lead}`),
    ],
  ];
  const dyn = dynamicOf(info.type);
  if (type === 'D') {
    // Each product row has its dynamic (the campaign's is only the default of new rows).
    const rows = campaign.products.filter((p) => p.trigger_discount === 'D');
    const dynamics = new Set(rows.map((p) => p.type ?? dyn));
    const only = dynamics.size === 1 ? [...dynamics][0]! : null;
    main.push([
      'Dinâmica',
      only !== null ? dynamicName(only) : rows.length > 0 ? 'Por produto (ver a tabela)' : EMPTY,
    ]);
  } else {
    main.push(['Dinâmica', dyn === null ? EMPTY : dynamicName(dyn)]);
    const take = info.trigger_quantity;
    main.push([
      'Valor',
      ruleValueText(dyn, { value: info.value, take, pay: Math.max(0, take - info.discount_quantity) }),
    ]);
  }
  if (type === 'DG') {
    main.push(['Quantidade gatilho', formatCount(info.trigger_quantity)]);
    main.push(['Quantidade com desconto', formatCount(info.discount_quantity)]);
  }
  main.push([
    'Lojas',
    named(
      campaign.stores.map((s) => s.id_store),
      lookups.stores,
    ),
  ]);
  if (type === 'DBP' || campaign.payments.length > 0)
    main.push([
      'Formas de pagamento',
      named(
        campaign.payments.map((p) => p.id_payment_method),
        lookups.payments,
      ),
    ]);
  if (type === 'DBRANDS' || campaign.brands.length > 0)
    main.push([
      'Marcas',
      named(
        campaign.brands.map((b) => b.id_brand),
        lookups.brands,
      ),
    ]);
  if (type === 'DC') {
    const paths = splitCategories(info.categories);
    main.push([
      'Categorias',
      paths.length === 0 ? EMPTY : paths.map((p) => lookups.categories?.get(p) ?? p).join('; '),
    ]);
  }
  if (info.layout_title) main.push(['Título para etiquetas', info.layout_title]);

  const rules: Fact[] = [
    ['Voucher', info.voucher_code ?? 'Não'],
    ['Somente clientes que aceitaram os termos', yesNo(info.need_terms)],
    ['Acumula com outras campanhas', yesNo(info.can_accumulate)],
    ['Pode repetir o desconto', yesNo(info.can_repeat_customer)],
    ['Ignorar o desconto se o item já estiver em oferta', yesNo(info.unique_discount)],
    [
      'Desconto máximo por compra',
      noLimit(info.value_max_deduct, 'Sem limite', formatAmount(info.value_max_deduct)),
    ],
    [
      'Compras com desconto por cliente',
      noLimit(info.customer_limit, 'Sem limite', formatCount(info.customer_limit)),
    ],
    ['Orçamento da campanha', noLimit(info.budget, 'Sem orçamento', formatAmount(info.budget))],
  ];
  if (campaign.products.some((p) => p.trigger_discount === 'T'))
    rules.push(['Requisito dos produtos gatilho', info.requisite === 'all' ? 'Todos' : 'Qualquer um']);
  return { main, rules };
}

type ProductRow = CampaignDetails['products'][number];

/** A product row's limit: 'Ilimitado', or its units per purchase. */
export const productLimitText = (row: Pick<ProductRow, 'limit' | 'unlimited'>): string =>
  row.unlimited === 'Y' || row.limit === 0 ? UNLIMITED : formatCount(row.limit);

/** What a product row gets ('Desconto de 10%'), taking the campaign's dynamic when the row has none. */
export function productValueText(row: ProductRow, campaign: CampaignDetails): string {
  if (row.trigger_discount === 'T') return 'Produto gatilho';
  const dyn = row.type ?? dynamicOf(campaign.info.type);
  // A combo's discount rows take the campaign's value.
  const value = row.price ?? (campaign.type === 'DG' ? campaign.info.value : null);
  return ruleValueText(dyn, { value, take: row.take, pay: row.pay });
}

/** The rows of the product table: EAN, description, [role,] limit, campaign value. */
export function productTable(campaign: CampaignDetails): { head: string[]; body: string[][] } {
  const roles = campaign.products.some((p) => p.trigger_discount === 'T');
  const head = ['Código (EAN)', 'Descrição', ...(roles ? ['Papel'] : []), 'Limite', 'Valor da campanha'];
  const body = campaign.products.map((p) => [
    p.code,
    p.description ?? UNKNOWN_PRODUCT,
    ...(roles ? [p.trigger_discount === 'T' ? 'Gatilho' : 'Desconto'] : []),
    p.trigger_discount === 'T' ? EMPTY : productLimitText(p),
    p.trigger_discount === 'T' ? EMPTY : productValueText(p, campaign),
  ]);
  return { head, body };
}

/** The combo (DG) groups: each item by 'EAN - description' (when the product table has it) or by its group. */
export function groupTable(campaign: CampaignDetails): string[][] {
  const descriptions = new Map(campaign.products.map((p) => [p.code, p.description]));
  return campaign.groups.map((group, i) => [
    `${i + 1}${group.title ? ` - ${group.title}` : ''}`,
    group.type === 'T' ? 'Gatilho' : 'Desconto',
    group.requisite === 'all' ? 'Todos os itens' : 'Qualquer item',
    i === 0 ? EMPTY : group.logical_operator === 'and' ? 'E' : 'OU',
    group.items
      .map((item) =>
        item.code !== undefined
          ? `${item.code}${descriptions.get(item.code) ? ` - ${descriptions.get(item.code)}` : ''}`
          : `Grupo ${item.group_code}`,
      )
      .join('\n'),
  ]);
}

// ---------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------

const PAGE = { width: 210, height: 297, margin: 14, top: 20, bottom: 18 } as const;
const INK: [number, number, number] = [22, 25, 31];
const MUTED: [number, number, number] = [95, 107, 122];
const RULE: [number, number, number] = [209, 213, 219];
const HEAD: [number, number, number] = [35, 47, 62];
const ACTIVE: [number, number, number] = [3, 116, 56];

/** Where the last table ended. */
const tableEnd = (doc: jsPDF): number =>
  (doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable?.finalY ?? PAGE.top;

/**
 * The A4 document of a campaign. jsPDF and jspdf-autotable are loaded here, on the first print.
 * Returns the jsPDF document (`doc.output('blob')` to save it, `doc.output()` to read it).
 */
export async function buildCampaignPdf(
  campaign: CampaignDetails,
  lookups: CampaignPrintLookups,
  options: CampaignPdfOptions = {},
): Promise<jsPDF> {
  const [{ jsPDF: JsPdf }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new JsPdf({
    unit: 'mm',
    format: 'a4',
    orientation: 'portrait',
    compress: options.compress ?? true,
  });
  const content = PAGE.width - 2 * PAGE.margin;
  const title = winAnsi(`Campanha ${campaign.id} - ${campaign.description}`);
  doc.setProperties({ title, subject: 'Campanha de desconto', creator: 'Freguesia' });
  doc.setTextColor(...INK);

  const table = (startY: number, opts: UserOptions) =>
    autoTable(doc, {
      startY,
      margin: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
      theme: 'grid',
      rowPageBreak: 'avoid',
      styles: {
        font: 'helvetica',
        fontSize: 8.5,
        cellPadding: 1.6,
        textColor: INK,
        lineColor: RULE,
        lineWidth: 0.1,
        overflow: 'linebreak',
        valign: 'middle',
      },
      headStyles: { fillColor: HEAD, textColor: 255, fontStyle: 'bold' },
      ...opts,
    });
  const heading = (text: string, y: number): number => {
    // Keep a heading with at least a few lines of what follows it.
    if (y > PAGE.height - PAGE.bottom - 30) {
      doc.addPage();
      y = PAGE.top + 2;
    }
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(11)
      .setTextColor(...INK);
    doc.text(winAnsi(text), PAGE.margin, y);
    return y + 2.5;
  };

  // Title block: 'Campanha 12', the description, the status and the type.
  let y = PAGE.top + 4;
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(10)
    .setTextColor(...MUTED);
  doc.text(`Campanha ${campaign.id}`, PAGE.margin, y);
  y += 7;
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(16)
    .setTextColor(...INK);
  const lines = doc.splitTextToSize(winAnsi(campaign.description), content) as string[];
  doc.text(lines, PAGE.margin, y);
  y += (lines.length - 1) * 6.6 + 5;
  const status = activeText(campaign.active);
  doc.setFont('helvetica', 'bold').setFontSize(8.5);
  const pill = doc.getTextWidth(status) + 6;
  doc.setFillColor(...(campaign.active === 'Y' ? ACTIVE : MUTED));
  doc.roundedRect(PAGE.margin, y, pill, 5.6, 2.8, 2.8, 'F');
  doc.setTextColor(255);
  doc.text(status, PAGE.margin + 3, y + 3.9);
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(10)
    .setTextColor(...MUTED);
  doc.text(winAnsi(typeLabel(campaign.type)), PAGE.margin + pill + 3, y + 4);
  y += 12;

  const facts = campaignFacts(campaign, lookups);
  const label = { fontStyle: 'bold' as const, fillColor: [243, 244, 246] as [number, number, number] };
  y = heading('Dados da campanha', y);
  table(y, {
    body: facts.main.map(([k, v]) => [winAnsi(k), winAnsi(v)]),
    columnStyles: { 0: { ...label, cellWidth: 48 } },
  });

  // The rules two pairs a line.
  const pairs: RowInput[] = [];
  for (let i = 0; i < facts.rules.length; i += 2) {
    const [a, b] = [facts.rules[i]!, facts.rules[i + 1]];
    pairs.push([winAnsi(a[0]), winAnsi(a[1]), winAnsi(b?.[0] ?? ''), winAnsi(b?.[1] ?? '')]);
  }
  y = heading('Regras e limites', tableEnd(doc) + 8);
  table(y, {
    body: pairs,
    columnStyles: {
      0: { ...label, cellWidth: 56 },
      1: { cellWidth: 35 },
      2: { ...label, cellWidth: 56 },
      3: { cellWidth: 35 },
    },
  });

  const dyn = dynamicOf(campaign.info.type);
  if (campaign.info.tiers.length > 0 && (dyn === 9 || dyn === 10)) {
    y = heading('Faixas progressivas', tableEnd(doc) + 8);
    table(y, {
      head: [['A partir de (R$)', 'A partir de (unidades)', 'Desconto']],
      body: campaign.info.tiers.map((t) => [
        formatAmount(t.min_amount),
        t.min_quantity > 0 ? formatCount(t.min_quantity) : EMPTY,
        dyn === 9 ? percent(t.value) : formatAmount(t.value),
      ]),
    });
  }

  if (campaign.type === 'DG') {
    y = heading(`Grupos do combo (${formatCount(campaign.groups.length)})`, tableEnd(doc) + 8);
    table(y, {
      head: [['Grupo', 'Tipo', 'Requisito', 'Operador', 'Itens']],
      body: groupTable(campaign).map((row) => row.map(winAnsi)),
      columnStyles: {
        0: { cellWidth: 40 },
        1: { cellWidth: 20 },
        2: { cellWidth: 26 },
        3: { cellWidth: 18 },
      },
    });
  }

  y = heading(`Produtos (${formatCount(campaign.products.length)})`, tableEnd(doc) + 8);
  if (campaign.products.length === 0) {
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(9.5)
      .setTextColor(...MUTED);
    doc.text('Nenhum produto nesta campanha.', PAGE.margin, y + 4);
  } else {
    const products = productTable(campaign);
    const roles = products.head.length === 5;
    table(y, {
      head: [products.head],
      body: products.body.map((row) => row.map(winAnsi)),
      showHead: 'everyPage',
      alternateRowStyles: { fillColor: [248, 249, 250] },
      columnStyles: {
        0: { cellWidth: 30 },
        ...(roles ? { 2: { cellWidth: 18 } } : {}),
        [roles ? 3 : 2]: { cellWidth: 19, halign: 'right' },
        [roles ? 4 : 3]: { cellWidth: 44 },
      },
    });
  }

  // Running header and footer on every page, once the page count is known.
  const printed = toDisplayDateTime((lookups.printedAt ?? new Date()).toISOString()) ?? '';
  const tenant = winAnsi(lookups.tenantName.trim() || 'Freguesia');
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setDrawColor(...RULE).setLineWidth(0.3);
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(9)
      .setTextColor(...INK);
    doc.text(tenant, PAGE.margin, 11);
    doc.setFont('helvetica', 'normal').setTextColor(...MUTED);
    const right = (doc.splitTextToSize(title, content - doc.getTextWidth(tenant) - 10) as string[])[0] ?? '';
    doc.text(right === title ? right : `${right.replace(/\s+\S*$/, '')}…`, PAGE.width - PAGE.margin, 11, {
      align: 'right',
    });
    doc.line(PAGE.margin, 13.5, PAGE.width - PAGE.margin, 13.5);
    const foot = PAGE.height - 10;
    doc.line(PAGE.margin, foot - 4.5, PAGE.width - PAGE.margin, foot - 4.5);
    doc.setFontSize(8);
    doc.text(`Impresso em ${printed}`, PAGE.margin, foot);
    doc.text(`Página ${page} de ${pages}`, PAGE.width - PAGE.margin, foot, { align: 'right' });
  }
  return doc;
}
