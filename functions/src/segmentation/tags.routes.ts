import { z } from 'zod';
import { TAG_MESSAGES, TagInput, TagUpdate } from '@freguesia/shared/schemas/segmentation';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { FileResponse, XLSX_TYPE } from '../lib/http/response';
import { createTag, deleteTag, exportTag, listTags, searchTags, updateTag } from './tags.service';

const READ = { action: 'read', subject: 'Tags' } as const;
const WRITE = { action: 'write', subject: 'Tags' } as const;
/** Spec part 1 §6: exporting (tags too) is read Leads. */
const EXPORT = { action: 'read', subject: 'Leads' } as const;

const idQuery = z.object({
  id: z.coerce.number({ error: TAG_MESSAGES.notFound }).int(TAG_MESSAGES.notFound).positive(TAG_MESSAGES.notFound).max(Number.MAX_SAFE_INTEGER),
});
const text = z.string().trim().max(100, 'Busca muito longa.').default('');


/** Tags (spec part 1 §7 'Leads and tags'). */
export const tagRoutes = [
  route({
    method: 'GET',
    path: '/api/web/tags',
    permission: READ,
    query: pageQuery(50, 200).extend({ q: text }),
    handler: ({ service, query }) => listTags(service, query),
  }),
  /** The picker's matches: [{id, description}] (lead conditions, customer form). */
  route({
    method: 'GET',
    path: '/api/web/tags/search',
    permission: READ,
    query: z.object({ q: text }),
    handler: ({ service, query }) => searchTags(service, query.q),
  }),
  /** The customers carrying the tag, xlsx. */
  route({
    method: 'GET',
    path: '/api/web/tag/export',
    permission: EXPORT,
    query: idQuery,
    handler: async ({ service, query }) => {
      const { fileName, content } = await exportTag(service, query.id);
      return new FileResponse(content, fileName, XLSX_TYPE);
    },
  }),
  route({
    method: 'POST',
    path: '/api/web/tag/new',
    permission: WRITE,
    body: TagInput,
    handler: ({ service, body }) => createTag(service, body),
  }),
  route({
    method: 'PUT',
    path: '/api/web/tag/update',
    permission: WRITE,
    body: TagUpdate,
    handler: ({ service, body }) => updateTag(service, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/tag/delete',
    permission: WRITE,
    query: idQuery,
    handler: ({ service, query }) => deleteTag(service, query.id),
  }),
];
