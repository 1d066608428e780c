import { describe, expect, it } from 'vitest';
import { DEFAULT_FREQUENCY, describeCron } from './cron';

describe('lead refresh frequency', () => {
  it('describes the default (daily at midnight) in Portuguese', () => {
    expect(DEFAULT_FREQUENCY).toBe('0 0 * * *');
    const described = describeCron(DEFAULT_FREQUENCY);
    expect(described.valid).toBe(true);
    expect(described.text).toMatch(/00:00/);
  });

  it('describes other expressions in Portuguese', () => {
    const described = describeCron('30 8 * * 1');
    expect(described).toMatchObject({ valid: true });
    expect(described.text).toMatch(/08:30/);
    expect(described.text.toLowerCase()).toContain('segunda');
  });

  it("says 'Frequencia invalida' for what does not parse or is not 5 fields", () => {
    for (const expression of ['', 'todo dia', '61 0 * * *', '0 0 * *', '0 0 0 * * *', '* * 32 * *']) {
      expect(describeCron(expression)).toEqual({ valid: false, text: 'Frequencia invalida' });
    }
  });
});
