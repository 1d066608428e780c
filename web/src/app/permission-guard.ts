import { can, type Ability } from '@freguesia/shared/domain/permissions';
import { currentAbilities } from './current-user';

/**
 * Whether the signed-in user holds `permission`. Its own chunk, loaded by the staff routes'
 * loaders: the permission catalogue imports zod, which must stay out of the app entry.
 */
export function allowed(permission: Ability): boolean {
  return can(currentAbilities(), permission.action, permission.subject);
}
