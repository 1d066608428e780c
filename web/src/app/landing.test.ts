import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';

describe('landingPath', () => {
  it('lands on the dashboard when the user may read it', () => {
    expect(
      landingPath({
        ability: [
          { action: 'read', subject: 'Customers' },
          { action: 'read', subject: 'Dashboard' },
        ],
      }),
    ).toBe('/dashboard');
  });

  it('lands on Home without read Dashboard, with a broken list or no session', () => {
    expect(landingPath({ ability: [{ action: 'write', subject: 'Dashboard' }] })).toBe('/');
    expect(landingPath({ ability: 'x' as never })).toBe('/');
    expect(landingPath({ ability: [null as never] })).toBe('/');
    expect(landingPath(null)).toBe('/');
  });
});
