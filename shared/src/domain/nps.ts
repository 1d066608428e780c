/**
 * NPS (spec part 3 §3 'NPS', §4 classification, §5 and §9 limits): the pure rules shared by the
 * API (counters, dashboard) and the web (settings form, dashboard, public survey).
 */

export const NPS_LIMITS = {
  intervalMin: 1,
  intervalMax: 180,
  intervalDefault: 30,
  daysMin: 1,
  daysMax: 180,
  daysDefault: 30,
  pushTitleMax: 100,
  pushBodyMax: 400,
  smsMax: 160,
  observationMax: 1000,
} as const;

/** The texts of the public survey page (spec part 3 §2, §5, §8). */
export const SURVEY_MESSAGES = {
  chooseScore: 'Escolha uma nota',
  thanks: 'Agradecemos sua avaliação !',
  failure: 'Ocorreu um erro, vamos avisar a equipe !',
  /** Beyond the spec: a second answer to the same survey. */
  alreadyAnswered: 'Esta pesquisa já foi respondida. Agradecemos sua avaliação !',
  /** Beyond the spec: a link that is not ours, altered or expired. */
  invalidLink: 'Este link de pesquisa não é válido ou expirou.',
} as const;

export type NpsClassification = 'detractor' | 'passive' | 'promoter';

/** Below 7 detractor, 7 to 8 passive, 9 to 10 promoter (spec part 3 §4). */
export function classify(score: number): NpsClassification {
  if (score >= 9) return 'promoter';
  if (score >= 7) return 'passive';
  return 'detractor';
}

/** Score = promoter % − detractor %, 2 decimals; 0 without answers. */
export function npsScore(counts: { promoter: number; passive: number; detractor: number }): number {
  const total = counts.promoter + counts.passive + counts.detractor;
  if (total === 0) return 0;
  return Math.round(((counts.promoter - counts.detractor) / total) * 10_000) / 100;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A positive integer id in base 62 (0-9, A-Z, a-z). */
export function toBase62(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('base62: not a non-negative integer');
  let out = '';
  let v = n;
  do {
    out = ALPHABET[v % 62]! + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out;
}

/** The id a base-62 text encodes, or undefined when it is not one (or past 2^53). */
export function fromBase62(text: string): number | undefined {
  if (!/^[0-9A-Za-z]{1,9}$/.test(text)) return undefined;
  let v = 0;
  for (const c of text) v = v * 62 + ALPHABET.indexOf(c);
  return Number.isSafeInteger(v) ? v : undefined;
}

/**
 * The link's hash: `customer;survey;signature` — the two ids in base 62 separated by ';' as the
 * spec has it, then (beyond the spec) the server's signature of both, so a link cannot be forged
 * or altered to answer for someone else. Only the server checks the signature.
 */
export function parseSurveyHash(
  hash: string,
): { customer: number; survey: number; payload: string; signature: string } | undefined {
  const parts = hash.split(';');
  if (parts.length !== 3) return undefined;
  const [c, s, signature] = parts as [string, string, string];
  const customer = fromBase62(c);
  const survey = fromBase62(s);
  if (!customer || !survey || !/^[A-Za-z0-9_-]{16,64}$/.test(signature)) return undefined;
  return { customer, survey, payload: `${c};${s}`, signature };
}
