import { countersFor } from '../lib/ddb/counters';
import { isConditionFailure } from '../lib/ddb/transactions';
import { CmsFileEntity, CmsUploadEntity, type CmsFileRecord, type CmsUploadRecord } from './entities';

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

    async createUpload(record: Omit<CmsUploadRecord, 'tenant'>): Promise<void> {
      await CmsUploadEntity.create({ tenant, ...record }).go();
    },

    async upload(uploadId: string): Promise<CmsUploadRecord | null> {
      const { data } = await CmsUploadEntity.get({ tenant, uploadId }).go({ consistent: true });
      return data;
    },

    /** Takes the pending upload away, once: false when another completion took it first. */
    async takeUpload(uploadId: string): Promise<boolean> {
      try {
        await CmsUploadEntity.delete({ tenant, uploadId })
          .where((a, op) => op.exists(a.uploadId))
          .go();
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
