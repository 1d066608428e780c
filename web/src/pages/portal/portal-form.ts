/**
 * The portal's two forms as zod schemas (spec part 1 §5 "Customer portal"), for react-hook-form
 * through `useZodForm`: the document step ('Verificar' / 'Acessar') and the customer form.
 * Every message is the portal's own (FIELD_MESSAGES, 'Preencha o campo obrigatório: …').
 */
import { brDateToIso, onlyDigits } from '@freguesia/shared/domain/masks';
import {
  portalRequiredMessage,
  type PortalFormValues,
  type PortalOptionalField,
} from '@freguesia/shared/schemas/customer';
import { z } from 'zod';
import { FIELD_MESSAGES, isPortalCpf, type PortalMode } from './portal-model';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The CPF (masked): 'Digite o seu CPF.' when empty, else its check digits. */
export const portalDocument = z.string().superRefine((value, ctx) => {
  if (onlyDigits(value) === '') ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.document });
  else if (!isPortalCpf(value)) ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.invalidDocument });
});

/** The document step. An empty password on 'Acessar' is a notice, not a field message (spec §8). */
export const PortalDocumentForm = z.object({ document: portalDocument, password: z.string() });
export type PortalDocumentForm = z.output<typeof PortalDocumentForm>;

/** What a filled optional field must look like; an empty one is always well-formed. */
interface Format {
  valid: (value: string) => boolean;
  message: string;
}

const FORMATS = {
  date_birth: { valid: (v) => onlyDigits(v) === '' || Boolean(brDateToIso(v)), message: FIELD_MESSAGES.date },
  cellphone: { valid: (v) => [0, 11].includes(onlyDigits(v).length), message: FIELD_MESSAGES.cellphone },
  email: { valid: (v) => v.trim() === '' || EMAIL.test(v.trim()), message: FIELD_MESSAGES.email },
  zipcode: { valid: (v) => [0, 8].includes(onlyDigits(v).length), message: FIELD_MESSAGES.zipcode },
} satisfies Partial<Record<PortalOptionalField, Format>>;

const issue = (message: string, path?: string[]) => ({
  code: 'custom' as const,
  message,
  ...(path ? { path } : {}),
});

/**
 * The customer form: document, name, password and confirmation always on register; the
 * optional fields only when portal_fields_require names them (`required`); what is filled must
 * be well-formed. The agreement is enforced by the button itself (it shows only once ticked),
 * and equal passwords by `passwordsMatch` (a notice, spec §5).
 */
export function portalFormSchema(mode: PortalMode, required: ReadonlySet<PortalOptionalField>) {
  const optional = (field: Exclude<PortalOptionalField, 'tags' | 'communications' | 'city'>) =>
    z.string().superRefine((value, ctx) => {
      const format: Format | undefined = (FORMATS as Partial<Record<PortalOptionalField, Format>>)[field];
      if (required.has(field) && value.trim() === '') ctx.addIssue(issue(portalRequiredMessage(field)));
      else if (format && !format.valid(value)) ctx.addIssue(issue(format.message));
    });

  return z
    .object({
      document: portalDocument,
      fullname: z.string().refine((value) => value.trim() !== '', FIELD_MESSAGES.fullname),
      gender: optional('gender'),
      date_birth: optional('date_birth'),
      cellphone: optional('cellphone'),
      email: optional('email'),
      zipcode: optional('zipcode'),
      state: optional('state'),
      id_city: z.string(),
      city: z.string(),
      neighborhood: optional('neighborhood'),
      address: optional('address'),
      number: optional('number'),
      complement: optional('complement'),
      tags: z.array(z.string()).superRefine((tags, ctx) => {
        if (required.has('tags') && tags.length === 0) ctx.addIssue(issue(portalRequiredMessage('tags')));
      }),
      password: z.string().superRefine((value, ctx) => {
        if (mode === 'register' && value === '') ctx.addIssue(issue(FIELD_MESSAGES.password));
        else if (value !== '' && (value.length < 6 || value.length > 72))
          ctx.addIssue(issue(FIELD_MESSAGES.shortPassword));
      }),
      password_confirmation: z.string().superRefine((value, ctx) => {
        if (mode === 'register' && value === '') ctx.addIssue(issue(FIELD_MESSAGES.passwordConfirmation));
      }),
      agreement: z.boolean(),
      allow_sms: z.boolean(),
      allow_whatsapp: z.boolean(),
      allow_email: z.boolean(),
      allow_app: z.boolean(),
    })
    .superRefine((form, ctx) => {
      // The city counts as given by its IBGE code or by its name (a record loaded without code).
      if (required.has('city') && form.city.trim() === '' && form.id_city === '') {
        ctx.addIssue(issue(portalRequiredMessage('city'), ['city']));
      }
      if (
        required.has('communications') &&
        !(form.allow_sms || form.allow_whatsapp || form.allow_email || form.allow_app)
      ) {
        ctx.addIssue(issue(portalRequiredMessage('communications'), ['communications']));
      }
    }) satisfies z.ZodType<PortalFormValues, PortalFormValues>;
}

/** The fields of the customer form, for the server's 400 `errors` (`applyServerErrors`). */
export const PORTAL_FORM_FIELDS: readonly string[] = [
  'document',
  'fullname',
  'gender',
  'date_birth',
  'cellphone',
  'email',
  'zipcode',
  'state',
  'id_city',
  'city',
  'neighborhood',
  'address',
  'number',
  'complement',
  'tags',
  'password',
  'password_confirmation',
  'agreement',
  'communications',
];
