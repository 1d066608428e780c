import { describe, expect, it } from 'vitest';
import { sessionAbilities } from './ability-list';
import { takeFlash, setFlash } from './flash';
import { clearSession, readSession, saveSession } from './session';
import { memoryStorage } from './test-storage';

describe('session', () => {
  it('is logged in only when the stored user holds a token', () => {
    expect(readSession(memoryStorage())).toBeNull();
    expect(readSession(memoryStorage({ user: '{"token":""}' }))).toBeNull();
    expect(readSession(memoryStorage({ user: 'not json' }))).toBeNull();
    expect(readSession(memoryStorage({ user: '{"shortname":"Ana"}' }))).toBeNull();
    expect(readSession(memoryStorage({ user: '{"token":"t","shortname":"Ana"}' }))).toEqual({
      token: 't',
      ability: [],
      shortname: 'Ana',
      fullname: '',
    });
  });

  it('stores the user under the key `user` and clears it', () => {
    const storage = memoryStorage();
    const user = {
      token: 't',
      ability: [{ action: 'read', subject: 'Customers' }],
      shortname: 'Ana',
      fullname: 'Ana Souza',
    } as const;
    saveSession({ ...user, ability: [...user.ability] }, storage);
    expect(JSON.parse(storage.data.get('user') ?? '')).toEqual(user);
    expect(readSession(storage)).toEqual(user);
    clearSession(storage);
    expect(storage.data.has('user')).toBe(false);
  });
});

describe('sessionAbilities', () => {
  it('keeps catalogue pairs and defaults to read Auth', () => {
    expect(sessionAbilities(null)).toEqual([{ action: 'read', subject: 'Auth' }]);
    expect(sessionAbilities({ ability: [] })).toEqual([{ action: 'read', subject: 'Auth' }]);
    expect(
      sessionAbilities({
        ability: [{ action: 'read', subject: 'Customers' }, { action: 'manage', subject: 'all' } as never],
      }),
    ).toEqual([{ action: 'read', subject: 'Customers' }]);
  });
});

describe('flash', () => {
  it('is shown once', () => {
    const storage = memoryStorage();
    setFlash({ type: 'error', header: 'Token', content: 'expirado' }, storage);
    expect(takeFlash(storage)).toEqual({ type: 'error', header: 'Token', content: 'expirado' });
    expect(takeFlash(storage)).toBeNull();
  });
});
