/**
 * Pure logic of the public customer portal's forms (/cadastro, spec part 1 §3–§5, §8): texts,
 * masks, the form's values and its payload. No React, no DOM: unit-tested in node. The
 * validation is a zod schema (portal-form.ts); the settings and colours are in portal-look.ts.
 */
import { isValidCpf } from '@freguesia/shared/domain/document';
import { MASKS, applyMask, onlyDigits } from '@freguesia/shared/domain/masks';
import {
  CUSTOMER_MESSAGES,
  portalFormToPayload,
  portalRecordToForm,
  type PortalCustomerRecord,
  type PortalFormValues,
  type PortalOptionalField,
} from '@freguesia/shared/schemas/customer';
import { HOME_TEXT } from './portal-look';

export type { PortalFormValues, PortalOptionalField };

// ------------------------------------------------------------------ texts (spec §2, §5, §8)

export const PORTAL_TEXT = {
  ...HOME_TEXT,
  verify: 'Verificar',
  access: 'Acessar',
  register: 'Cadastrar',
  update: 'Atualizar',
  search: 'Buscar',
  badCredentials: 'Credenciais incorretas',
  noPassword: 'Informe sua senha para realizar o acesso.',
  wrongPassword: CUSTOMER_MESSAGES.wrongPassword,
  askRegisterTitle: 'Realizar Cadastro?',
  askRegisterText: 'Não encontrei esse CPF em nossa base. Deseja realizar seu cadastro?',
  askRegisterConfirm: 'Sim, vamos lá!',
  askAccessTitle: 'Realizar Acesso?',
  askAccessText: CUSTOMER_MESSAGES.portalDuplicate,
  askAccessConfirm: 'Sim, acessar',
  passwordsDiffer: CUSTOMER_MESSAGES.passwordsDiffer,
  addressNotFound: 'Endereço não encontrado!',
  created: CUSTOMER_MESSAGES.portalCreated,
  updated: CUSTOMER_MESSAGES.portalUpdated,
} as const;

export const FIELD_MESSAGES = {
  document: 'Digite o seu CPF.',
  invalidDocument: 'CPF inválido. Verifique o número informado e tente novamente.',
  fullname: 'Digite o seu nome.',
  password: 'Digite a sua senha.',
  passwordConfirmation: 'Confirme a sua senha.',
  shortPassword: 'A senha deve ter de 6 a 72 caracteres.',
  date: 'Data de nascimento inválida.',
  cellphone: 'Telefone inválido: informe DDD e número.',
  email: 'E-mail inválido.',
  zipcode: 'CEP inválido: informe 8 dígitos.',
} as const;

/** Gender codes of the portal (spec §3), N being the portal's own 'não informado'. */
export const GENDER_OPTIONS = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
  { value: 'O', label: 'Outros' },
  { value: 'N', label: 'Não informado' },
] as const;

/** The fixed list of UFs (spec §5), alphabetical; SP is the default (spec §9). */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
export const DEFAULT_UF = 'SP';

/** The four channels (spec §3): ticked = allowed = opt-out 'N'. 'Celular' is the app channel. */
export const CHANNELS = [
  { key: 'allow_sms', label: 'SMS' },
  { key: 'allow_whatsapp', label: 'WhatsApp' },
  { key: 'allow_email', label: 'E-mail' },
  { key: 'allow_app', label: 'Celular' },
] as const satisfies readonly { key: keyof PortalFormValues; label: string }[];

// ------------------------------------------------------------------ masks

export const maskPortalDocument = (value: string) => applyMask(value, MASKS.portalDocument);
export const maskPortalCellphone = (value: string) => applyMask(value, MASKS.portalCellphone);
export const maskPortalDate = (value: string) => applyMask(value, MASKS.portalDate);
export const maskPortalZipcode = (value: string) => applyMask(value, MASKS.portalZipcode);

/** Whether the masked document is a valid CPF (the portal is for people: 11 digits). */
export function isPortalCpf(value: string): boolean {
  return onlyDigits(value).length === 11 && isValidCpf(value);
}

// ------------------------------------------------------------------ form

export type PortalMode = 'register' | 'update';

export function emptyForm(document = ''): PortalFormValues {
  return {
    document: maskPortalDocument(document),
    fullname: '',
    gender: '',
    date_birth: '',
    cellphone: '',
    email: '',
    zipcode: '',
    state: DEFAULT_UF,
    id_city: '',
    city: '',
    neighborhood: '',
    address: '',
    number: '',
    complement: '',
    tags: [],
    password: '',
    password_confirmation: '',
    agreement: false,
    allow_sms: true,
    allow_whatsapp: true,
    allow_email: true,
    allow_app: true,
  };
}

/** The record of GET /customer/me as the form shows it (spec §3: padded, upper-case, DD/MM/YYYY). */
export function formFromRecord(record: PortalCustomerRecord): PortalFormValues {
  const form = portalRecordToForm(record);
  return {
    ...form,
    document: maskPortalDocument(form.document),
    cellphone: maskPortalCellphone(form.cellphone),
    zipcode: maskPortalZipcode(form.zipcode),
    state: (UFS as readonly string[]).includes(form.state.toUpperCase())
      ? form.state.toUpperCase()
      : DEFAULT_UF,
  };
}

/** Spec §5: equal, or both empty on update. */
export function passwordsMatch(form: PortalFormValues, mode: PortalMode): boolean {
  if (mode === 'update' && form.password === '' && form.password_confirmation === '') return true;
  return form.password === form.password_confirmation;
}

/**
 * The payload (spec §3, §5): digits-only document/cellphone, YYYY-MM-DD date, type by length,
 * id_state 0, channel 'Landing Page'; tags are the interests ticked (the server keeps the tags
 * staff gave that the portal does not offer). An empty password (update) is left out.
 */
export function buildPayload(form: PortalFormValues) {
  const { password, password_confirmation, ...rest } = portalFormToPayload(form);
  return { ...rest, ...(password ? { password, password_confirmation } : {}) };
}

/** Record tags matched to the offered spelling, so their chips show ticked. */
export function tickedTags(recordTags: readonly string[], offered: readonly string[]): string[] {
  return offered.filter((t) => recordTags.some((r) => r.toLowerCase() === t.toLowerCase()));
}
