import {
  CONTACT_TYPES,
  CUSTOMER_FIELD_MESSAGES as FIELD,
  CUSTOMER_MESSAGES,
  GENDERS,
  MARITAL_STATUSES,
} from '@freguesia/shared/schemas/customer';
import {
  documentDigits,
  isValidDocument,
  padDocument,
  type DocumentType,
} from '@freguesia/shared/domain/document';
import {
  brDateToIso,
  isoDateToBr,
  maskCellphone,
  maskDocument,
  maskPhone,
  maskZipcode,
  onlyDigits,
} from '@freguesia/shared/domain/masks';
import { centsToNumber, formatMoney, parseMoney } from '@freguesia/shared/domain/money';
import { z } from 'zod';
import type { CustomerDetails, CustomerPayload } from '../../api/customers';
import type { AddressValue } from '../../components/address';

/**
 * The staff customer wizard's model (spec part 1 §3 "Customer (staff form)", §5): the values as
 * the user sees them (masked text, DD/MM/YYYY, "allows communication" switches), their
 * conversion from the record and to the payload, and the rules of each step (messages from the
 * shared customer schema) with the form schema built on them.
 * Pure — unit-tested in node.
 */

export type Gender = (typeof GENDERS)[number];
export type Marital = (typeof MARITAL_STATUSES)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];

export const TYPE_OPTIONS = [
  { value: 'F', label: 'Pessoa Física' },
  { value: 'J', label: 'Pessoa Jurídica' },
] as const;

export const GENDER_OPTIONS: readonly { value: Gender; label: string }[] = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
  { value: 'O', label: 'Outros' },
];

export const MARITAL_OPTIONS: readonly { value: Marital; label: string }[] = [
  { value: 'S', label: 'Solteiro(a)' },
  { value: 'C', label: 'Casado(a)' },
  { value: 'U', label: 'União estável' },
  { value: 'V', label: 'Viúvo(a)' },
  { value: 'D', label: 'Divorciado(a)' },
  { value: 'O', label: 'Não informado' },
];

export const CONTACT_TYPE_OPTIONS: readonly { value: ContactType; label: string }[] = CONTACT_TYPES.map(
  (value) => ({
    value,
    label: value,
  }),
);

export const HOME_OWNER_OPTIONS = [
  { value: 'Y', label: 'Própria' },
  { value: 'N', label: 'Alugada' },
] as const;

export const TIMER_OPTIONS = [
  { value: 'A', label: 'Anos' },
  { value: 'M', label: 'Meses' },
] as const;

export const STEP_TITLES = ['Dados Pessoais', 'Localizacao', 'Analise de Credito', 'Contatos'] as const;

export interface ContactValues {
  /** Stable React key of the row. */
  key: string;
  name: string;
  email: string;
  telephone: string;
  cellphone: string;
  type: ContactType | '';
}

/** The wizard's values: the address fields are AddressFields' own (flat, as the API wants them). */
export interface CustomerFormValues extends AddressValue {
  type: DocumentType | '';
  /** Masked. */
  document: string;
  fullname: string;
  identity: string;
  /** DD/MM/YYYY (masked). */
  date_birth: string;
  gender: Gender | '';
  maritial: Marital | '';
  /** Store id as text ('' = none). */
  favorite_store: string;
  telephone: string;
  cellphone: string;
  email: string;
  /** 'Permite comunicação por SMS/WhatsApp' — on means cellphone_optout 'N'. */
  allow_sms: boolean;
  /** 'Permite comunicação por e-mail' — on means email_optout 'N'. */
  allow_email: boolean;
  password: string;
  id_state: string;
  latitude: number | null;
  longitude: number | null;
  employer: string;
  occupation: string;
  time: string;
  timer: 'A' | 'M';
  home_owner: 'Y' | 'N' | '';
  /** '1.234,56'. */
  income: string;
  /** Percent, '0'..'100' (comma allowed). */
  limit: string;
  log: string;
  bank: string;
  ag: string;
  agdigit: string;
  acc: string;
  accdigit: string;
  contacts: ContactValues[];
  /** Tag descriptions of the tenant's tags (spec part 1 §3 Customer details 'tags'). */
  tags: string[];
}

/**
 * Fields of the record the wizard does not edit but the update replaces: they are sent back
 * unchanged so a staff edit never drops the portal agreement or other opt-outs.
 */
export interface Passthrough {
  reference_code?: string | null;
  gdpr_agreement?: 'Y' | 'N';
  whatsapp_optout?: 'Y' | 'N';
  app_optout?: 'Y' | 'N';
  cellphone_optout?: 'Y' | 'N';
  active?: 'Y' | 'N';
}

/** Messages by field path ('contacts.0.name'). */
export type FieldErrors = Partial<Record<string, string>>;

let contactSequence = 0;
export function newContact(partial: Partial<ContactValues> = {}): ContactValues {
  contactSequence += 1;
  return {
    key: `contact-${contactSequence}`,
    name: '',
    email: '',
    telephone: '',
    cellphone: '',
    type: '',
    ...partial,
  };
}

/** A new customer: type F, timer A, both communication switches on (spec part 1 §9). */
export function emptyForm(): CustomerFormValues {
  return {
    type: 'F',
    document: '',
    fullname: '',
    identity: '',
    date_birth: '',
    gender: '',
    maritial: '',
    favorite_store: '',
    telephone: '',
    cellphone: '',
    email: '',
    allow_sms: true,
    allow_email: true,
    password: '',
    zipcode: '',
    address: '',
    number: '',
    complement: '',
    neighborhood: '',
    state: '',
    city: '',
    id_city: '',
    id_state: '',
    latitude: null,
    longitude: null,
    employer: '',
    occupation: '',
    time: '',
    timer: 'A',
    home_owner: '',
    income: '',
    limit: '',
    log: '',
    bank: '',
    ag: '',
    agdigit: '',
    acc: '',
    accdigit: '',
    contacts: [],
    tags: [],
  };
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const oneOf = <T extends string>(values: readonly T[], v: unknown): T | '' =>
  values.includes(v as T) ? (v as T) : '';

/** Formats the document of a record: zero-padded to 11 (F) or 14 (J), then masked. */
export function displayFormDocument(document: string, type: DocumentType | ''): string {
  const digits = documentDigits(document);
  if (!digits) return '';
  return maskDocument(padDocument(digits, type === 'J' ? 'J' : type === 'F' ? 'F' : undefined));
}

/** The loaded record → form values. */
export function recordToForm(record: CustomerDetails): CustomerFormValues {
  const type = record.type === 'J' ? 'J' : 'F';
  const income = typeof record.income === 'number' ? Math.round(record.income * 100) : undefined;
  return {
    type,
    document: displayFormDocument(record.document, type),
    fullname: str(record.fullname).toUpperCase(),
    identity: str(record.identity),
    date_birth: isoDateToBr(record.date_birth),
    gender: oneOf(GENDERS, record.gender),
    maritial: oneOf(MARITAL_STATUSES, record.maritial),
    favorite_store: record.favorite_store ? String(record.favorite_store) : '',
    telephone: maskPhone(record.telephone),
    cellphone: maskCellphone(record.cellphone),
    email: str(record.email),
    allow_sms: record.cellphone_optout !== 'Y',
    allow_email: record.email_optout !== 'Y',
    password: '',
    zipcode: maskZipcode(record.zipcode),
    address: str(record.address),
    number: str(record.number),
    complement: str(record.complement),
    neighborhood: str(record.neighborhood),
    state: str(record.state).toUpperCase(),
    city: str(record.city),
    id_city: str(record.id_city),
    id_state: str(record.id_state),
    latitude: typeof record.latitude === 'number' ? record.latitude : null,
    longitude: typeof record.longitude === 'number' ? record.longitude : null,
    employer: str(record.employer),
    occupation: str(record.occupation),
    time: str(record.time),
    timer: record.timer === 'M' ? 'M' : 'A',
    home_owner: record.home_owner === 'Y' || record.home_owner === 'N' ? record.home_owner : '',
    income: income === undefined ? '' : formatMoney(income, { symbol: false }),
    limit: record.limit === null || record.limit === undefined ? '' : String(record.limit).replace('.', ','),
    log: str(record.log),
    bank: str(record.bank),
    ag: str(record.ag),
    agdigit: str(record.agdigit),
    acc: str(record.acc),
    accdigit: str(record.accdigit),
    contacts: (record.contacts ?? []).map((c) =>
      newContact({
        name: str(c.name),
        email: str(c.email),
        telephone: maskPhone(c.telephone),
        cellphone: maskCellphone(c.cellphone),
        type: oneOf(CONTACT_TYPES, c.type),
      }),
    ),
    tags: [...(record.tags ?? [])],
  };
}

/** The record's fields the wizard sends back unchanged (see `Passthrough`). */
export function recordPassthrough(record: CustomerDetails): Passthrough {
  return {
    reference_code: record.reference_code ?? null,
    gdpr_agreement: record.gdpr_agreement,
    whatsapp_optout: record.whatsapp_optout,
    app_optout: record.app_optout,
    cellphone_optout: record.cellphone_optout,
    active: record.active,
  };
}

const emptyToNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/** Money text ('1.234,56', '1234.5') → reais number, null when empty, undefined when invalid. */
export function parseIncome(value: string): number | null | undefined {
  if (value.trim() === '') return null;
  const cents = parseMoney(value.trim());
  return cents === undefined || cents < 0 ? undefined : centsToNumber(cents);
}

/** Percent text ('12,5') → number, null when empty, undefined when invalid or outside 0..100. */
export function parseLimit(value: string): number | null | undefined {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 0 && n <= 100 ? n : undefined;
}

/**
 * Form values → POST /web/customer/new or PUT /web/customer/update body. The document is sent
 * as digits zero-padded by type, the birth date as YYYY-MM-DD (null when empty), phones as
 * digits, and each switch as its opt-out flag ('N' when communication is allowed). The SMS/
 * WhatsApp switch also sets whatsapp_optout when the user changed it; untouched, the stored
 * WhatsApp flag is kept.
 */
export function formToPayload(
  values: CustomerFormValues,
  passthrough: Passthrough = {},
  id?: number,
): CustomerPayload {
  const type: DocumentType = values.type === 'J' ? 'J' : 'F';
  const digits = documentDigits(values.document);
  const cellphoneOptout = values.allow_sms ? 'N' : 'Y';
  const smsChanged =
    passthrough.cellphone_optout === undefined || passthrough.cellphone_optout !== cellphoneOptout;
  const income = parseIncome(values.income);
  const limit = parseLimit(values.limit);
  const { cellphone_optout: _stored, ...kept } = passthrough;
  return {
    ...kept,
    ...(id ? { id } : {}),
    type,
    document: digits ? padDocument(digits, type) : '',
    fullname: values.fullname.trim().toUpperCase(),
    identity: emptyToNull(values.identity),
    date_birth: brDateToIso(values.date_birth) ?? null,
    gender: values.gender || null,
    maritial: values.maritial || null,
    favorite_store: values.favorite_store ? Number(values.favorite_store) : null,
    telephone: onlyDigits(values.telephone) || null,
    cellphone: onlyDigits(values.cellphone) || null,
    email: emptyToNull(values.email),
    cellphone_optout: cellphoneOptout,
    whatsapp_optout: smsChanged ? cellphoneOptout : (passthrough.whatsapp_optout ?? cellphoneOptout),
    email_optout: values.allow_email ? 'N' : 'Y',
    password: values.password ? values.password : null,
    zipcode: onlyDigits(values.zipcode),
    address: values.address.trim(),
    number: emptyToNull(values.number),
    complement: emptyToNull(values.complement),
    neighborhood: values.neighborhood.trim(),
    state: values.state.trim().toUpperCase(),
    city: values.city.trim(),
    id_city: emptyToNull(values.id_city),
    id_state: values.id_state ? Number(values.id_state) : null,
    latitude: values.latitude,
    longitude: values.longitude,
    employer: emptyToNull(values.employer),
    occupation: emptyToNull(values.occupation),
    time: emptyToNull(values.time),
    timer: values.timer,
    home_owner: values.home_owner || null,
    income: income ?? null,
    limit: limit ?? null,
    log: emptyToNull(values.log),
    bank: emptyToNull(values.bank),
    ag: emptyToNull(values.ag),
    agdigit: emptyToNull(values.agdigit),
    acc: emptyToNull(values.acc),
    accdigit: emptyToNull(values.accdigit),
    contacts: values.contacts.map((c) => ({
      name: c.name.trim(),
      email: emptyToNull(c.email),
      telephone: onlyDigits(c.telephone) || null,
      cellphone: onlyDigits(c.cellphone) || null,
      type: c.type as ContactType,
    })),
    tags: [...new Set(values.tags)],
  };
}

// ---------------------------------------------------------------- validation

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const validPhone = (v: string) => {
  const d = onlyDigits(v);
  return d === '' || (d.length >= 10 && d.length <= 11);
};

/**
 * The document check done on blur (spec part 1 §5): undefined when the field is empty or
 * valid, else the notice text (the caller clears the field).
 */
export function documentProblem(document: string, type: DocumentType | ''): string | undefined {
  const digits = documentDigits(document);
  if (!digits) return undefined;
  const resolved: DocumentType = type === 'J' ? 'J' : 'F';
  return isValidDocument(digits, resolved) ? undefined : CUSTOMER_MESSAGES.invalidDocument;
}

/** Errors of one wizard step (0 Dados Pessoais … 3 Contatos), keyed by field ('contacts.0.name'). */
export function validateStep(step: number, v: CustomerFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (step === 0) {
    if (!v.type) errors.type = CUSTOMER_MESSAGES.type;
    if (!documentDigits(v.document)) errors.document = CUSTOMER_MESSAGES.document;
    else if (documentProblem(v.document, v.type)) errors.document = CUSTOMER_MESSAGES.invalidDocument;
    if (!v.fullname.trim()) errors.fullname = CUSTOMER_MESSAGES.fullname;
    if (!v.gender) errors.gender = CUSTOMER_MESSAGES.gender;
    if (v.date_birth.trim() && brDateToIso(v.date_birth) === undefined) errors.date_birth = FIELD.birth;
    if (v.email.trim() && !EMAIL.test(v.email.trim())) errors.email = FIELD.email;
    if (!validPhone(v.telephone)) errors.telephone = FIELD.phone;
    if (!validPhone(v.cellphone)) errors.cellphone = FIELD.phone;
    if (v.password && (v.password.length < 6 || v.password.length > 72)) errors.password = FIELD.password;
  } else if (step === 1) {
    const zip = onlyDigits(v.zipcode);
    if (!zip) errors.zipcode = CUSTOMER_MESSAGES.zipcode;
    else if (zip.length !== 8) errors.zipcode = FIELD.zipcodeLength;
    if (!v.address.trim()) errors.address = CUSTOMER_MESSAGES.address;
    if (!v.neighborhood.trim()) errors.neighborhood = CUSTOMER_MESSAGES.neighborhood;
    if (!v.state.trim()) errors.state = CUSTOMER_MESSAGES.state;
    if (!v.city.trim()) errors.city = CUSTOMER_MESSAGES.city;
  } else if (step === 2) {
    if (parseIncome(v.income) === undefined) errors.income = FIELD.income;
    if (parseLimit(v.limit) === undefined) errors.limit = FIELD.limit;
    if (v.time.trim() && !/^\d+$/.test(v.time.trim())) errors.time = FIELD.time;
  } else if (step === 3) {
    v.contacts.forEach((c, i) => {
      if (!c.name.trim()) errors[`contacts.${i}.name`] = FIELD.contactName;
      if (!c.type) errors[`contacts.${i}.type`] = FIELD.contactType;
      if (c.email.trim() && !EMAIL.test(c.email.trim())) errors[`contacts.${i}.email`] = FIELD.email;
      if (!validPhone(c.telephone)) errors[`contacts.${i}.telephone`] = FIELD.phone;
      if (!validPhone(c.cellphone)) errors[`contacts.${i}.cellphone`] = FIELD.phone;
    });
  }
  return errors;
}

/** The form fields of each wizard step (what Próximo validates before moving on). */
export const STEP_FIELDS = [
  [
    'type',
    'document',
    'fullname',
    'identity',
    'date_birth',
    'gender',
    'maritial',
    'favorite_store',
    'telephone',
    'cellphone',
    'email',
    'password',
    'tags',
  ],
  ['zipcode', 'address', 'number', 'complement', 'neighborhood', 'state', 'city', 'id_city'],
  [
    'employer',
    'occupation',
    'time',
    'timer',
    'home_owner',
    'income',
    'limit',
    'log',
    'bank',
    'ag',
    'agdigit',
    'acc',
    'accdigit',
  ],
  ['contacts'],
] as const satisfies readonly (readonly (keyof CustomerFormValues)[])[];

/**
 * The wizard's form schema: the rules of every step (`validateStep`), each message under its
 * field. The wizard validates one step at a time by triggering that step's fields.
 */
export const customerFormSchema = z.custom<CustomerFormValues>().superRefine((values, ctx) => {
  for (let step = 0; step < STEP_TITLES.length; step++) {
    for (const [path, message] of Object.entries(validateStep(step, values))) {
      if (message)
        ctx.addIssue({
          code: 'custom',
          path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
          message,
        });
    }
  }
});

/** The wizard step that holds a field (for server errors): contacts → 3, credit → 2, address → 1. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0] ?? field;
  const step = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(root));
  if (step >= 0) return step;
  return ['id_state', 'latitude', 'longitude'].includes(root) ? 1 : 0;
}
