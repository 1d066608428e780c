import * as z from 'zod';
import { TAG_MESSAGES, TagInput, TagUpdate } from '@freguesia/shared/schemas/segmentation';
import { pageQuery } from '../lib/ddb/pagination';
import { route } from '../lib/http/route';
import { createTag, deleteTag, listTags, searchTags, updateTag } from './tags.service';

const READ = { action: 'read', subject: 'Tags' } as const;
const WRITE = { action: 'write', subject: 'Tags' } as const;

const idQuery = z.object({
  id: z.coerce
    .number({ error: TAG_MESSAGES.notFound })
    .int(TAG_MESSAGES.notFound)
    .positive(TAG_MESSAGES.notFound)
    .max(Number.MAX_SAFE_INTEGER),
});
const text = z.string().trim().max(100, 'Busca muito longa.').default('');

/** Tags (spec part 1 §7 'Leads and tags'). The export (`/api/web/tag/export`) is a job of the exports domain. */
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
