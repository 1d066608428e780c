import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { Can as CaslCan, useAbility as useCaslAbility, type CanProps } from '@casl/react';
import type { Ability, Action, Subject } from '@freguesia/shared/domain/permissions';
import type { ReactNode } from 'react';

/**
 * The access-control object of the signed-in user (CASL), built from the session's ability
 * list and provided by the shell (`<AbilityProvider value={…}>` from @casl/react). Gate every
 * create/edit/delete control with it:
 *
 *   const canWrite = useCan('write', 'Customers');
 *   <Can I="write" a="Customers"><Button>Novo cliente</Button></Can>
 *
 * As in the spec, read and write are independent (write does not imply read).
 */
export type AppAbility = MongoAbility<[Action, Subject]>;

export function buildAbility(abilities: readonly Ability[]): AppAbility {
  return createMongoAbility<AppAbility>(abilities.map(({ action, subject }) => ({ action, subject })));
}

/** @casl/react's `Can`, typed with our actions and subjects. */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode;

export function useAbility(): AppAbility {
  return useCaslAbility<AppAbility>();
}

export function useCan(action: Action, subject: Subject): boolean {
  return useAbility().can(action, subject);
}
