import { describe, expect, it } from 'vitest';
import { NO_END_DATE } from '../schemas/campaign';
import type { CampaignLabelRow } from '../schemas/label';
import {
  DEFAULT_LABEL_LAYOUT,
  LABEL_PLACEHOLDERS,
  SAMPLE_LABEL_VALUES,
  escapeHtml,
  labelValues,
  priceParts,
  renderLabel,
} from './label-template';

const row = (overrides: Partial<CampaignLabelRow> = {}): CampaignLabelRow => ({
  code: '7891000100103',
  description: 'Arroz Tipo 1 5kg',
  regular_price: 12,
  price: 10.8,
  limit: 1000,
  take: 0,
  pay: 0,
  qt_packing: 1,
  ...overrides,
});
const campaign = { description: 'Ofertas da semana', start_at: '2025-06-01', end_at: '2025-06-30' };

describe('priceParts', () => {
  it('splits a price into integer and cents with a comma decimal', () => {
    expect(priceParts(10.8)).toEqual({ text: '10,80', integer: '10', cents: '80' });
    expect(priceParts(7.99)).toEqual({ text: '7,99', integer: '7', cents: '99' });
    expect(priceParts(0.5)).toEqual({ text: '0,50', integer: '0', cents: '50' });
    expect(priceParts(1234.05)).toEqual({ text: '1.234,05', integer: '1.234', cents: '05' });
    expect(priceParts(12)).toEqual({ text: '12,00', integer: '12', cents: '00' });
  });

  it('is empty for an unknown price', () => {
    expect(priceParts(null)).toEqual({ text: '', integer: '', cents: '' });
    expect(priceParts(undefined)).toEqual({ text: '', integer: '', cents: '' });
  });
});

describe('renderLabel', () => {
  it('fills every placeholder, with or without spaces in the braces', () => {
    const html = renderLabel(
      '<b>{{description}}</b> R$ {{ price_integer }},{{price_cents}} ({{EAN}})',
      labelValues(row(), campaign, { name: 'Loja Centro' }),
    );
    expect(html).toBe('<b>Arroz Tipo 1 5kg</b> R$ 10,80 (7891000100103)');
  });

  it('escapes the values, in text and in attributes', () => {
    const values = labelValues(row({ description: '<img src=x onerror="alert(1)"> & \'Cia\'' }), campaign, {
      name: 'Loja "A"',
    });
    const html = renderLabel('<span title="{{store}}">{{description}}</span>', values);
    expect(html).toBe(
      '<span title="Loja &quot;A&quot;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Cia&#39;</span>',
    );
    expect(html).not.toContain('<img');
  });

  it('leaves an unknown placeholder as typed, so the preview shows the typo', () => {
    expect(renderLabel('{{descricao}} {{price}}', { price: '1,00' })).toBe('{{descricao}} 1,00');
  });

  it('has a sample value for every placeholder', () => {
    for (const p of LABEL_PLACEHOLDERS) expect(SAMPLE_LABEL_VALUES[p.key], p.key).not.toBe('');
    expect(escapeHtml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&#39;');
  });
});

describe('labelValues', () => {
  it('shows the limit (unlimited as 1000), the period and the regular price', () => {
    const values = labelValues(row({ limit: 3, regular_price: 1399.9 }), campaign, { name: 'Loja Centro' });
    expect(values).toMatchObject({
      limit: '3',
      regular_price: '1.399,90',
      regular_price_integer: '1.399',
      regular_price_cents: '90',
      start_at: '01/06/2025',
      end_at: '30/06/2025',
      period: 'de 01/06/2025 a 30/06/2025',
      campaign: 'Ofertas da semana',
      store: 'Loja Centro',
      take: '',
      pay: '',
    });
    expect(labelValues(row({ limit: 0 }), campaign, { name: '' }).limit).toBe('1000');
  });

  it('leaves the end empty for a campaign without an end and the regular price empty when unknown', () => {
    const values = labelValues(
      row({ regular_price: null, take: 3, pay: 2 }),
      { ...campaign, end_at: NO_END_DATE },
      { name: '' },
    );
    expect(values).toMatchObject({
      end_at: '',
      regular_price: '',
      regular_price_integer: '',
      take: '3',
      pay: '2',
    });
  });

  it('claims no limit for an unlimited product and shows a quantity dynamic on the default layout', () => {
    const unlimited = labelValues(row({ unlimited: true, dynamic: 5, take: 3, pay: 2 }), campaign, {
      name: '',
    });
    expect(unlimited).toMatchObject({ limit_line: '', dynamic: 'Leve 3 pague 2' });
    const html = renderLabel(DEFAULT_LABEL_LAYOUT, unlimited);
    expect(html).not.toContain('Limite de');
    expect(html).toContain('Leve 3 pague 2');

    const limited = labelValues(row({ limit: 5, unlimited: false, dynamic: 4, take: 3 }), campaign, {
      name: '',
    });
    expect(limited).toMatchObject({
      limit_line: 'Limite de 5 unidades por cliente.',
      dynamic: 'A partir de 3 unidades',
    });
    expect(renderLabel(DEFAULT_LABEL_LAYOUT, limited)).toContain('Limite de 5 unidades por cliente.');
    expect(labelValues(row({ dynamic: 2 }), campaign, { name: '' }).dynamic).toBe('');
  });
});
