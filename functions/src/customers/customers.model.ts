import { normalizeText } from '@freguesia/shared/domain/text';
import { isValidDocument } from '@freguesia/shared/domain/document';
import { onlyDigits } from '@freguesia/shared/domain/masks';
import { MAX_CUSTOMER_TOTAL_CENTS } from '@freguesia/shared/schemas/customer-limits';
import type {
  CustomerEvent,
  CustomerForm,
  CustomerListItem,
  OptoutField,
  PortalCustomer,
  PortalCustomerRecord,
} from '@freguesia/shared/schemas/customer';
import type { Actor } from '../lib/context';
import type { CustomerEventItem, CustomerItem } from './entities';

/**
 * Pure customer logic: search-field detection, profile mapping and diffs, timeline texts and
 * keys, answers and money. No I/O (business dates: `@freguesia/shared/domain/dates`).
 */

// ---------------------------------------------------------------- money

/** Integer centavos → reais with two decimals (for JSON answers). */
export const reais = (centavos: number): number => Math.round(centavos) / 100;

/** Average ticket in centavos (rounded half up), 0 without purchases. */
export const averageCentavos = (total: number, count: number): number =>
  count > 0 ? Math.round(total / count) : 0;

// ---------------------------------------------------------------- search

export type SearchField = 'document' | 'fullname' | 'email' | 'cellphone';
export type SearchKey = { kind: 'document' | 'name' | 'email' | 'phone'; value: string };

/**
 * Which index a search uses. With `field` the caller decides; without it: a valid CPF/CNPJ
 * (11 or 14 digits) → document, '@' → e-mail, other digits or a '(DD)' mask → phone, else the
 * name. An 11-digit number that is both a valid CPF and a cellphone is looked up as a document
 * first (the service falls back to the phone index when that finds nothing).
 * Returns undefined when nothing searchable is left (e.g. only punctuation).
 */
export function searchKey(q: string, field?: SearchField): SearchKey | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const digits = onlyDigits(text);
  let kind: SearchKey['kind'];
  if (field) kind = field === 'fullname' ? 'name' : field === 'cellphone' ? 'phone' : field;
  else if (text.includes('@')) kind = 'email';
  else if (/^[\d\s.\-/()+]+$/.test(text))
    kind =
      !text.includes('(') && isValidDocument(digits) && (digits.length === 11 || digits.length === 14)
        ? 'document'
        : 'phone';
  else kind = 'name';
  const value = kind === 'name' ? normalizeText(text) : kind === 'email' ? text.toLowerCase() : digits;
  return value ? { kind, value } : undefined;
}

// ---------------------------------------------------------------- profile

/** Profile attributes written by the staff form and the portal (everything but aggregates). */
export type Profile = Omit<
  CustomerItem,
  | 'tenant'
  | 'id'
  | 'basketCount'
  | 'basketTotal'
  | 'dt_last_basket'
  | 'last_basket_origin'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'passwordHash'
  | 'channel'
  | 'integrations'
>;

const derivedKeys = (fullname: string, email: string | undefined) => ({
  nameKey: normalizeText(fullname),
  emailKey: email ? email.toLowerCase() : '',
});

/** Fields a save may leave out; they then keep the stored value (or these defaults). */
const KEPT_WHEN_ABSENT = {
  cellphone_optout: 'N',
  email_optout: 'N',
  whatsapp_optout: 'N',
  app_optout: 'N',
  gdpr_agreement: 'N',
  active: 'Y',
} as const;

function keep<K extends keyof typeof KEPT_WHEN_ABSENT>(
  field: K,
  value: 'Y' | 'N' | undefined,
  current?: Partial<CustomerItem>,
): 'Y' | 'N' {
  return value ?? (current?.[field] as 'Y' | 'N' | undefined) ?? KEPT_WHEN_ABSENT[field];
}

/**
 * Staff form → profile attributes (derived search keys included). Consent flags, `active`,
 * tags and contacts left out of the form keep their stored values: an edit never opts a
 * customer in, or revokes an agreement, by omission.
 */
export function profileFromForm(form: CustomerForm, current?: CustomerItem): Profile {
  const { password: _password, ...rest } = form;
  return {
    ...rest,
    date_birth: rest.date_birth ?? undefined,
    cellphone_optout: keep('cellphone_optout', rest.cellphone_optout, current),
    email_optout: keep('email_optout', rest.email_optout, current),
    whatsapp_optout: keep('whatsapp_optout', rest.whatsapp_optout, current),
    app_optout: keep('app_optout', rest.app_optout, current),
    gdpr_agreement: keep('gdpr_agreement', rest.gdpr_agreement, current),
    active: keep('active', rest.active, current),
    tags: rest.tags ?? current?.tags ?? [],
    contacts: rest.contacts ?? current?.contacts ?? [],
    ...derivedKeys(rest.fullname, rest.email),
  };
}

/**
 * Portal payload → profile attributes. The portal does not carry the staff-only fields
 * (credit analysis, contacts, identity...), so an update keeps them: `current` is merged.
 */
export function profileFromPortal(payload: PortalCustomer, current?: CustomerItem): Profile {
  const base: Partial<Profile> = current ? pickProfile(current) : {};
  return {
    ...base,
    type: payload.type,
    document: payload.document,
    fullname: payload.fullname,
    gender: payload.gender,
    date_birth: payload.date_birth ?? undefined,
    cellphone: payload.cellphone,
    email: payload.email,
    zipcode: payload.zipcode,
    state: payload.state,
    id_state: payload.id_state,
    id_city: payload.id_city,
    city: payload.city,
    neighborhood: payload.neighborhood,
    address: payload.address,
    number: payload.number,
    complement: payload.complement,
    tags: payload.tags,
    gdpr_agreement: keep('gdpr_agreement', payload.agreement, current),
    cellphone_optout: keep('cellphone_optout', payload.cellphone_optout, current),
    whatsapp_optout: keep('whatsapp_optout', payload.whatsapp_optout, current),
    email_optout: keep('email_optout', payload.email_optout, current),
    app_optout: keep('app_optout', payload.app_optout, current),
    active: current?.active ?? 'Y',
    ...derivedKeys(payload.fullname, payload.email),
  } as Profile;
}

/** Attributes of the profile, as stored (for diffs and the portal merge). */
export const PROFILE_FIELDS = [
  'type',
  'document',
  'fullname',
  'identity',
  'date_birth',
  'gender',
  'maritial',
  'favorite_store',
  'reference_code',
  'telephone',
  'cellphone',
  'email',
  'cellphone_optout',
  'email_optout',
  'whatsapp_optout',
  'app_optout',
  'gdpr_agreement',
  'active',
  'zipcode',
  'address',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'id_city',
  'id_state',
  'latitude',
  'longitude',
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
  'contacts',
  'tags',
  'nameKey',
  'emailKey',
] as const satisfies readonly (keyof Profile)[];

/** The profile fields a stored customer has (an edit of part of the record starts from them). */
export function pickProfile(c: CustomerItem): Partial<Profile> {
  const out: Record<string, unknown> = {};
  for (const f of PROFILE_FIELDS) if (c[f] !== undefined) out[f] = c[f];
  return out as Partial<Profile>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Profile fields whose value changed (derived keys left out), for the 'updated' event. */
export function changedFields(current: CustomerItem, next: Profile): string[] {
  return PROFILE_FIELDS.filter((f) => f !== 'nameKey' && f !== 'emailKey')
    .filter((f) => !(isEmptyValue(current[f]) && isEmptyValue(next[f])))
    .filter((f) => !same(current[f], next[f]));
}

const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

// ---------------------------------------------------------------- consent (LGPD)

export const CONSENT_FIELDS = [
  'gdpr_agreement',
  'cellphone_optout',
  'whatsapp_optout',
  'email_optout',
  'app_optout',
] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];

const CHANNEL_LABELS: Record<OptoutField, string> = {
  cellphone_optout: 'SMS',
  whatsapp_optout: 'WhatsApp',
  email_optout: 'E-mail',
  app_optout: 'Aplicativo',
};

export interface ConsentChange {
  field: ConsentField;
  from: 'Y' | 'N' | null;
  to: 'Y' | 'N';
}

/** Consent values that changed (or were set for the first time when `current` is undefined). */
export function consentChanges(current: Partial<CustomerItem> | undefined, next: Profile): ConsentChange[] {
  return CONSENT_FIELDS.flatMap((field) => {
    const from = (current?.[field] as 'Y' | 'N' | undefined) ?? null;
    const to = next[field] ?? 'N';
    return from === to ? [] : [{ field, from, to }];
  });
}

export function consentDescription(change: ConsentChange): string {
  if (change.field === 'gdpr_agreement') {
    return change.to === 'Y'
      ? 'Aceitou o regulamento do programa (LGPD)'
      : 'Não aceitou / retirou o aceite do regulamento (LGPD)';
  }
  const label = CHANNEL_LABELS[change.field];
  return change.to === 'Y'
    ? `Não autoriza comunicações por ${label} (opt-out)`
    : `Autoriza comunicações por ${label} (opt-in)`;
}

// ---------------------------------------------------------------- answers

export function toListItem(
  c: Pick<
    CustomerItem,
    | 'id'
    | 'fullname'
    | 'document'
    | 'email'
    | 'cellphone'
    | 'city'
    | 'state'
    | 'channel'
    | 'createdAt'
    | 'active'
  >,
): CustomerListItem {
  return {
    id: c.id,
    fullname: c.fullname,
    document: c.document,
    email: c.email ?? null,
    cellphone: c.cellphone ?? null,
    city: c.city ?? null,
    state: c.state ?? null,
    channel: c.channel,
    created_at: c.createdAt,
    active: c.active,
  };
}

/**
 * The store a timeline entry is about (purchases and associations), or undefined. Entries
 * written before the store was recorded name it in their text ('na loja 2', '(loja 2, ...').
 */
export function eventStore(
  e: Pick<CustomerEventItem, 'type' | 'storeId' | 'description'>,
): number | undefined {
  if (e.type !== 'purchase' && e.type !== 'associated') return undefined;
  if (e.storeId !== undefined) return e.storeId;
  const named = /\bloja (\d+)/.exec(e.description);
  return named ? Number(named[1]) : undefined;
}

export function toEvent(e: CustomerEventItem): CustomerEvent {
  return {
    id: `${e.at}#${e.seq}`,
    type: e.type,
    description: e.description,
    channel: e.channel,
    user_id: e.userId ?? null,
    user_name: e.userName ?? null,
    fields: e.fields ?? [],
    consent: e.consent?.field
      ? { field: e.consent.field, from: e.consent.from ?? null, to: e.consent.to ?? '' }
      : null,
    basket_id: e.basketId ?? null,
    created_at: e.at,
  };
}

/** GET /web/customer/{id}: every profile field, aggregates, tags, timeline and integrations. */
export function toDetails(c: CustomerItem, events: CustomerEventItem[]) {
  const {
    tenant: _t,
    passwordHash,
    nameKey: _n,
    emailKey: _e,
    basketCount,
    basketTotal,
    createdAt,
    updatedAt,
    version: _v,
    ...profile
  } = c;
  // Every form field is answered, null when empty, so the edit form gets a complete record.
  // A total stored beyond the ceiling by an older version is served at the ceiling (exact in JSON).
  const total = Math.min(Number(basketTotal) || 0, MAX_CUSTOMER_TOTAL_CENTS);
  const blanks = Object.fromEntries(
    PROFILE_FIELDS.filter((f) => f !== 'nameKey' && f !== 'emailKey').map((f) => [f, null]),
  );
  return {
    ...blanks,
    ...profile,
    date_birth: c.date_birth ?? null,
    contacts: c.contacts ?? [],
    tags: c.tags ?? [],
    integrations: c.integrations ?? [],
    has_password: Boolean(passwordHash),
    created_at: createdAt,
    updated_at: updatedAt,
    basket_count: basketCount,
    basket_total: reais(total),
    average_basket: reais(averageCentavos(total, basketCount)),
    dt_last_basket: c.dt_last_basket ?? null,
    last_basket_origin: c.last_basket_origin ?? null,
    events: events.map(toEvent),
  };
}

/** GET /customer/me: the portal payload fields plus active, type, gdpr_agreement and id. */
export function toPortalRecord(c: CustomerItem): PortalCustomerRecord {
  return {
    id: c.id,
    document: c.document,
    type: c.type,
    fullname: c.fullname,
    gender: c.gender ?? null,
    date_birth: c.date_birth ?? null,
    cellphone: c.cellphone ?? null,
    email: c.email ?? null,
    zipcode: c.zipcode ?? null,
    state: c.state ?? null,
    id_state: c.id_state ?? 0,
    id_city: c.id_city ?? null,
    city: c.city ?? null,
    neighborhood: c.neighborhood ?? null,
    address: c.address ?? null,
    number: c.number ?? null,
    complement: c.complement ?? null,
    tags: c.tags ?? [],
    channel: c.channel,
    active: c.active,
    gdpr_agreement: c.gdpr_agreement,
    agreement: c.gdpr_agreement,
    cellphone_optout: c.cellphone_optout,
    whatsapp_optout: c.whatsapp_optout,
    email_optout: c.email_optout,
    app_optout: c.app_optout,
  };
}

/** 'R$ 1.234,56'. */
export const formatBrl = (centavos: number): string =>
  (centavos / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\u00a0/g, ' ');

/** Phone numbers of a profile, each once (cellphone first). */
/**
 * The phone index entries of one customer (one per distinct phone, `phonesOf`), as the
 * repository writes them; the seed and the benches build theirs with this too.
 */
export function phoneEntries(
  tenant: string,
  customerId: number,
  c: Pick<
    Profile,
    'fullname' | 'document' | 'email' | 'cellphone' | 'telephone' | 'city' | 'state' | 'active'
  > & {
    channel: string;
    createdAt: string;
  },
) {
  return phonesOf(c).map((phone) => ({
    tenant,
    phone,
    customerId,
    fullname: c.fullname,
    document: c.document,
    email: c.email,
    cellphone: c.cellphone,
    city: c.city,
    state: c.state,
    channel: c.channel,
    active: c.active,
    createdAt: c.createdAt,
  }));
}

export function phonesOf(p: { cellphone?: string; telephone?: string }): string[] {
  return [...new Set([p.cellphone, p.telephone].filter((v): v is string => Boolean(v)))];
}

// ---------------------------------------------------------------- timeline

/** Who makes a change, as the timeline shows it. */
export interface TimelineActor {
  /** 'Plataforma' (staff), 'Landing Page' (portal), 'PDV', 'App'. */
  channel: string;
  userId?: number;
  userName?: string;
}

/** A timeline entry as a service prepares it (the repository adds tenant and customer id). */
export type TimelineEntry = Omit<CustomerEventItem, 'tenant' | 'customerId'>;

/** The timeline's view of a service caller: staff by name, the portal as 'Landing Page'. */
export function timelineActor(actor: Actor): TimelineActor {
  switch (actor.kind) {
    case 'staff':
      return { channel: 'Plataforma', userId: actor.userId, userName: actor.shortname };
    case 'customer':
    case 'public':
      return { channel: 'Landing Page' };
    case 'integration':
      return { channel: 'PDV' };
    case 'system':
      return { channel: 'Plataforma', userName: actor.name };
  }
}

let sequence = 0;

/** Event keys: the instant plus a per-container sequence (several events in one change). */
export function eventKey(at: Date): { at: string; seq: string } {
  sequence = (sequence + 1) % 1_000_000;
  return {
    at: at.toISOString(),
    seq: `${String(sequence).padStart(6, '0')}${Math.random().toString(36).slice(2, 6)}`,
  };
}

/** Timeline entries by one actor at one instant (each with its own key). */
export function timelineEntries(
  actor: TimelineActor,
  at: Date,
  entries: Array<Omit<TimelineEntry, 'at' | 'seq' | 'channel' | 'userId' | 'userName'>>,
): TimelineEntry[] {
  return entries.map((e) => ({
    channel: actor.channel,
    userId: actor.userId,
    userName: actor.userName,
    ...eventKey(at),
    ...e,
  }));
}

// ---------------------------------------------------------------- reach per channel

/** The channels a send may reach a customer by (the communications planner's rule: active, an address, no opt-out). */
export type ReachChannel = 'EMAIL' | 'SMS' | 'WHATSAPP' | 'PUSH';

/**
 * The channels a customer is reachable by, for the per-channel counters kept on write (the
 * whole-base send estimate counts only these): active, with the channel's address, not opted out.
 * Push reaches a customer whose app consent is 'N' (addressed by external id, no token kept).
 */
export function reachChannels(c: {
  active?: string;
  email?: string | null;
  cellphone?: string | null;
  email_optout?: string;
  cellphone_optout?: string;
  whatsapp_optout?: string;
  app_optout?: string;
}): ReachChannel[] {
  if (c.active !== 'Y') return [];
  const out: ReachChannel[] = [];
  const cell = (c.cellphone ?? '').replace(/\D/g, '');
  if ((c.email ?? '').trim() && c.email_optout !== 'Y') out.push('EMAIL');
  if (cell && c.cellphone_optout !== 'Y') out.push('SMS');
  if (cell && c.whatsapp_optout !== 'Y') out.push('WHATSAPP');
  if ((c.app_optout ?? 'N') === 'N') out.push('PUSH');
  return out;
}
