import { createHash } from 'node:crypto';
import { Entity } from 'electrodb';
import { documentClient, tableName } from '../ddb/client';
import { key } from '../ddb/indexes';
import { isConditionFailure } from '../ddb/transactions';

/**
 * Failed-login counters, one item per (tenant, kind, subject): the e-mail tried and the
 * caller's address. A fixed window starts at the first failure; reaching the limit inside
 * the window locks the subject until `lockedUntil`. Items expire through the table's TTL
 * (`expiresAt`, epoch seconds); since TTL deletion is lazy, every read checks the times.
 * The subject is stored as a SHA-256 so the table holds no e-mail or IP in clear here.
 */
export const LoginAttemptEntity = new Entity(
  {
    model: { entity: 'loginAttempt', version: '1', service: 'freguesia' },
    attributes: {
      tenant: { type: 'string', required: true, readOnly: true },
      kind: { type: ['email', 'ip'] as const, required: true, readOnly: true },
      subject: { type: 'string', required: true, readOnly: true },
      failures: { type: 'number', required: true, default: 0 },
      /** Epoch seconds of the first failure of the current window. */
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

export type AttemptKind = 'email' | 'ip';

export interface ThrottlePolicy {
  /** Failures inside the window that lock the subject. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * Per e-mail: 5 failures in 15 minutes lock it for 15 minutes. Per address the limit is
 * higher, so one shop behind a NAT is not locked out by one forgetful colleague.
 */
export const LOGIN_THROTTLE: Readonly<Record<AttemptKind, ThrottlePolicy>> = {
  email: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  ip: { maxFailures: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
};

const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export interface ThrottleSubject {
  kind: AttemptKind;
  value: string;
}

/** Login throttling bound to one tenant. */
export function loginThrottle(tenant: string, policies = LOGIN_THROTTLE) {
  const keyOf = (s: ThrottleSubject) => ({ tenant, kind: s.kind, subject: digest(s.value) });

  return {
    /**
     * Seconds the caller must still wait (the longest lock among `subjects`), 0 when free,
     * and whether the e-mail currently has failures (so a success knows to reset them).
     */
    async check(subjects: ThrottleSubject[]): Promise<{ retryAfter: number; hasFailures: Set<AttemptKind> }> {
      const now = nowSeconds();
      const items = await Promise.all(subjects.map((s) => LoginAttemptEntity.get(keyOf(s)).go()));
      let retryAfter = 0;
      const hasFailures = new Set<AttemptKind>();
      for (const { data } of items) {
        if (!data) continue;
        if (data.lockedUntil > now) retryAfter = Math.max(retryAfter, data.lockedUntil - now);
        if (data.failures > 0 && data.windowStart + policies[data.kind].windowSeconds > now) hasFailures.add(data.kind);
      }
      return { retryAfter, hasFailures };
    },

    /** Counts one failure for each subject; locks those that reach their limit. */
    async fail(subjects: ThrottleSubject[]): Promise<void> {
      await Promise.all(subjects.map((s) => recordFailure(keyOf(s), policies[s.kind])));
    },

    /** A successful login forgets the failures of that subject (the e-mail, not the address). */
    async reset(subject: ThrottleSubject): Promise<void> {
      await LoginAttemptEntity.delete(keyOf(subject)).go();
    },
  };
}

type AttemptKey = { tenant: string; kind: AttemptKind; subject: string };

async function recordFailure(attempt: AttemptKey, policy: ThrottlePolicy): Promise<void> {
  const now = nowSeconds();
  const cutoff = now - policy.windowSeconds;
  let failures: number;
  try {
    // Inside the current window: one atomic increment.
    const { data } = await LoginAttemptEntity.update(attempt)
      .add({ failures: 1 })
      .where(({ windowStart }, { gt }) => gt(windowStart, cutoff))
      .go({ response: 'all_new' });
    failures = data.failures ?? 1;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // No item, or its window is over: start a new window. A concurrent starter may win;
    // then the increment above is retried once.
    try {
      await LoginAttemptEntity.put({
        ...attempt,
        failures: 1,
        windowStart: now,
        lockedUntil: 0,
        expiresAt: now + Math.max(policy.windowSeconds, policy.lockSeconds),
      })
        .where(({ windowStart, lockedUntil }, { notExists, lte }) =>
          `(${notExists(windowStart)} OR ${lte(windowStart, cutoff)}) AND (${notExists(lockedUntil)} OR ${lte(lockedUntil, now)})`,
        )
        .go();
      failures = 1;
    } catch (again) {
      if (!isConditionFailure(again)) throw again;
      const { data } = await LoginAttemptEntity.update(attempt).add({ failures: 1 }).go({ response: 'all_new' });
      failures = data.failures ?? 1;
    }
  }
  if (failures >= policy.maxFailures) {
    const lockedUntil = now + policy.lockSeconds;
    await LoginAttemptEntity.patch(attempt)
      .set({ lockedUntil, expiresAt: lockedUntil + policy.windowSeconds })
      .go();
  }
}
