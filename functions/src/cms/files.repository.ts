import { countersFor } from '../lib/ddb/counters';
import { CmsFileEntity, type CmsFileRecord } from './entities';

export type { CmsFileRecord } from './entities';

/** CMS files of one tenant (kept at most 180 days: a small collection read with one Query). */
export function cmsFilesRepository(tenant: string) {
  return {
    nextId: () => countersFor(tenant).next('cms-file'),

    async list(): Promise<CmsFileRecord[]> {
      const { data } = await CmsFileEntity.query.byId({ tenant }).go({ pages: 'all' });
      return data;
    },

    async get(id: number): Promise<CmsFileRecord | null> {
      const { data } = await CmsFileEntity.get({ tenant, id }).go({ consistent: true });
      return data;
    },

    async create(record: Omit<CmsFileRecord, 'tenant'>): Promise<CmsFileRecord> {
      const { data } = await CmsFileEntity.create({ tenant, ...record }).go();
      return data;
    },

    async remove(id: number): Promise<void> {
      await CmsFileEntity.delete({ tenant, id }).go();
    },
  };
}
