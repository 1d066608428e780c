import { describe, expect, it } from 'vitest';
import { NPS_MESSAGES } from '@freguesia/shared/schemas/nps';
import { npsFormSchema, npsPayload } from './nps-form';

const values = {
  active: true,
  interval_days: '30',
  mail_active: true,
  push_active: false,
  sms_active: false,
  stores: ['2'],
  layout_mail_subject: 'Como foi?',
  layout_push_title: '',
  layout_push_body: '',
  layout_sms_body: '',
};
const messages = (input: unknown) =>
  (npsFormSchema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe("the settings' NPS tab", () => {
  it('checks the interval and the text limits with the spec messages', () => {
    expect(messages(values)).toEqual([]);
    expect(messages({ ...values, interval_days: '0' })).toEqual([`interval_days: ${NPS_MESSAGES.interval}`]);
    expect(messages({ ...values, interval_days: '181' })).toEqual([
      `interval_days: ${NPS_MESSAGES.interval}`,
    ]);
    expect(messages({ ...values, layout_push_title: 'x'.repeat(101) })).toEqual([
      `layout_push_title: ${NPS_MESSAGES.pushTitle}`,
    ]);
    expect(messages({ ...values, layout_push_body: 'x'.repeat(401) })).toEqual([
      `layout_push_body: ${NPS_MESSAGES.pushBody}`,
    ]);
    expect(messages({ ...values, layout_sms_body: 'x'.repeat(161) })).toEqual([
      `layout_sms_body: ${NPS_MESSAGES.sms}`,
    ]);
    expect(messages({ ...values, sms_active: true })).toEqual([
      `layout_sms_body: ${NPS_MESSAGES.smsRequired}`,
    ]);
  });

  it('builds the body only once both designs were exported', () => {
    const v = npsFormSchema.parse(values);
    const design = { html: '<p>Oi</p>', flow: '{}' };
    expect(npsPayload(v, undefined, design)).toBeUndefined();
    expect(npsPayload(v, design, { html: ' ', flow: '' })).toBeUndefined();
    expect(npsPayload(v, design, { html: '<h1>LP</h1>', flow: '{"p":1}' })).toMatchObject({
      interval_days: 30,
      stores_id: [{ store_id: 2 }],
      layout_mail_body: '<p>Oi</p>',
      layout_lp_body: '<h1>LP</h1>',
      layout_lp_editor: '{"p":1}',
    });
  });
});
