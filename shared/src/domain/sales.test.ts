import { describe, expect, it } from 'vitest';
import {
  coverageStates,
  isDraft,
  isEditable,
  manualCents,
  nextStatus,
  outsideCoverage,
  paymentsMatch,
  SALE_STATUSES,
  saleTotals,
  type SaleStatus,
} from './sales';

describe('the sale status machine (spec part 3 §4)', () => {
  const POS = ['Dinheiro [ pos ]'];
  const CARD = ['Cartão de crédito'];
  // [from, asked, methods, expected]
  const cases: [SaleStatus, SaleStatus, string[], SaleStatus | undefined][] = [
    ['Rascunho', 'Faturado', POS, 'Faturado'],
    ['Rascunho', 'Faturado', CARD, 'Aguardando Pagamento'],
    ['Rascunho', 'Aguardando Pagamento', POS, 'Faturado'],
    ['Rascunho', 'Confirmado', [...CARD, 'PIX [ POS ]'], 'Faturado'],
    ['Erro_IBGE', 'Aguardando Pagamento', CARD, 'Aguardando Pagamento'],
    ['Rascunho', 'Cancelado', CARD, undefined],
    ['Rascunho', 'Erro_IBGE', CARD, undefined],
    ['Erro_IBGE', 'Rascunho', CARD, undefined],
    ['Aguardando Pagamento', 'Confirmado', CARD, 'Confirmado'],
    ['Aguardando Pagamento', 'Faturado', CARD, 'Faturado'],
    ['Aguardando Pagamento', 'Cancelado', CARD, 'Cancelado'],
    ['Aguardando Pagamento', 'Rascunho', CARD, undefined],
    ['Confirmado', 'Faturado', CARD, 'Faturado'],
    ['Confirmado', 'Cancelado', CARD, 'Cancelado'],
    ['Confirmado', 'Aguardando Pagamento', CARD, undefined],
    ['Faturado', 'Cancelado', CARD, undefined],
    ['Faturado', 'Rascunho', POS, undefined],
    ['Cancelado', 'Rascunho', CARD, undefined],
    ['Cancelado', 'Faturado', POS, undefined],
  ];
  it.each(cases)('%s asked to become %s with %j → %s', (from, to, methods, expected) => {
    expect(nextStatus(from, to, methods)).toBe(expected);
  });

  it('lets only Rascunho and Erro_IBGE be edited, and only Rascunho be deleted or change store or seller', () => {
    expect(SALE_STATUSES.filter(isEditable)).toEqual(['Rascunho', 'Erro_IBGE']);
    expect(SALE_STATUSES.filter(isDraft)).toEqual(['Rascunho']);
  });
});

describe('sale totals (centavos, exact)', () => {
  const line = (
    quantity: number,
    unit: number,
    manual: ['money' | 'percent', number] = ['money', 0],
    engine = 0,
  ) => ({
    quantity,
    unit_cents: unit,
    manual: { type: manual[0], value: manual[1] },
    engine_cents: engine,
  });
  // [name, lines, shipping, payments, subtotal, discount, payment discount, total]
  const cases: [
    string,
    ReturnType<typeof line>[],
    number,
    { total_cents: number; change_cents: number; discount_cents: number }[],
    number,
    number,
    number,
    number,
  ][] = [
    ['no discounts', [line(2, 1000)], 0, [], 2000, 0, 0, 2000],
    ['money line discount', [line(2, 1000, ['money', 150])], 500, [], 2000, 150, 0, 2350],
    // 3 × 3,33 = 9,99; 12,5 % = 1,24875 → 1,25 (half up)
    ['percent rounds half up', [line(3, 333, ['percent', 1250])], 0, [], 999, 125, 0, 874],
    // 1 × 0,05; 10 % = 0,005 → 0,01
    ['half a centavo rounds up', [line(1, 5, ['percent', 1000])], 0, [], 5, 1, 0, 4],
    // 1 × 0,04; 10 % = 0,004 → 0,00
    ['under half a centavo rounds down', [line(1, 4, ['percent', 1000])], 0, [], 4, 0, 0, 4],
    ['100 % takes the whole line', [line(2, 1999, ['percent', 10000])], 0, [], 3998, 3998, 0, 0],
    ['a money discount never passes the line', [line(1, 500, ['money', 900])], 0, [], 500, 500, 0, 0],
    [
      'manual and engine add, capped at the line',
      [line(1, 1000, ['money', 300], 800)],
      0,
      [],
      1000,
      1000,
      0,
      0,
    ],
    [
      'engine and payment discounts with shipping',
      [line(3, 333, ['percent', 1250], 100), line(1, 1050)],
      990,
      [{ total_cents: 2000, change_cents: 0, discount_cents: 37 }],
      2049,
      225,
      37,
      2049 - 225 + 990 - 37,
    ],
  ];
  it.each(cases)('%s', (_name, lines, shipping, payments, subtotal, discount, paymentDiscount, total) => {
    const totals = saleTotals(lines, shipping, payments);
    expect(totals.subtotal_cents).toBe(subtotal);
    expect(totals.discount_cents).toBe(discount);
    expect(totals.payment_discount_cents).toBe(paymentDiscount);
    expect(totals.total_cents).toBe(total);
    expect(totals.lines.reduce((s, l) => s + l.total_cents, 0)).toBe(subtotal - discount);
  });

  it('computes a percentage of any line to the nearest centavo', () => {
    for (let gross = 0; gross < 3000; gross += 7)
      for (const pct of [1, 333, 1250, 5000, 9999]) {
        const exact = (gross * pct) / 10000;
        expect(Math.abs(manualCents(gross, { type: 'percent', value: pct }) - exact)).toBeLessThanOrEqual(
          0.5,
        );
      }
  });

  it('accepts payments only when they pay the total exactly after change (§5 step 4)', () => {
    const pay = (total_cents: number, change_cents = 0) => ({ total_cents, change_cents, discount_cents: 0 });
    expect(paymentsMatch(2000, [pay(1500), pay(500)])).toBe(true);
    expect(paymentsMatch(2000, [pay(2500, 500)])).toBe(true);
    expect(paymentsMatch(2000, [pay(1999)])).toBe(false);
    expect(paymentsMatch(0, [])).toBe(false);
  });
});

describe('sales coverage', () => {
  it('reads the setting as a JSON list or as text and blocks states outside it', () => {
    expect(coverageStates('["SP","rj"]')).toEqual(['SP', 'RJ']);
    expect(coverageStates('SP, MG')).toEqual(['SP', 'MG']);
    expect(outsideCoverage(['SP'], 'SP', 'SP')).toBe(false);
    expect(outsideCoverage(['SP'], 'RJ', 'SP')).toBe(true);
    expect(outsideCoverage(['SP'], 'SP', 'MG')).toBe(true);
    expect(outsideCoverage([], 'RJ', 'MG')).toBe(false);
  });
});
