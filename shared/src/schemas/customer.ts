import * as z from 'zod';
import {
  documentDigits,
  documentType,
  isValidCnpj,
  isValidCpf,
  isValidDocument,
  padDocument,
} from '../domain/document';
import { brDateToIso, isIsoDate, isoDateToBr, onlyDigits } from '../domain/masks';
import { LIMIT_MESSAGES, MAX_INCOME_REAIS } from './customer-limits';

/**
 * Customers (spec part 1 §3, §5): the staff form, the public portal payload and their
 * conversions. Messages quoted by the spec are used verbatim.
 */

export * from '../domain/customer-messages';
import { CUSTOMER_FIELD_MESSAGES, CUSTOMER_MESSAGES } from '../domain/customer-messages';

export const CUSTOMER_TYPES = ['F', 'J'] as const;
export const GENDERS = ['M', 'F', 'O'] as const;
/** The portal adds N (não informado). */
export const PORTAL_GENDERS = ['M', 'F', 'O', 'N'] as const;
export const MARITAL_STATUSES = ['S', 'C', 'U', 'V', 'D', 'O'] as const;
export const CONTACT_TYPES = ['Fiscal', 'Financeiro', 'Familiar', 'Outros'] as const;
/** Channels (origin of the record) used by the product. */
export const CUSTOMER_CHANNELS = ['Plataforma', 'Landing Page', 'PDV', 'App'] as const;
export const OPTOUT_FIELDS = ['cellphone_optout', 'whatsapp_optout', 'email_optout', 'app_optout'] as const;
export type OptoutField = (typeof OPTOUT_FIELDS)[number];

const yesNo = z.enum(['Y', 'N'], { error: 'Use Y ou N.' });

/** Optional text: null/undefined/'' become undefined; trimmed; bounded. */
const text = (max: number) =>
  z
    .string({ error: 'Texto inválido.' })
    .trim()
    .max(max, `Use no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Required text with the spec's message for both "missing" and "empty". */
const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

const phone = z
  .union([z.string(), z.number()], { error: 'Telefone inválido.' })
  .nullish()
  .transform((v) => onlyDigits(v ?? ''))
  .refine((v) => v === '' || (v.length >= 10 && v.length <= 11), CUSTOMER_FIELD_MESSAGES.phone)
  .transform((v) => v || undefined);

const email = z
  .string({ error: 'E-mail inválido.' })
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || z.email().safeParse(v).success, CUSTOMER_FIELD_MESSAGES.email);

const isoDate = z
  .string({ error: 'Data inválida.' })
  .nullish()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || isIsoDate(v), CUSTOMER_FIELD_MESSAGES.birth);

const decimal = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((v) =>
      v === null || v === undefined || v === '' ? undefined : Number(String(v).replace(',', '.')),
    )
    .refine((v) => v === undefined || Number.isFinite(v), message);

const zipcode = z
  .union([z.string(), z.number()], { error: CUSTOMER_MESSAGES.zipcode })
  .transform((v) => onlyDigits(v))
  .refine((v) => v.length > 0, { message: CUSTOMER_MESSAGES.zipcode, abort: true })
  .refine((v) => v.length === 8, CUSTOMER_FIELD_MESSAGES.zipcodeLength);

const documentField = (missing: string) =>
  z
    .union([z.string(), z.number()], { error: missing })
    .transform((v) => documentDigits(v))
    .refine((v) => v.length > 0, { message: missing, abort: true })
    .refine((v) => isValidCpf(v) || isValidCnpj(v), CUSTOMER_MESSAGES.invalidDocument);

/** A customer's tags: at most 30, each 1–60 characters. */
export const customerTagList = z
  .array(
    z
      .string({ error: 'Tag inválida.' })
      .trim()
      .min(1, 'Tag inválida.')
      .max(60, 'Use tags de até 60 caracteres.'),
    {
      error: 'Envie a lista de tags.',
    },
  )
  .max(30, 'Use no máximo 30 tags.');

/** PUT /web/customer/tags: only the tags of a customer (the details page's 'Tags' card). */
export const CustomerTagsUpdate = z.object({
  id: z.coerce
    .number({ error: 'Cliente não encontrado.' })
    .int('Cliente não encontrado.')
    .positive('Cliente não encontrado.')
    .max(Number.MAX_SAFE_INTEGER),
  tags: customerTagList.transform((v) => [...new Set(v)]),
});
export type CustomerTagsUpdate = z.output<typeof CustomerTagsUpdate>;

export const CustomerContact = z.object({
  name: z
    .string({ error: CUSTOMER_FIELD_MESSAGES.contactName })
    .trim()
    .min(1, CUSTOMER_FIELD_MESSAGES.contactName)
    .max(120),
  email,
  telephone: phone,
  cellphone: phone,
  type: z.enum(CONTACT_TYPES, { error: CUSTOMER_FIELD_MESSAGES.contactType }),
});
export type CustomerContact = z.infer<typeof CustomerContact>;

const customerFields = z.object({
  type: z.enum(CUSTOMER_TYPES, { error: CUSTOMER_MESSAGES.type }),
  document: documentField(CUSTOMER_MESSAGES.document),
  fullname: required(CUSTOMER_MESSAGES.fullname).transform((v) => v.toUpperCase()),
  identity: text(20),
  date_birth: isoDate,
  gender: z.enum(GENDERS, { error: CUSTOMER_MESSAGES.gender }),
  maritial: z
    .enum(MARITAL_STATUSES, { error: 'Estado civil inválido.' })
    .nullish()
    .transform((v) => v ?? undefined),
  favorite_store: z.coerce
    .number()
    .int()
    .positive('Loja inválida.')
    .nullish()
    .catch(undefined)
    .transform((v) => v ?? undefined),
  reference_code: text(40),
  // Contact
  telephone: phone,
  cellphone: phone,
  email,
  // Consent flags: absent on an update keeps the stored value (never a silent opt-in);
  // absent on a new customer means 'N' (not opted out; agreement not given).
  cellphone_optout: yesNo.optional(),
  email_optout: yesNo.optional(),
  whatsapp_optout: yesNo.optional(),
  app_optout: yesNo.optional(),
  gdpr_agreement: yesNo.optional(),
  /** App/portal password; empty keeps the current one on update. */
  password: z
    .string({ error: 'Senha inválida.' })
    .nullish()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (v.length >= 6 && v.length <= 72), CUSTOMER_FIELD_MESSAGES.password),
  // State
  /** Absent: 'Y' on a new customer, unchanged on an update. */
  active: yesNo.optional(),
  /** Absent: unchanged on an update (the form has no tag step). */
  tags: customerTagList.nullish().transform((v) => (v ? [...new Set(v)] : undefined)),
  // Address
  zipcode,
  address: required(CUSTOMER_MESSAGES.address, 200),
  number: text(20),
  complement: text(120),
  neighborhood: required(CUSTOMER_MESSAGES.neighborhood),
  state: z
    .string({ error: CUSTOMER_MESSAGES.state })
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z]{2}$/.test(v), CUSTOMER_MESSAGES.state),
  city: required(CUSTOMER_MESSAGES.city),
  id_city: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v ? String(v) : undefined)),
  id_state: z.coerce
    .number()
    .int()
    .nullish()
    .catch(undefined)
    .transform((v) => v ?? undefined),
  latitude: decimal('Latitude inválida.').refine(
    (v) => v === undefined || (v >= -90 && v <= 90),
    'Latitude inválida.',
  ),
  longitude: decimal('Longitude inválida.').refine(
    (v) => v === undefined || (v >= -180 && v <= 180),
    'Longitude inválida.',
  ),
  // Credit analysis (optional step)
  employer: text(120),
  occupation: text(120),
  time: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  timer: z.enum(['A', 'M'], { error: 'Use A (anos) ou M (meses).' }).default('A'),
  home_owner: yesNo.nullish().transform((v) => v ?? undefined),
  // Bounded: DynamoDB refuses numbers like 1e308 and a JSON answer must carry the value exactly.
  income: decimal(CUSTOMER_FIELD_MESSAGES.income).refine(
    (v) => v === undefined || (v >= 0 && v <= MAX_INCOME_REAIS),
    LIMIT_MESSAGES.income,
  ),
  limit: decimal('Limite inválido.').refine(
    (v) => v === undefined || (v >= 0 && v <= 100),
    CUSTOMER_FIELD_MESSAGES.limit,
  ),
  log: text(40),
  bank: text(10),
  ag: text(10),
  agdigit: text(2),
  acc: text(20),
  accdigit: text(2),
  contacts: z
    .array(CustomerContact)
    .max(20, 'Use no máximo 20 contatos.')
    .nullish()
    .transform((v) => v ?? undefined),
});

/** The document must pass the check of its type (CPF for F, CNPJ for J); stored zero-padded. */
function withDocumentRules<S extends z.ZodType<{ document: string; type: 'F' | 'J' }>>(schema: S) {
  return schema
    .superRefine((input, ctx) => {
      if (!isValidDocument(input.document, input.type)) {
        ctx.addIssue({ code: 'custom', path: ['document'], message: CUSTOMER_MESSAGES.invalidDocument });
      }
    })
    .transform((input) => ({ ...input, document: padDocument(input.document, input.type) }));
}

/** POST /api/web/customer/new body (the staff wizard's four steps). */
export const CustomerForm = withDocumentRules(customerFields);
export type CustomerForm = z.output<typeof CustomerForm>;

/** PUT /api/web/customer/update body: the form plus the id. */
export const CustomerUpdate = withDocumentRules(
  customerFields.extend({
    id: z.coerce.number({ error: 'Informe o id do cliente.' }).int().positive('Informe o id do cliente.'),
  }),
);
export type CustomerUpdate = z.output<typeof CustomerUpdate>;

// ---------------------------------------------------------------- public portal

export {
  PORTAL_OPTIONAL_FIELDS,
  parseRequiredFields,
  portalRequiredMessage,
  type PortalOptionalField,
} from '../domain/portal-fields';

/** The portal payload (spec part 1 §3 "Customer (public portal payload)"), register and update. */
export const PortalCustomer = z
  .object({
    document: documentField('Digite o seu CPF.'),
    type: z.enum(CUSTOMER_TYPES).optional(),
    fullname: required('Digite o seu nome.').transform((v) => v.toUpperCase()),
    gender: z
      .enum(PORTAL_GENDERS, { error: 'Escolha o sexo.' })
      .nullish()
      .transform((v) => v ?? undefined),
    date_birth: isoDate,
    cellphone: phone,
    email,
    zipcode: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => onlyDigits(v ?? '') || undefined)
      .refine((v) => v === undefined || v.length === 8, 'CEP inválido: informe 8 dígitos.'),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .nullish()
      .transform((v) => v || 'SP')
      .refine((v) => /^[A-Z]{2}$/.test(v), 'Estado inválido.'),
    id_state: z.coerce
      .number()
      .int()
      .nullish()
      .catch(0)
      .transform((v) => v ?? 0),
    id_city: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v ? String(v) : undefined)),
    city: text(120),
    neighborhood: text(120),
    address: text(200),
    number: text(20),
    complement: text(120),
    tags: z
      .array(z.string().trim().min(1).max(60))
      .max(30, 'Escolha no máximo 30 interesses.')
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    password: z
      .string({ error: 'Digite a sua senha.' })
      .nullish()
      .transform((v) => v || undefined),
    password_confirmation: z
      .string()
      .nullish()
      .transform((v) => v ?? undefined),
    channel: z.string().optional(),
    // Absent flags: 'N' on registration (all channels ticked by default), unchanged on update.
    agreement: yesNo.nullish().transform((v) => v ?? undefined),
    cellphone_optout: yesNo.optional(),
    whatsapp_optout: yesNo.optional(),
    email_optout: yesNo.optional(),
    app_optout: yesNo.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.password !== undefined && (input.password.length < 6 || input.password.length > 72)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'A senha deve ter de 6 a 72 caracteres.' });
    }
    if (input.password_confirmation !== undefined && input.password_confirmation !== (input.password ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: CUSTOMER_MESSAGES.passwordsDiffer,
      });
    }
  })
  .transform(({ password_confirmation: _confirmation, ...input }) => {
    const type = documentType(input.document);
    return { ...input, type, document: padDocument(input.document, type), channel: 'Landing Page' as const };
  });
export type PortalCustomer = z.output<typeof PortalCustomer>;

/** The record GET /api/customer/me answers: the payload fields plus active, type, gdpr_agreement, id. */
export interface PortalCustomerRecord {
  id: number;
  document: string;
  type: 'F' | 'J';
  fullname: string;
  gender: string | null;
  date_birth: string | null;
  cellphone: string | null;
  email: string | null;
  zipcode: string | null;
  state: string | null;
  id_state: number;
  id_city: string | null;
  city: string | null;
  neighborhood: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  tags: string[];
  channel: string;
  active: 'Y' | 'N';
  gdpr_agreement: 'Y' | 'N';
  agreement: 'Y' | 'N';
  cellphone_optout: 'Y' | 'N';
  whatsapp_optout: 'Y' | 'N';
  email_optout: 'Y' | 'N';
  app_optout: 'Y' | 'N';
}

/** The portal form as the user sees it: masked inputs, DD/MM/YYYY and ticked channels. */
export interface PortalFormValues {
  document: string;
  fullname: string;
  gender: string;
  date_birth: string;
  cellphone: string;
  email: string;
  zipcode: string;
  state: string;
  id_city: string;
  city: string;
  neighborhood: string;
  address: string;
  number: string;
  complement: string;
  tags: string[];
  password: string;
  password_confirmation: string;
  agreement: boolean;
  /** Ticked channel = the customer allows it (opt-out 'N'). All ticked by default. */
  allow_sms: boolean;
  allow_whatsapp: boolean;
  allow_email: boolean;
  allow_app: boolean;
}

/** A ticked channel means 'N' (not opted out). */
export const optoutFlag = (ticked: boolean): 'Y' | 'N' => (ticked ? 'N' : 'Y');

/**
 * Form → payload, as the portal sends it: document, cellphone and date stripped to digits,
 * the date turned from DDMMYYYY into YYYY-MM-DD (null when empty or impossible), type by
 * document length, id_state 0, channel 'Landing Page'.
 */
export function portalFormToPayload(form: PortalFormValues) {
  const document = onlyDigits(form.document);
  return {
    document,
    type: documentType(document),
    fullname: form.fullname.trim().toUpperCase(),
    gender: form.gender || undefined,
    date_birth: brDateToIso(form.date_birth) ?? null,
    cellphone: onlyDigits(form.cellphone),
    email: form.email.trim(),
    zipcode: onlyDigits(form.zipcode),
    state: form.state || 'SP',
    id_state: 0,
    id_city: form.id_city,
    city: form.city,
    neighborhood: form.neighborhood,
    address: form.address,
    number: form.number,
    complement: form.complement,
    tags: form.tags,
    password: form.password,
    password_confirmation: form.password_confirmation,
    channel: 'Landing Page' as const,
    agreement: form.agreement ? ('Y' as const) : ('N' as const),
    cellphone_optout: optoutFlag(form.allow_sms),
    whatsapp_optout: optoutFlag(form.allow_whatsapp),
    email_optout: optoutFlag(form.allow_email),
    app_optout: optoutFlag(form.allow_app),
  };
}

/** Record → form, as the portal loads it: zero-padded document, upper-cased name, DD/MM/YYYY. */
export function portalRecordToForm(record: PortalCustomerRecord): PortalFormValues {
  return {
    document: padDocument(record.document, record.type),
    fullname: record.fullname.toUpperCase(),
    gender: record.gender ?? '',
    date_birth: isoDateToBr(record.date_birth),
    cellphone: record.cellphone ?? '',
    email: record.email ?? '',
    zipcode: record.zipcode ?? '',
    state: record.state || 'SP',
    id_city: record.id_city ?? '',
    city: record.city ?? '',
    neighborhood: record.neighborhood ?? '',
    address: record.address ?? '',
    number: record.number ?? '',
    complement: record.complement ?? '',
    tags: record.tags,
    password: '',
    password_confirmation: '',
    agreement: record.gdpr_agreement === 'Y',
    allow_sms: record.cellphone_optout !== 'Y',
    allow_whatsapp: record.whatsapp_optout !== 'Y',
    allow_email: record.email_optout !== 'Y',
    allow_app: record.app_optout !== 'Y',
  };
}

// ---------------------------------------------------------------- answers (parsed by the web)

/** One row of GET /api/web/customers. */
export const CustomerListItem = z.object({
  id: z.number(),
  fullname: z.string(),
  document: z.string(),
  email: z.string().nullable(),
  cellphone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  channel: z.string(),
  created_at: z.string(),
  active: z.enum(['Y', 'N']),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** One entry of the customer timeline (`events` of GET /api/web/customer/{id}). */
export const CustomerEvent = z.object({
  id: z.string(),
  /** created | updated | deleted | purchase | associated | consent | portal_update */
  type: z.string(),
  description: z.string(),
  /** Where it happened: 'Plataforma', 'Landing Page', 'PDV', ... */
  channel: z.string(),
  /** Staff user for 'Plataforma' changes. */
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  /** Changed fields (updates). */
  fields: z.array(z.string()),
  /** Consent changes: field, old → new value. */
  consent: z.object({ field: z.string(), from: z.string().nullable(), to: z.string() }).nullable(),
  basket_id: z.number().nullable(),
  created_at: z.string(),
});
export type CustomerEvent = z.infer<typeof CustomerEvent>;

export const BasketProduct = z.object({
  code: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit_value: z.number(),
  total_value: z.number(),
  discount: z.number(),
});
export type BasketProduct = z.infer<typeof BasketProduct>;

export const BasketPayment = z.object({ method: z.string(), value: z.number(), installments: z.number() });
export type BasketPayment = z.infer<typeof BasketPayment>;

/** A purchase (basket). Money in reais with two decimals; `date` is local time 'YYYY-MM-DD HH:mm:ss'. */
export const Basket = z.object({
  id: z.number(),
  id_customer: z.number().nullable(),
  id_store: z.number(),
  store_name: z.string().nullable(),
  checkout: z.string(),
  coupon: z.string(),
  date: z.string(),
  created_at: z.string(),
  amount: z.number(),
  discount: z.number(),
  origin: z.string(),
  itens: z.number(),
  products: z.array(BasketProduct),
  payments: z.array(BasketPayment),
});
export type Basket = z.infer<typeof Basket>;
