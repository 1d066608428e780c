import { DEFAULT_ABILITY, isAbility, type Ability } from '@freguesia/shared/domain/permissions';
import type { StoredUser } from './session';

/**
 * The session's ability list, keeping only pairs the catalogue knows. Without a list the
 * user may only read Auth (spec part 1 §6).
 */
export function sessionAbilities(user: Pick<StoredUser, 'ability'> | null): Ability[] {
  if (!user || !Array.isArray(user.ability)) return [...DEFAULT_ABILITY];
  const valid = user.ability.filter(isAbility).map(({ action, subject }) => ({ action, subject }));
  return valid.length > 0 ? valid : [...DEFAULT_ABILITY];
}
