import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromBase62, parseSurveyHash, toBase62 } from '@freguesia/shared/domain/nps';
import { resetJwtSecretCache } from '../lib/auth/secret';
import {
  SURVEY_TOKEN_SECONDS,
  resetSurveyLinkKey,
  surveyHash,
  surveyToken,
  verifySurveyHash,
  verifySurveyToken,
} from './survey-link.service';

describe('survey link hash', () => {
  beforeEach(() => {
    process.env.JWT_SECRET = 'segredo-de-teste-1';
    resetJwtSecretCache();
    resetSurveyLinkKey();
  });
  afterEach(() => vi.useRealTimers());

  it('carries the customer and survey ids in base 62 before its signature', async () => {
    const hash = await surveyHash('demo', 123_456, 7);
    const [c, s] = hash.split(';');
    expect(fromBase62(c!)).toBe(123_456);
    expect(fromBase62(s!)).toBe(7);
    expect(toBase62(61)).toBe('z');
    expect(toBase62(62)).toBe('10');
    expect(await verifySurveyHash('demo', hash)).toEqual({ customer: 123_456, survey: 7 });
  });

  it('refuses a forged or altered hash, and one of another tenant', async () => {
    const hash = await surveyHash('demo', 42, 9);
    const [c, s, sig] = hash.split(';') as [string, string, string];
    expect(await verifySurveyHash('demo', `${toBase62(43)};${s};${sig}`)).toBeUndefined();
    expect(await verifySurveyHash('demo', `${c};${toBase62(10)};${sig}`)).toBeUndefined();
    expect(
      await verifySurveyHash('demo', `${c};${s};${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
    ).toBeUndefined();
    expect(await verifySurveyHash('demo', `${c};${s}`)).toBeUndefined();
    expect(await verifySurveyHash('outra', hash)).toBeUndefined();
    expect(parseSurveyHash('0;1;AAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
  });

  it('refuses a hash signed with another secret', async () => {
    const hash = await surveyHash('demo', 42, 9);
    process.env.JWT_SECRET = 'outro-segredo';
    resetJwtSecretCache();
    resetSurveyLinkKey();
    expect(await verifySurveyHash('demo', hash)).toBeUndefined();
  });

  it('issues a token for one survey that expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T12:00:00Z') });
    const token = await surveyToken('demo', 42, 9);
    expect(await verifySurveyToken('demo', token)).toEqual({ customer: 42, survey: 9 });
    expect(await verifySurveyToken('outra', token)).toBeUndefined();
    vi.setSystemTime(new Date(Date.parse('2026-05-01T12:00:00Z') + (SURVEY_TOKEN_SECONDS + 5) * 1000));
    expect(await verifySurveyToken('demo', token)).toBeUndefined();
  });
});
