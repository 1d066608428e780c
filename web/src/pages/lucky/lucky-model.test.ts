import { describe, expect, it } from 'vitest';
import { LuckyCampaign, LUCKY_MESSAGES } from '@freguesia/shared/schemas/lucky';
import { EMPTY_LUCKY, formOf, LuckyFormValues, payloadOf, progressPercent } from './lucky-model';

describe('lucky form model', () => {
  it('refuses an empty form with the spec messages', () => {
    const result = LuckyFormValues.safeParse({ ...EMPTY_LUCKY, series_quantity: '0' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        `description: ${LUCKY_MESSAGES.description}`,
        `start: ${LUCKY_MESSAGES.period}`,
        `value: ${LUCKY_MESSAGES.value}`,
        `series_quantity: ${LUCKY_MESSAGES.series}`,
      ]),
    );
  });

  it('sends the Lucky campaign payload of the spec, 9999-12-31 without an end, and reads it back', () => {
    const values = LuckyFormValues.parse({
      ...EMPTY_LUCKY,
      description: 'Sorte de Natal',
      start: '01/12/2026',
      no_end: true,
      value: '50,00',
      need_terms: 'Y',
      series_quantity: '3',
    });
    const payload = payloadOf(values);
    expect(payload).toEqual({
      description: 'Sorte de Natal',
      type: 'L',
      active: 'Y',
      start_at: '2026-12-01',
      end_at: '9999-12-31',
      info: { value: 50, need_terms: 'Y', can_accumulate: 'N', series_quantity: 3 },
    });
    const parsed = LuckyCampaign.parse(payload);
    const back = formOf({ ...parsed, id: 7, updated_at: 'x', type: 'L' });
    expect(back).toMatchObject({ start: '01/12/2026', no_end: true, value: '50,00', series_quantity: '3' });
  });

  it('shows progress with two decimals so that a few numbers still move the bar', () => {
    expect(progressPercent(3 / 200_000)).toBe(0);
    expect(progressPercent(40 / 200_000)).toBe(0.02);
    expect(progressPercent(1)).toBe(100);
  });
});
