import { RoleEntity, UserEntity } from '../lib/identity/entities';

/** The staff records a login reads, bound to one tenant (users and roles are written by settings). */
export function staffRepository(tenant: string) {
  return {
    /** The user holding `email` (already trimmed and lower-cased), or null. One Query on the e-mail index. */
    async userByEmail(email: string) {
      const { data } = await UserEntity.query.byEmail({ tenant, email }).go({ limit: 1 });
      return data[0] ?? null;
    },

    async role(id: number) {
      const { data } = await RoleEntity.get({ tenant, id }).go();
      return data;
    },
  };
}
