import type { Ability } from '@freguesia/shared/domain/permissions';
import { sessionAbilities } from './ability-list';
import { readSession, type StoredUser } from './session';

/**
 * The session as read at start-up (it only changes through a full page load). Pages read
 * `currentUser()?.fullname` (e.g. the cost-approval text) instead of local storage.
 */
const user: StoredUser | null = readSession();
const abilities: Ability[] = sessionAbilities(user);

export function currentUser(): StoredUser | null {
  return user;
}

export function currentAbilities(): readonly Ability[] {
  return abilities;
}
