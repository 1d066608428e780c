import { describe, expect, it } from 'vitest';
import type { ExpenseReport } from '@freguesia/shared/schemas/communication';
import {
  costCentavos,
  currentMonth,
  formatBrl,
  formatUnitPrice,
  npsUnitPrice,
  periodProblem,
  periodText,
  summarize,
} from './expenses-model';

const prices = { EMAIL: 0.007, SMS: 0.1, PUSH: 0.0000005, WHATSAPP: 0 };
const report = (extra: Partial<ExpenseReport> = {}): ExpenseReport => ({
  marketing_messages: [
    { type: 'EMAIL', id_campaign: 3, description: 'Ofertas', quantity: 150 },
    { type: 'EMAIL', id_campaign: 7, description: 'Natal', quantity: 1_000_000 },
    { type: 'SMS', id_campaign: 4, description: 'Aviso', quantity: 42 },
    { type: 'PUSH', id_campaign: 9, description: 'App', quantity: 3 },
  ],
  nps_messages: [],
  unit_prices: prices,
  ...extra,
});

describe('expense report model', () => {
  it('defaults to the current month in Brasília', () => {
    expect(currentMonth(new Date('2026-02-10T12:00:00Z'))).toEqual({
      start_at: '2026-02-01',
      end_at: '2026-02-28',
    });
    expect(currentMonth(new Date('2024-02-29T12:00:00Z'))).toEqual({
      start_at: '2024-02-01',
      end_at: '2024-02-29',
    });
    // 1 April 01:00 UTC is still 31 March in Brasília.
    expect(currentMonth(new Date('2026-04-01T01:00:00Z'))).toEqual({
      start_at: '2026-03-01',
      end_at: '2026-03-31',
    });
  });

  it('costs each row as sends times unit price, rounded to the centavo', () => {
    expect(costCentavos(150, 0.007)).toBe(105);
    expect(costCentavos(15, 0.007)).toBe(11);
    expect(costCentavos(42, 0.1)).toBe(420);
    expect(costCentavos(3, 0.0000005)).toBe(0);
    expect(costCentavos(1_000_000, 0.0000005)).toBe(50);
    expect(costCentavos(10, 0)).toBe(0);
  });

  it('sums per channel and overall, every channel shown even without sends', () => {
    const s = summarize(report());
    expect(s.channels.map((c) => [c.label, c.quantity, c.centavos])).toEqual([
      ['E-mail', 1_000_150, 105 + 700_000],
      ['SMS', 42, 420],
      ['Push', 3, 0],
      ['WhatsApp', 0, 0],
    ]);
    expect(s.channels[0]!.rows.map((r) => r.id_campaign)).toEqual([3, 7]);
    expect(s.totalQuantity).toBe(1_000_195);
    expect(s.totalCentavos).toBe(700_525);
    expect(formatBrl(s.totalCentavos)).toBe('R$ 7.005,25');
  });

  it('keeps past sends at the unit price they were sent at (the report’s value), not today’s', () => {
    const s = summarize(
      report({
        marketing_messages: [
          { type: 'EMAIL', id_campaign: 3, description: 'Antiga', quantity: 1000, value: 7, archived: true },
        ],
        unit_prices: { ...prices, EMAIL: 0.5 },
      }),
    );
    expect(s.channels[0]!.rows[0]).toMatchObject({ unit_price: 0.007, centavos: 700, archived: true });
    expect(s.channels[0]!.centavos).toBe(700);
  });

  it('prices NPS messages by origin: e-mail, SMS, otherwise push', () => {
    expect(npsUnitPrice('EMAIL', prices)).toBe(0.007);
    expect(npsUnitPrice('e-mail', prices)).toBe(0.007);
    expect(npsUnitPrice('SMS', prices)).toBe(0.1);
    expect(npsUnitPrice('APP', prices)).toBe(0.0000005);
    const s = summarize(
      report({
        marketing_messages: [],
        nps_messages: [
          { origin: 'SMS', quantity: 10 },
          { origin: 'EMAIL', quantity: 1000 },
        ],
      }),
    );
    expect(s.npsCentavos).toBe(100 + 700);
    expect(s.totalCentavos).toBe(800);
    expect(s.totalQuantity).toBe(1010);
  });

  it('writes money and unit prices in pt-BR', () => {
    expect(formatBrl(0)).toBe('R$ 0,00');
    expect(formatBrl(123_456)).toBe('R$ 1.234,56');
    expect(formatUnitPrice(0.007)).toBe('R$ 0,007');
    expect(formatUnitPrice(0.1)).toBe('R$ 0,10');
    expect(formatUnitPrice(0.0000005)).toBe('R$ 0,0000005');
    expect(formatUnitPrice(1200)).toBe('R$ 1.200,00');
  });

  it('checks the period as the server does and describes it', () => {
    expect(periodProblem({ start_at: '2026-03-01', end_at: '2026-03-31' })).toBeUndefined();
    expect(periodProblem({ start_at: '2026-03-01' })).toBe('Informe o período.');
    expect(periodProblem({ start_at: '2026-03-31', end_at: '2026-03-01' })).toBe(
      'A data final deve ser igual ou posterior à inicial.',
    );
    expect(periodProblem({ start_at: '2025-01-01', end_at: '2026-01-02' })).toBe(
      'Consulte no máximo um ano.',
    );
    expect(periodText({ start_at: '2026-03-01', end_at: '2026-03-31' })).toBe(
      '01/03/2026 a 31/03/2026 (31 dias)',
    );
    expect(periodText({ start_at: '2026-03-05', end_at: '2026-03-05' })).toBe(
      '05/03/2026 a 05/03/2026 (1 dia)',
    );
  });
});
