import { createHash } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';
import { isConditionFailure } from '../ddb/transactions';

/**
 * Login attempt counters, one item per (tenant, kind, subject). Three kinds per login:
 * - `pair`: the account tried from the caller's address (the usual guesser);
 * - `address`: the caller's address across accounts (one address sweeping many accounts);
 * - `account`: the account from every address together (a distributed guesser), with a ceiling
 *   high enough that a handful of requests can never lock the rightful owner out.
 * A fixed window starts at the first attempt; reaching the limit inside it locks the subject
 * until `lockedUntil`. Items expire through the table's TTL (`expiresAt`, epoch seconds); since
 * TTL deletion is lazy, every read checks the times. The subject is stored as a SHA-256, so the
 * table holds no e-mail, document or address in clear here.
 */
export const LoginAttemptEntity = new Entity(
  {
    model: { entity: 'loginAttempt', version: '2', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      kind: { type: ['pair', 'address', 'account'] as const, required: true, readOnly: true },
      subject: { type: 'string', required: true, readOnly: true },
      /** Attempts of the window not (yet) proven good: failures plus those being verified. */
      failures: { type: 'number', required: true, default: 0 },
      /** Epoch seconds of the first attempt of the current window. */
      windowStart: { type: 'number', required: true },
      /** Epoch seconds until which logins are refused (0 = not locked). */
      lockedUntil: { type: 'number', required: true, default: 0 },
      expiresAt: { type: 'number', required: true },
    },
    indexes: {
      bySubject: key('primary', ['tenant', 'kind', 'subject'], []),
    },
  },
  { client: documentClient, table: tableName() },
);

export type AttemptKind = 'pair' | 'address' | 'account';

export interface ThrottlePolicy {
  /** Failures inside the window that lock the subject. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * The login policy (README "Login throttling"), the same for staff and portal customers:
 * - 5 failures of one account from one address in 15 minutes lock that pair for 15 minutes;
 * - 20 failures from one address in 15 minutes (any accounts) lock the address for 15 minutes;
 * - 100 failures of one account in an hour, all addresses together, lock the account for
 *   everyone until that hour is over (at least 15 minutes). Reaching it takes at least 20
 *   addresses at the pair limit, so nobody locks a colleague out by mistyping or on purpose
 *   with a handful of tries, while a distributed guesser gets at most ~100 guesses an hour.
 * A correct password is refused only when its own pair or address is locked, or at the ceiling.
 */
export const LOGIN_THROTTLE: Readonly<Record<AttemptKind, ThrottlePolicy>> = {
  pair: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  account: { maxFailures: 100, windowSeconds: 60 * 60, lockSeconds: 15 * 60 },
};

/** Whose login it is: staff e-mails and portal documents never share a counter. */
export type LoginScope = 'staff' | 'customer';

/** One login attempt that got past the throttle: report how the password check ended. */
export interface LoginAttempt {
  /** A wrong password (or an unknown account): keeps the attempt counted, locks at the limits. */
  failed(): Promise<void>;
  /** A correct password: forgets the pair's failures and gives back the attempt elsewhere. */
  succeeded(): Promise<void>;
}

export type ThrottleDecision = ({ allowed: true } & LoginAttempt) | { allowed: false; retryAfter: number };

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

type AttemptKey = { tenant: string; kind: AttemptKind; subject: string };
type Reservation =
  { charged: true; count: number; windowStart: number } | { charged: false; retryAfter: number };

/**
 * Login throttling bound to one tenant and scope. `begin` counts the attempt atomically
 * *before* the password is verified, so a burst of parallel guesses cannot slip past a limit
 * between a check and a write; `succeeded` gives the attempt back.
 */
export function loginThrottle(tenant: string, scope: LoginScope, policies = LOGIN_THROTTLE) {
  const keyOf = (kind: AttemptKind, value: string): AttemptKey => ({
    tenant,
    kind,
    subject: digest(`${scope}\u0000${kind}\u0000${value}`),
  });

  return {
    /**
     * Reserves one attempt of `account` (normalised e-mail or document) from `address`:
     * `{allowed: false, retryAfter}` (seconds, the longest wait) when a pair, address or
     * account limit is reached, otherwise the attempt to report on.
     */
    async begin(account: string, address: string): Promise<ThrottleDecision> {
      const now = nowSeconds();
      const subjects = [
        { key: keyOf('pair', `${account}\u0000${address}`), policy: policies.pair },
        { key: keyOf('address', address), policy: policies.address },
        { key: keyOf('account', account), policy: policies.account },
      ] as const;
      const reservations = await Promise.all(subjects.map((s) => reserve(s.key, s.policy, now)));
      const refused = reservations.filter((r) => !r.charged);
      if (refused.length > 0) {
        // Give back what this refused attempt counted elsewhere: a locked guesser hammering on
        // must not push the account towards its ceiling.
        await Promise.all(subjects.map((s, i) => release(s.key, reservations[i]!)));
        return {
          allowed: false,
          retryAfter: Math.max(1, ...refused.map((r) => (r.charged ? 0 : r.retryAfter))),
        };
      }
      const [pair, ...others] = subjects;
      return {
        allowed: true,
        failed: async () => {
          const at = nowSeconds();
          await Promise.all(
            subjects.map((s, i) => {
              const r = reservations[i]!;
              return r.charged && r.count >= s.policy.maxFailures ? lock(s.key, s.policy, at) : undefined;
            }),
          );
        },
        succeeded: async () => {
          await Promise.all([
            LoginAttemptEntity.delete(pair.key).go(),
            ...others.map((s, i) => release(s.key, reservations[i + 1]!)),
          ]);
        },
      };
    },
  };
}

/**
 * Counts one attempt: an atomic increment inside the current window below the limit; a new
 * window when there is none or the last one is over (and not locked); otherwise refused with
 * the seconds to wait. A concurrent window starter makes it try again.
 */
async function reserve(attempt: AttemptKey, policy: ThrottlePolicy, now: number): Promise<Reservation> {
  const cutoff = now - policy.windowSeconds;
  for (let round = 0; round < 3; round++) {
    try {
      const { data } = await LoginAttemptEntity.update(attempt)
        .add({ failures: 1 })
        .where(
          ({ windowStart, failures, lockedUntil }, { gt, lt, lte }) =>
            `${gt(windowStart, cutoff)} AND ${lt(failures, policy.maxFailures)} AND ${lte(lockedUntil, now)}`,
        )
        .go({ response: 'all_new' });
      return { charged: true, count: data.failures ?? 1, windowStart: data.windowStart ?? now };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { data } = await LoginAttemptEntity.get(attempt).go({ consistent: true });
    if (data) {
      // Refused while locked and, once the window is full, until it is over.
      const windowOpen = data.windowStart > cutoff;
      const full = windowOpen && data.failures >= policy.maxFailures;
      const until = Math.max(data.lockedUntil, full ? data.windowStart + policy.windowSeconds : 0);
      if (until > now) return { charged: false, retryAfter: until - now };
      if (windowOpen) continue; // room again: a concurrent attempt was given back
    }
    try {
      await LoginAttemptEntity.put({
        ...attempt,
        failures: 1,
        windowStart: now,
        lockedUntil: 0,
        expiresAt: now + Math.max(policy.windowSeconds, policy.lockSeconds),
      })
        .where(
          ({ windowStart, lockedUntil }, { notExists, lte }) =>
            `(${notExists(windowStart)} OR ${lte(windowStart, cutoff)}) AND (${notExists(lockedUntil)} OR ${lte(lockedUntil, now)})`,
        )
        .go();
      return { charged: true, count: 1, windowStart: now };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Heavy contention on one subject: make the caller wait a moment rather than verify unchecked.
  return { charged: false, retryAfter: 1 };
}

/** Gives one counted attempt back, if its window is still the current one. */
async function release(attempt: AttemptKey, reservation: Reservation): Promise<void> {
  if (!reservation.charged) return;
  try {
    await LoginAttemptEntity.update(attempt)
      .add({ failures: -1 })
      .where(
        ({ windowStart, failures }, { eq, gt }) =>
          `${eq(windowStart, reservation.windowStart)} AND ${gt(failures, 0)}`,
      )
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

async function lock(attempt: AttemptKey, policy: ThrottlePolicy, now: number): Promise<void> {
  const lockedUntil = now + policy.lockSeconds;
  try {
    await LoginAttemptEntity.patch(attempt)
      .set({ lockedUntil, expiresAt: lockedUntil + policy.windowSeconds })
      .go();
  } catch (error) {
    // Reset meanwhile by a success of the same pair: nothing left to lock.
    if (!isConditionFailure(error)) throw error;
  }
}
