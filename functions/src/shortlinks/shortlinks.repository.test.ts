import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ShortLinkCountedEntity } from './entities';
import { noneCounted } from './shortlinks.repository';
import { VISITS_PER_SECOND_WRITE } from './visit-writes.model';

describe('the condition that counts a second’s visits once', () => {
  it('stays within DynamoDB’s 4 KB and 300 operators for a full write of the longest ids', () => {
    // The redirect's ids are 16 characters; the queue accepts up to 64 (older messages).
    for (const length of [16, 36, 64]) {
      const visits = Array.from({ length: VISITS_PER_SECOND_WRITE }, () =>
        randomBytes(48).toString('base64url').slice(0, length),
      );
      const params = ShortLinkCountedEntity.update({
        tenant: 'loja-do-joao-2026',
        linkId: 999_999_999,
        second: '2026-11-27T12:00:01',
      })
        .add({ visits })
        .set({ expiresAt: 1 })
        .where(noneCounted(visits))
        .params<{ ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> }>();
      expect(Buffer.byteLength(params.ConditionExpression)).toBeLessThanOrEqual(4096);
      const operators = params.ConditionExpression.match(/\b(?:AND|OR|NOT)\b|\w+\(/g) ?? [];
      expect(operators.length).toBeLessThanOrEqual(300);
      // Every id is named in the condition (values are placeholders, so an id's length does not count).
      for (const v of visits) expect(Object.values(params.ExpressionAttributeValues)).toContain(v);
    }
  });
});
