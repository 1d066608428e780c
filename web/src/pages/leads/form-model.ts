import { fromDisplayDate, toDisplayDate } from '@freguesia/shared/domain/dates';
import {
  isCronExpression,
  LEAD_DESCRIPTION_MAX,
  LEAD_MESSAGES,
  type Lead,
  type LeadCustomerRow,
  type LeadOrigin,
} from '@freguesia/shared/schemas/segmentation';
import { z } from 'zod';
import { INVALID_DAY } from '../../components/typed-day';
import { DEFAULT_FREQUENCY } from './cron';

/**
 * The lead form's own fields (spec part 1 §2 'Lead form', §5 'Lead'): description, origin, validity
 * and auto refresh. The customers (file, manual list) and the condition rows live beside the form
 * and are checked on submit. Messages are the shared `LEAD_MESSAGES` (the server's).
 */

export const ORIGIN_OPTIONS: readonly { value: LeadOrigin; label: string }[] = [
  { value: 'F', label: 'Arquivo' },
  { value: 'M', label: 'Manual' },
  { value: 'S', label: 'Segmentação' },
  { value: 'E', label: 'E-mail' },
];

export const leadFormSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, LEAD_MESSAGES.descriptionRequired)
      .max(LEAD_DESCRIPTION_MAX, `Máximo de ${LEAD_DESCRIPTION_MAX} caracteres.`),
    origin: z.enum(['F', 'M', 'S', 'E', ''], { error: LEAD_MESSAGES.originRequired }),
    always_valid: z.enum(['Y', 'N']),
    /** DD/MM/AAAA as typed. */
    valid_until: z.string(),
    auto_refresh: z.enum(['Y', 'N']),
    frequency_refresh: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.origin === '')
      ctx.addIssue({ code: 'custom', path: ['origin'], message: LEAD_MESSAGES.originRequired });
    if (form.always_valid === 'N') {
      const typed = form.valid_until.trim();
      if (!typed)
        ctx.addIssue({ code: 'custom', path: ['valid_until'], message: LEAD_MESSAGES.validUntilRequired });
      else if (!fromDisplayDate(typed))
        ctx.addIssue({ code: 'custom', path: ['valid_until'], message: INVALID_DAY });
    }
    if (form.auto_refresh === 'Y') {
      const cron = form.frequency_refresh.trim();
      if (!cron)
        ctx.addIssue({
          code: 'custom',
          path: ['frequency_refresh'],
          message: LEAD_MESSAGES.frequencyRequired,
        });
      else if (!isCronExpression(cron))
        ctx.addIssue({
          code: 'custom',
          path: ['frequency_refresh'],
          message: LEAD_MESSAGES.frequencyInvalid,
        });
    }
  });

export type LeadFormValues = z.input<typeof leadFormSchema>;

export function emptyLeadForm(): LeadFormValues {
  return {
    description: '',
    origin: '',
    always_valid: 'Y',
    valid_until: '',
    auto_refresh: 'N',
    frequency_refresh: DEFAULT_FREQUENCY,
  };
}

export function leadToForm(lead: Lead): LeadFormValues {
  return {
    description: lead.description,
    origin: lead.origin,
    always_valid: lead.always_valid,
    valid_until: toDisplayDate(lead.valid_until) ?? '',
    auto_refresh: lead.auto_refresh,
    frequency_refresh: lead.frequency_refresh || DEFAULT_FREQUENCY,
  };
}

/** The body of POST /web/lead/new and PUT /web/lead/update (without `id`). */
export interface LeadPayload {
  description: string;
  origin: LeadOrigin;
  filter: unknown[];
  always_valid: 'Y' | 'N';
  valid_until: string | null;
  auto_refresh: 'Y' | 'N';
  frequency_refresh: string | null;
  customers?: LeadCustomerRow[];
}

/**
 * The wire lead from the form: the date as YYYY-MM-DD (only when not always valid), the cron only
 * when auto refresh is on, `filter` only for S and `customers` only when given (an update that
 * keeps the current members leaves them out).
 */
export function formToPayload(
  form: LeadFormValues,
  filter: unknown[],
  customers: LeadCustomerRow[] | undefined,
): LeadPayload {
  const origin = form.origin as LeadOrigin;
  return {
    description: form.description.trim(),
    origin,
    filter: origin === 'S' ? filter : [],
    always_valid: form.always_valid,
    valid_until: form.always_valid === 'N' ? (fromDisplayDate(form.valid_until.trim()) ?? null) : null,
    auto_refresh: form.auto_refresh,
    frequency_refresh:
      form.auto_refresh === 'Y' ? form.frequency_refresh.trim().split(/\s+/).join(' ') : null,
    ...(origin !== 'S' && customers !== undefined ? { customers } : {}),
  };
}
