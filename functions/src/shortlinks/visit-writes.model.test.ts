import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SECONDS_PER_WRITE,
  VISITS_PER_SECOND_WRITE,
  dayOfVisit,
  planVisitWrites,
  secondOf,
} from './visit-writes.model';

const at = (second: number, ms = 0) => new Date(Date.UTC(2026, 10, 27, 12, 0, second, ms)).toISOString();

describe('planVisitWrites', () => {
  it('writes a busy second in one transaction and two seconds side by side', () => {
    const visits = [
      ...Array.from({ length: 40 }, (_, i) => ({ visit: `a${i}`, at: at(1, i) })),
      ...Array.from({ length: 30 }, (_, i) => ({ visit: `b${i}`, at: at(2, i) })),
    ];
    const writes = planVisitWrites(visits);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.map((s) => [s.second, s.visits.length])).toEqual([
      ['2026-11-27T12:00:01', 40],
      ['2026-11-27T12:00:02', 30],
    ]);
  });

  it('counts a visit delivered twice in one batch once', () => {
    const writes = planVisitWrites([
      { visit: 'x', at: at(1) },
      { visit: 'x', at: at(1) },
      { visit: 'y', at: at(1) },
    ]);
    expect(writes.flat().flatMap((s) => s.visits)).toEqual(['x', 'y']);
  });

  it('keeps every visit exactly once, each second at most once per transaction, within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ id: fc.integer({ min: 0, max: 2000 }), second: fc.integer({ min: 0, max: 40 }) }),
          {
            maxLength: 1500,
          },
        ),
        (raw) => {
          // A visit id always comes with its own instant (a redelivery repeats both).
          const visits = raw.map((r) => ({ visit: `v${r.id}`, at: at(r.id % 41) }));
          const writes = planVisitWrites(visits);
          const written = writes.flat().flatMap((s) => s.visits.map((v) => `${s.second}|${v}`));
          const expected = new Set(visits.map((v) => `${secondOf(v.at)}|${v.visit}`));
          expect(written.length).toBe(expected.size);
          expect(new Set(written)).toEqual(expected);
          for (const write of writes) {
            expect(write.length).toBeGreaterThan(0);
            expect(write.length).toBeLessThanOrEqual(SECONDS_PER_WRITE);
            expect(new Set(write.map((s) => s.second)).size).toBe(write.length);
            for (const s of write) expect(s.visits.length).toBeLessThanOrEqual(VISITS_PER_SECOND_WRITE);
          }
        },
      ),
    );
  });
});

describe('dayOfVisit', () => {
  it('counts a visit on its business day in São Paulo, across midnight UTC', () => {
    expect(dayOfVisit('2026-11-28T02:59:59.900Z')).toBe('2026-11-27');
    expect(dayOfVisit('2026-11-28T03:00:00.100Z')).toBe('2026-11-28');
    expect(dayOfVisit('2026-11-28T02:59:59.000Z')).toBe('2026-11-27');
  });
});
