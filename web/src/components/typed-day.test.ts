import { describe, expect, it } from 'vitest';
import { dayText, INVALID_DAY, readTypedDay } from './typed-day';

describe('typed days (DD/MM/AAAA)', () => {
  it('reads a real day typed as DD/MM/AAAA', () => {
    expect(readTypedDay('07/03/2024')).toEqual({ day: '2024-03-07' });
    expect(dayText('2024-03-07')).toBe('07/03/2024');
  });

  it('refuses ISO, incomplete and impossible days with a message', () => {
    expect(readTypedDay('2024-03-07')).toEqual({ error: INVALID_DAY });
    expect(readTypedDay('07/03/20')).toEqual({ error: INVALID_DAY });
    expect(readTypedDay('31/02/2024')).toEqual({ error: INVALID_DAY });
    expect(readTypedDay('  ', 'Informe a data da compra.')).toEqual({ error: 'Informe a data da compra.' });
  });
});
