import { CampaignDetails } from '@freguesia/shared/schemas/campaign-api';
import { describe, expect, it } from 'vitest';
import {
  buildCampaignPdf,
  campaignFacts,
  campaignPdfFileName,
  groupTable,
  printPeriod,
  productTable,
  ruleValueText,
  winAnsi,
  type CampaignPrintLookups,
} from './printout';

/** A saved campaign as GET /web/campaign/details answers it (defaults filled by the shared schema). */
function campaign(overrides: Record<string, unknown> = {}, products = 2): CampaignDetails {
  return CampaignDetails.parse({
    id: 42,
    description: 'Ofertas de Verão — Açúcar e Café',
    type: 'D',
    active: 'Y',
    id_lead: null,
    lead_description: null,
    start_at: '2026-01-05',
    end_at: '9999-12-31',
    created_at: '2026-01-01T12:00:00Z',
    updated_at: '2026-01-01T12:00:00Z',
    info: { need_terms: 'Y', voucher_code: '1767225600000', type: 2, value: 10 },
    products: Array.from({ length: products }, (_, i) => ({
      code: String(7891000000000 + i),
      description: `Açúcar cristal união ${i + 1} kg`,
      type: 2,
      price: 10,
      limit: i % 2 === 0 ? 0 : 6,
      trigger_discount: 'D',
    })),
    stores: [{ id_store: 1 }, { id_store: 3 }],
    brands: [],
    payments: [],
    groups: [],
    campaign_stores: [],
    campaign_brands: [],
    campaign_products: [],
    campaign_payments: [],
    campaign_info: {},
    campaign_accelerators: [],
    ...overrides,
  });
}

const lookups: CampaignPrintLookups = {
  tenantName: 'Supermercado São João',
  stores: new Map([
    [1, 'Loja Centro'],
    [3, 'Loja Jardim Paulista'],
  ]),
  payments: new Map([[7, 'Pix']]),
  printedAt: new Date('2026-01-10T15:30:00Z'),
};

/** The text of an uncompressed document. */
async function pdfText(c: CampaignDetails, l: CampaignPrintLookups = lookups) {
  const doc = await buildCampaignPdf(c, l, { compress: false });
  return { doc, text: doc.output(), pages: doc.getNumberOfPages() };
}

/** A string as it appears in the PDF's text operators: WinAnsi bytes, one char each ('—' is 0x97). */
const CP1252: Readonly<Record<string, string>> = {
  '—': '\x97',
  '–': '\x96',
  '“': '\x93',
  '”': '\x94',
  '›': '\x9b',
};
const inPdf = (s: string) =>
  [...s]
    .map((ch) => CP1252[ch] ?? ch)
    .join('')
    .replace(/[()\\]/g, '\\$&');

/** Each text is drawn in the document (a short message instead of the whole PDF when not). */
function expectTexts(pdf: string, ...texts: string[]) {
  for (const text of texts) expect(pdf.includes(inPdf(text)), `"${text}" in the PDF`).toBe(true);
}

describe('campaign printout texts', () => {
  it('prints the period, with "Sem prazo final" for 9999-12-31', () => {
    expect(printPeriod('2026-01-05', '2026-01-31')).toBe('05/01/2026 a 31/01/2026');
    expect(printPeriod('2026-01-05', '9999-12-31')).toBe('05/01/2026 - Sem prazo final');
  });

  it('says what each dynamic gives in words', () => {
    expect(ruleValueText(2, { value: 10 })).toBe('Desconto de 10%');
    expect(ruleValueText(2, { value: 12.5 })).toBe('Desconto de 12,5%');
    expect(ruleValueText(1, { value: 9.9 })).toBe('Preço fixo R$ 9,90');
    expect(ruleValueText(5, { value: null, take: 3, pay: 2 })).toBe('Leve 3 pague 2');
    expect(ruleValueText(6, { value: 1 })).toBe('R$ 1,00 a menos');
    expect(ruleValueText(3, { value: 4.5, take: 2 })).toBe('A partir de 2 un.: R$ 4,50 cada');
    expect(ruleValueText(null, { value: 3 })).toBe('-');
  });

  it('lists period, audience, dynamic, stores, payment methods and switches', () => {
    const facts = campaignFacts(
      campaign({ type: 'DBP', payments: [{ id_payment_method: 7, factor: 1 }] }),
      lookups,
    );
    const main = Object.fromEntries(facts.main);
    const rules = Object.fromEntries(facts.rules);
    expect(main).toMatchObject({
      Período: '05/01/2026 - Sem prazo final',
      Público: 'Todos os clientes',
      Dinâmica: '2 - Desconto %',
      Valor: 'Desconto de 10%',
      Lojas: '1 - Loja Centro, 3 - Loja Jardim Paulista',
      'Formas de pagamento': '7 - Pix',
    });
    expect(rules).toMatchObject({
      Voucher: '1767225600000',
      'Somente clientes que aceitaram os termos': 'Sim',
      'Acumula com outras campanhas': 'Não',
      'Pode repetir o desconto': 'Sim',
      'Desconto máximo por compra': 'Sem limite',
    });
    const lead = Object.fromEntries(
      campaignFacts(campaign({ active: 'N', id_lead: 5, lead_description: 'Clientes VIP' })).main,
    );
    expect(lead).toMatchObject({ Público: 'Clientes VIP', Lojas: '1, 3' });
  });

  it('shows the product rows with "Ilimitado" and the value, and combo groups by item', () => {
    const table = productTable(campaign());
    expect(table.head).toEqual(['Código (EAN)', 'Descrição', 'Limite', 'Valor da campanha']);
    expect(table.body).toEqual([
      ['7891000000000', 'Açúcar cristal união 1 kg', 'Ilimitado', 'Desconto de 10%'],
      ['7891000000001', 'Açúcar cristal união 2 kg', '6', 'Desconto de 10%'],
    ]);
    const combo = campaign({
      type: 'DG',
      info: { type: 1, value: 19.9, trigger_quantity: 1, discount_quantity: 1 },
      groups: [
        {
          title: 'Café',
          type: 'T',
          requisite: 'all',
          logical_operator: 'and',
          items: [{ code: '7891000000000' }],
        },
        {
          title: 'Leite',
          type: 'D',
          requisite: 'any',
          logical_operator: 'or',
          items: [{ group_code: 'LEITE' }],
        },
      ],
    });
    expect(groupTable(combo)).toEqual([
      ['1 - Café', 'Gatilho', 'Todos os itens', '-', '7891000000000 - Açúcar cristal união 1 kg'],
      ['2 - Leite', 'Desconto', 'Qualquer item', 'OU', 'Grupo LEITE'],
    ]);
  });

  it('keeps WinAnsi text (Portuguese accents) and replaces what Helvetica cannot draw', () => {
    expect(winAnsi('Promoção — café “gelado” ›')).toBe('Promoção — café “gelado” ›');
    expect(winAnsi('Leve ≥ 3 🎉 Győr Код')).toBe('Leve >= 3  Gyor ???');
    expect(winAnsi('a\tb')).toBe('a b');
  });

  it('names the file campanha-{id}.pdf', () => {
    expect(campaignPdfFileName(42)).toBe('campanha-42.pdf');
  });
});

describe('campaign printout document', { timeout: 20_000 }, () => {
  it('is an A4 PDF with the tenant, description, period and products', async () => {
    const { doc, text, pages } = await pdfText(campaign());
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(pages).toBe(1);
    // A4 in points.
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(210, 0);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(297, 0);
    expectTexts(
      text,
      'Supermercado São João',
      'Ofertas de Verão — Açúcar e Café',
      'Sem prazo final',
      'Todos os clientes',
      'Ativa',
      'Desconto em mercadorias',
      '7891000000001',
      'Açúcar cristal união 2 kg',
      'Ilimitado',
      'Desconto de 10%',
      'Página 1 de 1',
      'Impresso em 10/01/2026 12:30',
    );
  });

  it('runs the product table over more A4 pages, numbering each', async () => {
    const { text, pages } = await pdfText(campaign({}, 150));
    expect(pages).toBeGreaterThanOrEqual(4);
    expectTexts(text, `Página 1 de ${pages}`, `Página ${pages} de ${pages}`, '7891000000149');
    // The table's header is repeated on each page.
    expect(text.split('(Código \\(EAN\\)) Tj').length - 1).toBe(pages);
  });

  it('prints an inactive combo without products, with its groups', async () => {
    const { text } = await pdfText(
      campaign({
        type: 'DG',
        active: 'N',
        products: [],
        info: { type: 2, value: 15, trigger_quantity: 2, discount_quantity: 1 },
        groups: [
          {
            title: 'Cervejas',
            type: 'T',
            requisite: 'any',
            logical_operator: 'and',
            items: [{ group_code: 'CERV' }],
          },
        ],
      }),
    );
    expectTexts(
      text,
      'Inativa',
      'Combo (grupo de produtos)',
      'Nenhum produto nesta campanha.',
      'Grupos do combo (1)',
      'Grupo CERV',
    );
  });

  it('compresses by default', async () => {
    const doc = await buildCampaignPdf(campaign({}, 40), lookups);
    const bytes = new Uint8Array(doc.output('arraybuffer'));
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(doc.output().includes('Ofertas de Ver')).toBe(false);
  });
});
