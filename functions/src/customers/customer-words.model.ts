import { normalizeText, searchRank, searchWords } from '@freguesia/shared/domain/text';
import { onlyDigits } from '@freguesia/shared/domain/masks';
import type { CustomerListItem } from '@freguesia/shared/schemas/customer';

/**
 * Word search over customers (pure; see `CustomerWordEntity`): the terms a customer is found
 * by, which term a search reads, and how the candidates are ranked. No I/O.
 */

/** Name words indexed per customer (the rest still narrow a search; see README). */
export const NAME_WORDS_INDEXED = 8;
/** Longest e-mail local part indexed (RFC 5321 allows 64). */
const EMAIL_TERM_MAX = 64;
/** Shortest phone ending searched by its last digits. */
export const PHONE_SUFFIX_MIN = 4;
/**
 * Particles of Brazilian names: not indexed (every other customer has one), and never the
 * word a search reads when the query has another; they still narrow through `searchRank`.
 */
const PARTICLES = new Set(['DA', 'DAS', 'DE', 'DO', 'DOS', 'E']);

export type TermKind = 'N' | 'E' | 'P';
export interface SearchTerm {
  kind: TermKind;
  term: string;
}

/** Name words worth an index entry: no particles, no single letters, at most NAME_WORDS_INDEXED. */
function indexedNameWords(fullname: string): string[] {
  return searchWords(fullname)
    .filter((w) => w.length > 1 && !PARTICLES.has(w))
    .slice(0, NAME_WORDS_INDEXED);
}

/** The e-mail's part before the @, lower case (undefined when none). */
export function emailLocal(email: string | undefined): string | undefined {
  const local = email?.split('@')[0]?.trim().toLowerCase().slice(0, EMAIL_TERM_MAX);
  return local || undefined;
}

export const reverseDigits = (digits: string): string => [...digits].reverse().join('');

/**
 * Every term a customer is found by: name words, e-mail local part, reversed phones. At most
 * NAME_WORDS_INDEXED + 3 entries, so a customer's transaction (limit 100 items) keeps room.
 */
export function searchTerms(c: {
  fullname: string;
  email?: string;
  cellphone?: string;
  telephone?: string;
}): SearchTerm[] {
  const terms: SearchTerm[] = indexedNameWords(c.fullname).map((term) => ({ kind: 'N', term }));
  const local = emailLocal(c.email);
  if (local) terms.push({ kind: 'E', term: local });
  for (const phone of new Set([c.cellphone, c.telephone].map((p) => onlyDigits(p ?? '')).filter(Boolean))) {
    terms.push({ kind: 'P', term: reverseDigits(phone) });
  }
  return terms;
}

/** The list columns a search entry carries (a customer's, or its profile about to be written). */
export interface EntryColumns {
  fullname: string;
  document: string;
  email?: string;
  cellphone?: string;
  telephone?: string;
  city?: string;
  state?: string;
  channel: string;
  active: 'Y' | 'N';
  createdAt: string;
}

/** The `CustomerWordEntity` items of a customer: one per search term, with the list columns. */
export function searchEntries(tenant: string, customerId: number, c: EntryColumns) {
  return searchTerms(c).map((t) => ({
    tenant,
    kind: t.kind,
    lead: t.term.slice(0, 1),
    term: t.term,
    customerId,
    fullname: c.fullname,
    document: c.document,
    email: c.email,
    cellphone: c.cellphone,
    telephone: c.telephone,
    city: c.city,
    state: c.state,
    channel: c.channel,
    active: c.active,
    createdAt: c.createdAt,
  }));
}

/** Identity of a term (for set differences between the stored and the new terms). */
export const termKey = (t: SearchTerm): string => `${t.kind}|${t.term}`;

/**
 * The name word a search reads from the index: the longest (most selective) word that is not
 * a particle. Undefined when the query has only particles or nothing searchable (the caller
 * then falls back to the whole-name prefix).
 */
export function nameQueryWord(q: string): string | undefined {
  const words = searchWords(q).filter((w) => !PARTICLES.has(w));
  return words.sort((a, b) => b.length - a.length)[0];
}

/** A search candidate: a list row plus the phones that matched (phone searches). */
export type Candidate = CustomerListItem & { telephone?: string | null };

/**
 * Ranks name candidates for `q` with `searchRank` (exact name, then the name starting with the
 * query, then whole words above prefixes), dropping those that do not match every query word;
 * ties by name, then id.
 */
export function rankByName<T extends CustomerListItem>(candidates: T[], q: string): T[] {
  return candidates
    .map((c) => ({ c, rank: searchRank(c.fullname, q) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => b.rank - a.rank || a.c.fullname.localeCompare(b.c.fullname, 'pt-BR') || a.c.id - b.c.id)
    .map((r) => r.c);
}

/** Phone candidates: the whole number typed first, then by ending, then by start; ties by id. */
export function rankByPhone<T extends Candidate>(candidates: T[], digits: string): T[] {
  const score = (c: T) => {
    const phones = [c.cellphone, c.telephone].map((p) => onlyDigits(p ?? ''));
    if (phones.includes(digits)) return 3;
    if (phones.some((p) => p.endsWith(digits))) return 2;
    return 1;
  };
  return candidates
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.c.id - b.c.id)
    .map((r) => r.c);
}

/** Whether a query is one token that could be an e-mail's local part ('bia.costa', 'joao_s'). */
export const couldBeEmailLocal = (q: string): boolean => /^[^\s@]+$/.test(q.trim());

/** The folded whole-name prefix (the fallback for particle-only queries). */
export const namePrefix = (q: string): string => normalizeText(q);
