import { LIMITS, recipientList, smsText } from '@freguesia/shared/schemas/communication';
import { z } from 'zod';
import type { CommunicationDetails, CommunicationPayload } from '../../../api/communications';
import {
  COMMON_FIELDS,
  commonFromDetails,
  commonToPayload,
  communicationSchema,
  emptyCommon,
  type CommonValues,
} from '../common/model';

/** Texts of the SMS screens (spec part 3 §2 'SMS communications', §5 'SMS', §8). */
export const SMS_TITLE = 'Nova comunicação via SMS';
export const SMS_LIST = '/communications/sms';
export { SAVED_EDIT, SAVED_NEW, SAVE_FAILED } from '../common/model';

const smsShape = {
  /** The text as typed (accents and other characters are removed when sent: see `smsPreview`). */
  body: z.string(),
  /** Phone numbers, digits only, ';'-separated; empty = the lead or everyone. */
  recipients: z.string(),
};
export type SmsFormValues = CommonValues & { body: string; recipients: string };

export const emptySmsForm = (): SmsFormValues => ({ ...emptyCommon(), body: '', recipients: '' });

/** Digits and ';' only, as typed in the recipients box, at most the spec's 100 characters. */
export const recipientsInput = (typed: string): string =>
  typed.replace(/[^\d;]/g, '').slice(0, LIMITS.recipients);

/** The body as typed, cut at 160 characters (spec part 3 §9). */
export const bodyInput = (typed: string): string => typed.slice(0, LIMITS.smsBody);

/** The text as it will be sent and its length against the limit ('42/160'). */
export function smsPreview(body: string): { text: string; counter: string; changed: boolean } {
  const text = smsText(body);
  return { text, counter: `${body.length}/${LIMITS.smsBody}`, changed: text !== body };
}

/** How many phone numbers the recipients box holds. */
export const recipientCount = (recipients: string): number => recipientList(recipients).length;

export function smsToPayload(v: SmsFormValues, id?: number): CommunicationPayload {
  const common = commonToPayload(v);
  const recipients = recipientList(v.recipients).join(';');
  return {
    ...(id === undefined ? {} : { id }),
    ...common,
    // An explicit list goes to those numbers only: no lead then.
    id_lead: recipients ? null : common.id_lead,
    type: 'SMS',
    info: { ...common.info, layout_body: v.body, recipients },
  };
}

export function smsFromDetails(d: CommunicationDetails, clone = false): SmsFormValues {
  return { ...commonFromDetails(d, clone), body: d.info.layout_body, recipients: d.info.recipients };
}

const SMS_FIELDS = { ...COMMON_FIELDS, 'info.layout_body': 'body', 'info.recipients': 'recipients' };
export const smsFieldOf = SMS_FIELDS;

export const smsFormSchema = (id?: number) =>
  communicationSchema(smsShape, (v) => smsToPayload(v), SMS_FIELDS, { id });
