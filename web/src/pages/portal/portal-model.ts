/**
 * Pure logic of the public customer portal (/cadastro, spec part 1 §2–§5, §8): settings,
 * colours, the form's validation and its payload. No React, no DOM: unit-tested in node.
 */
import { isValidCpf } from '@freguesia/shared/domain/document';
import { MASKS, applyMask, brDateToIso, onlyDigits } from '@freguesia/shared/domain/masks';
import {
  CUSTOMER_MESSAGES,
  parseRequiredFields,
  portalFormToPayload,
  portalRecordToForm,
  portalRequiredMessage,
  type PortalCustomerRecord,
  type PortalFormValues,
  type PortalOptionalField,
} from '@freguesia/shared/schemas/customer';
import { mix, normalizeHex } from '../../app/theme-tokens';

export type { PortalFormValues, PortalOptionalField };

// ------------------------------------------------------------------ texts (spec §2, §5, §8)

export const PORTAL_TEXT = {
  alreadyRegistered: 'Já tenho cadastro ou me cadastrei no caixa',
  wantToRegister: 'Quero me cadastrar',
  verify: 'Verificar',
  access: 'Acessar',
  register: 'Cadastrar',
  update: 'Atualizar',
  search: 'Buscar',
  terms: 'Regulamento',
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
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
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

// ------------------------------------------------------------------ settings

export type BackgroundStyle = 'cover' | 'repeat';

/** The portal settings (spec §3 "Portal settings") as the page uses them. */
export interface PortalLook {
  description: string;
  term: string;
  backgroundImage: string | undefined;
  backgroundStyle: BackgroundStyle;
  primary: string | undefined;
  secondary: string | undefined;
  required: ReadonlySet<PortalOptionalField>;
  /** Interest tags named by portal_tags (the server's tag list wins; this is the fallback). */
  tags: string[];
}

export const EMPTY_LOOK: PortalLook = {
  description: '',
  term: '',
  backgroundImage: undefined,
  backgroundStyle: 'cover',
  primary: undefined,
  secondary: undefined,
  required: new Set(),
  tags: [],
};

/** Comma-separated list → trimmed, de-duplicated, non-empty entries. */
export function splitList(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const item of (value ?? '').split(',')) {
    const trimmed = item.trim();
    if (trimmed !== '' && ![...seen].some((s) => s.toLowerCase() === trimmed.toLowerCase())) seen.add(trimmed);
  }
  return [...seen];
}

/**
 * A background image the page may use: http(s), a same-site path or an inline image data URL;
 * anything else (javascript:, protocol-relative, control characters) is dropped.
 */
export function safeImageUrl(value: string | null | undefined): string | undefined {
  const url = (value ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (url === '' || /[\u0000-\u001f]/.test(url)) return undefined;
  if (/^https?:\/\/[^/]/i.test(url) || /^\/(?!\/)/.test(url)) return url;
  if (/^data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url;
  return undefined;
}

/** `url("…")` for a CSS background, with the characters that would end the string escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\]/g, (ch) => encodeURIComponent(ch))}")`;
}

export function lookFromSettings(entries: readonly { key: string; value: string | null }[]): PortalLook {
  const get = (key: string) => entries.find((entry) => entry.key === key)?.value ?? '';
  return {
    description: get('program_description').trim(),
    term: get('program_term').trim(),
    backgroundImage: safeImageUrl(get('portal_background_image')),
    backgroundStyle: get('portal_style_bg').trim() === 'repeat' ? 'repeat' : 'cover',
    primary: normalizeHex(get('portal_primary_color')),
    secondary: normalizeHex(get('portal_secondary_color')),
    required: new Set(parseRequiredFields(get('portal_fields_require'))),
    tags: splitList(get('portal_tags')),
  };
}

/**
 * The interest chips: the server's public tag list (it parses portal_tags, JSON or separated
 * text); the settings' own comma list only when that call gave nothing.
 */
export function offeredTags(look: PortalLook, publicTags: readonly string[]): string[] {
  const seen = new Set<string>();
  const list = publicTags.map((t) => t.trim()).filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  return list.length > 0 ? list : look.tags;
}

// ------------------------------------------------------------------ colours

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on `background` (WCAG contrast). */
export function textOn(background: string): string {
  const l = luminance(background);
  return (1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#0f141a');
}

export const DEFAULT_SECONDARY = '#263238';

/** CSS custom properties of the portal's colours (buttons, header). */
export function portalColors(look: PortalLook, tenantPrimary: string): Record<string, string> {
  const primary = look.primary ?? normalizeHex(tenantPrimary) ?? '#c62828';
  const secondary = look.secondary ?? DEFAULT_SECONDARY;
  return {
    '--portal-primary': primary,
    '--portal-primary-hover': mix(primary, '#000000', 0.15),
    '--portal-on-primary': textOn(primary),
    '--portal-primary-tint': mix(primary, '#ffffff', 0.88),
    '--portal-secondary': secondary,
    '--portal-secondary-hover': mix(secondary, '#000000', 0.15),
    '--portal-on-secondary': textOn(secondary),
  };
}

// ------------------------------------------------------------------ form

export type PortalMode = 'register' | 'update';
export type FieldErrors = Partial<Record<keyof PortalFormValues | 'communications', string>>;

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
    state: (UFS as readonly string[]).includes(form.state.toUpperCase()) ? form.state.toUpperCase() : DEFAULT_UF,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isBlank(form: PortalFormValues, field: PortalOptionalField): boolean {
  if (field === 'tags') return form.tags.length === 0;
  if (field === 'communications') return !(form.allow_sms || form.allow_whatsapp || form.allow_email || form.allow_app);
  if (field === 'city') return form.city.trim() === '' && form.id_city === '';
  return String(form[field] ?? '').trim() === '';
}

/**
 * Field checks before sending (spec §5 "Customer portal"): document, fullname, password and
 * confirmation always on register; the optional fields only when portal_fields_require names
 * them; what is filled must be well-formed. The agreement is enforced by the button itself
 * (it shows only once ticked), and equal passwords by `passwordsMatch`.
 */
export function validatePortalForm(
  form: PortalFormValues,
  mode: PortalMode,
  required: ReadonlySet<PortalOptionalField>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (onlyDigits(form.document) === '') errors.document = FIELD_MESSAGES.document;
  else if (!isPortalCpf(form.document)) errors.document = FIELD_MESSAGES.invalidDocument;
  if (form.fullname.trim() === '') errors.fullname = FIELD_MESSAGES.fullname;

  for (const field of required) {
    if (isBlank(form, field)) errors[field] = portalRequiredMessage(field);
  }
  if (!errors.date_birth && onlyDigits(form.date_birth) !== '' && !brDateToIso(form.date_birth)) {
    errors.date_birth = FIELD_MESSAGES.date;
  }
  const cell = onlyDigits(form.cellphone);
  if (!errors.cellphone && cell !== '' && cell.length !== 11) errors.cellphone = FIELD_MESSAGES.cellphone;
  if (!errors.email && form.email.trim() !== '' && !EMAIL.test(form.email.trim())) errors.email = FIELD_MESSAGES.email;
  const zip = onlyDigits(form.zipcode);
  if (!errors.zipcode && zip !== '' && zip.length !== 8) errors.zipcode = FIELD_MESSAGES.zipcode;

  if (mode === 'register') {
    if (form.password === '') errors.password = FIELD_MESSAGES.password;
    if (form.password_confirmation === '') errors.password_confirmation = FIELD_MESSAGES.passwordConfirmation;
  }
  if (!errors.password && form.password !== '' && (form.password.length < 6 || form.password.length > 72)) {
    errors.password = FIELD_MESSAGES.shortPassword;
  }
  return errors;
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

/** Server field errors `{errors: {field: message}}` of an error body. */
export function serverFieldErrors(body: unknown): FieldErrors {
  if (typeof body !== 'object' || body === null) return {};
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') out[field] = message;
    else if (Array.isArray(message) && typeof message[0] === 'string') out[field] = message[0];
  }
  return out as FieldErrors;
}
