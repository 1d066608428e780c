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
 * Instants are ISO strings (UTC); dates 'YYYY-MM-DD' in the business time zone.
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
  /** Instant of the purchase. */
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
    /** Distinct purchase dates, most recent first, bounded (see the evaluator for the window). */
    days: string[];
    /** Origin → instant of the last purchase there. */
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
    /** The last NPS answer. */
    nps?: { at: string; score: number };
  };
  /** Campaign kind → ids of the campaigns taken part in. */
  campaigns: Record<string, number[]>;
}
