import { isDay } from '@freguesia/shared/domain/dates';
import { normalizeText } from '@freguesia/shared/domain/text';
import { businessDayOf, toInstant } from '@freguesia/shared/segmentation/calendar';

/**
 * The segmentation profile of one customer: everything the lead conditions
 * (`@freguesia/shared/segmentation/conditions`) look at, kept on write so that evaluating one
 * customer against one lead costs O(conditions) and never a read of the customer's purchases.
 *
 * Built from three kinds of facts, each applied by a pure function of this module:
 * - the customer record (`ProfileCustomerFacts`, on every customer write);
 * - purchases (`ProfilePurchase`, once per purchase: the caller guarantees once-only);
 * - activities (`CustomerActivity`): what later domains (communications, campaigns, NPS, the
 *   mobile app) record about a customer, in the shape defined here, so that the CM, CAMP and
 *   QA 'app' conditions work the day those domains write them.
 *
 * Instants are stored as UTC ISO strings ('…Z', so they compare as text); days 'YYYY-MM-DD' in
 * the business time zone; money in integer centavos. Every list is bounded ({@link PROFILE_LIMITS})
 * so that a profile item stays far below DynamoDB's 400 KB item limit whatever the customer does.
 */

/** Customer record facts the conditions use. */
export interface ProfileCustomerFacts {
  id: number;
  /** 'YYYY-MM-DD'. */
  birthDate?: string;
  gender?: string;
  marital?: string;
  /** IBGE municipality code. */
  cityId?: number;
  /** City name as stored. */
  city?: string;
  state?: string;
  /** Registration channel ('Plataforma', 'Landing Page', 'PDV', 'App', …). */
  channel?: string;
  segment?: string;
  favoriteStore?: number;
  hasEmail: boolean;
  hasCellphone: boolean;
  /** gdpr_agreement 'Y'. */
  terms: boolean;
  optouts: { email: boolean; sms: boolean; whatsapp: boolean; app: boolean };
  /** Registration instant. */
  registeredAt: string;
  tags: string[];
  /** Latitude/longitude of the address, when geocoded. */
  latitude?: number;
  longitude?: number;
}

/** One purchase as the profile counts it (item ids resolved through the catalogue). */
export interface ProfilePurchase {
  id: number;
  /** Instant of the purchase: ISO with a zone, or the POS's business-zone local time 'YYYY-MM-DD HH:mm:ss'. */
  at: string;
  store: number;
  /** Sale origin / channel ('PDV', 'App', 'E-commerce', …). */
  origin: string;
  totalCentavos: number;
  products: number[];
  categories: number[];
  brands: number[];
  partners: number[];
}

export type ActivityKind =
  | 'email_sent'
  | 'email_read'
  | 'email_clicked'
  | 'sms_received'
  | 'sms_clicked'
  | 'nps_answered'
  | 'whatsapp_optin'
  | 'whatsapp_optout'
  | 'app_used'
  | 'push_registered'
  | 'campaign_participation';

/** A fact about a customer recorded by another domain. */
export interface CustomerActivity {
  customerId: number;
  kind: ActivityKind;
  /** Instant of the fact. */
  at: string;
  /** NPS score 0–10 (nps_answered). */
  score?: number;
  /** Device platform (app_used, push_registered). */
  platform?: 'android' | 'ios';
  /** Campaign kind L, T, D, DG, DB, DC and id (campaign_participation). */
  campaignType?: string;
  campaignId?: number;
}

export interface CustomerProfile extends ProfileCustomerFacts {
  purchases: {
    count: number;
    totalCentavos: number;
    firstAt?: string;
    lastAt?: string;
    /** Distinct business days of purchase, most recent first, at most {@link PROFILE_LIMITS}.days. */
    days: string[];
    /** Origin (as first written) → instant of the last purchase there; at most {@link PROFILE_LIMITS}.origins. */
    origins: Record<string, string>;
    stores: number[];
    products: number[];
    categories: number[];
    brands: number[];
    partners: number[];
  };
  app: { firstUsedAt?: string; lastUsedAt?: string; android: boolean; ios: boolean; push: boolean };
  communications: {
    emailSentAt?: string;
    emailReadAt?: string;
    emailClickedAt?: string;
    smsReceivedAt?: string;
    smsClickedAt?: string;
    whatsapp?: 'in' | 'out';
    /** Instant of the last WhatsApp opt-in/opt-out (the latest one wins, in any arrival order). */
    whatsappAt?: string;
    /** The last NPS answer. */
    nps?: { at: string; score: number };
  };
  /** Campaign kind → ids of the campaigns taken part in. */
  campaigns: Record<string, number[]>;
}

/**
 * Bounds of the profile's lists. A customer buying daily for years, or thousands of distinct
 * products, keeps a profile of a few tens of KB at most (1,000 product ids ≈ 7 KB, 400 days ≈ 5 KB,
 * every list full ≈ 40 KB), far below DynamoDB's 400 KB item limit. Past a bound the oldest
 * entries go: the conditions then see the most recent ones (and the exact count, total,
 * first and last purchase, which are never cut).
 */
export const PROFILE_LIMITS = {
  /** Distinct product ids, most recent first. */
  products: 1_000,
  categories: 300,
  brands: 300,
  partners: 300,
  stores: 200,
  /** Distinct purchase days (most recent first): CP 'between' sees them plus the first and last purchase. */
  days: 400,
  /** Distinct purchase origins, the most recently used kept. */
  origins: 50,
  /** Campaign ids per campaign kind, most recent first. */
  campaignsPerKind: 200,
  tags: 200,
} as const;

/** A copy without the keys whose value is undefined (DynamoDB refuses undefined attributes). */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const minInstant = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : a <= b ? a : b;
const maxInstant = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined ? a : a >= b ? a : b;

/**
 * Adds `items` to a bounded list of distinct values: at the front when they come from the newest
 * fact (they become the most recent), otherwise after the ones already there (an older fact
 * arriving late never pushes out more recent entries).
 */
function mergeRecent<T>(current: readonly T[], items: readonly T[], newest: boolean, max: number): T[] {
  const incoming = [...new Set(items)];
  if (newest) {
    const added = new Set(incoming);
    return [...incoming, ...current.filter((item) => !added.has(item))].slice(0, max);
  }
  const present = new Set(current);
  return [...current, ...incoming.filter((item) => !present.has(item))].slice(0, max);
}

function normalizedFacts(facts: ProfileCustomerFacts): ProfileCustomerFacts {
  const tags = [...new Set(facts.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))].slice(
    0,
    PROFILE_LIMITS.tags,
  );
  return compact({
    ...facts,
    birthDate: facts.birthDate && isDay(facts.birthDate) ? facts.birthDate : undefined,
    registeredAt: toInstant(facts.registeredAt) ?? facts.registeredAt,
    optouts: { ...facts.optouts },
    tags,
  });
}

/** A profile of a customer with no purchase and no activity yet. */
export function emptyProfile(facts: ProfileCustomerFacts): CustomerProfile {
  return {
    ...normalizedFacts(facts),
    purchases: {
      count: 0,
      totalCentavos: 0,
      days: [],
      origins: {},
      stores: [],
      products: [],
      categories: [],
      brands: [],
      partners: [],
    },
    app: { android: false, ios: false, push: false },
    communications: {},
    campaigns: {},
  };
}

/** The profile with the customer record's facts replaced (a cleared field is cleared); aggregates kept. */
export function withCustomerFacts(profile: CustomerProfile, facts: ProfileCustomerFacts): CustomerProfile {
  return {
    ...normalizedFacts(facts),
    purchases: profile.purchases,
    app: profile.app,
    communications: profile.communications,
    campaigns: profile.campaigns,
  };
}

/**
 * The profile with one more purchase. Pure and additive: the caller applies each purchase once.
 * Count, total, first and last purchase, the purchase days and the origins' last instants do not
 * depend on the order purchases arrive in; the id lists keep the most recent items first.
 * A purchase whose instant cannot be read still counts (count, total, items) but no date.
 */
export function withPurchase(profile: CustomerProfile, purchase: ProfilePurchase): CustomerProfile {
  const p = profile.purchases;
  const at = toInstant(purchase.at);
  const day = at ? businessDayOf(at) : undefined;
  const newest = at !== undefined && (p.lastAt === undefined || at >= p.lastAt);
  const days =
    day && !p.days.includes(day) ? [...p.days, day].sort().reverse().slice(0, PROFILE_LIMITS.days) : p.days;
  const origins = { ...p.origins };
  const origin = purchase.origin.trim();
  if (origin !== '' && at) {
    const folded = normalizeText(origin);
    const key = Object.keys(origins).find((k) => normalizeText(k) === folded) ?? origin;
    origins[key] = maxInstant(origins[key], at)!;
  }
  const keptOrigins = Object.entries(origins)
    .sort(([ka, a], [kb, b]) => (a === b ? ka.localeCompare(kb) : a > b ? -1 : 1))
    .slice(0, PROFILE_LIMITS.origins);
  return {
    ...profile,
    purchases: compact({
      count: p.count + 1,
      totalCentavos: p.totalCentavos + Math.round(purchase.totalCentavos),
      firstAt: minInstant(p.firstAt, at),
      lastAt: maxInstant(p.lastAt, at),
      days,
      origins: Object.fromEntries(keptOrigins),
      stores: mergeRecent(p.stores, [purchase.store], newest, PROFILE_LIMITS.stores),
      products: mergeRecent(p.products, purchase.products, newest, PROFILE_LIMITS.products),
      categories: mergeRecent(p.categories, purchase.categories, newest, PROFILE_LIMITS.categories),
      brands: mergeRecent(p.brands, purchase.brands, newest, PROFILE_LIMITS.brands),
      partners: mergeRecent(p.partners, purchase.partners, newest, PROFILE_LIMITS.partners),
    }),
  };
}

const COMMUNICATION_FIELD = {
  email_sent: 'emailSentAt',
  email_read: 'emailReadAt',
  email_clicked: 'emailClickedAt',
  sms_received: 'smsReceivedAt',
  sms_clicked: 'smsClickedAt',
} as const;

/**
 * The profile with one more activity recorded by another domain. The latest fact wins whatever
 * the arrival order (last e-mail read, last NPS answer, WhatsApp opt-in versus opt-out); the app's
 * first use is the earliest. An activity of another customer, or with an unreadable instant, or an
 * NPS answer without a 0–10 score, or a participation without a campaign kind and id, changes nothing.
 */
export function withActivity(profile: CustomerProfile, activity: CustomerActivity): CustomerProfile {
  const at = toInstant(activity.at);
  if (activity.customerId !== profile.id || !at) return profile;
  const c = profile.communications;
  switch (activity.kind) {
    case 'email_sent':
    case 'email_read':
    case 'email_clicked':
    case 'sms_received':
    case 'sms_clicked': {
      const field = COMMUNICATION_FIELD[activity.kind];
      return { ...profile, communications: { ...c, [field]: maxInstant(c[field], at) } };
    }
    case 'nps_answered': {
      const score = activity.score;
      if (score === undefined || !Number.isInteger(score) || score < 0 || score > 10) return profile;
      if (c.nps && c.nps.at > at) return profile;
      return { ...profile, communications: { ...c, nps: { at, score } } };
    }
    case 'whatsapp_optin':
    case 'whatsapp_optout': {
      if (c.whatsappAt && c.whatsappAt > at) return profile;
      return {
        ...profile,
        communications: { ...c, whatsapp: activity.kind === 'whatsapp_optin' ? 'in' : 'out', whatsappAt: at },
      };
    }
    case 'app_used':
    case 'push_registered': {
      const app = { ...profile.app };
      if (activity.kind === 'app_used') {
        app.firstUsedAt = minInstant(app.firstUsedAt, at);
        app.lastUsedAt = maxInstant(app.lastUsedAt, at);
      } else {
        app.push = true;
      }
      if (activity.platform === 'android') app.android = true;
      if (activity.platform === 'ios') app.ios = true;
      return { ...profile, app: compact(app) };
    }
    case 'campaign_participation': {
      const kind = activity.campaignType?.trim();
      const id = activity.campaignId;
      if (!kind || id === undefined || !Number.isInteger(id) || id <= 0) return profile;
      const ids = profile.campaigns[kind] ?? [];
      return {
        ...profile,
        campaigns: {
          ...profile.campaigns,
          [kind]: mergeRecent(ids, [id], true, PROFILE_LIMITS.campaignsPerKind),
        },
      };
    }
  }
}
