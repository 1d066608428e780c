import type { StoredUser } from './session';

/**
 * Where a signed-in user lands (after login, or opening /login with a session): the
 * dashboard when they may read it, else Home, so a user without it never meets the
 * no-permission notice just for signing in. A plain check of the raw list: the login page
 * must not load the permission catalogue (zod).
 */
export function landingPath(user: Pick<StoredUser, 'ability'> | null): '/dashboard' | '/' {
  const abilities: unknown[] = Array.isArray(user?.ability) ? user.ability : [];
  const canRead = abilities.some((a) => {
    const { action, subject } = (a ?? {}) as Record<string, unknown>;
    return action === 'read' && subject === 'Dashboard';
  });
  return canRead ? '/dashboard' : '/';
}
