import { CmsIdParams, CmsUpload, CmsUploadComplete, CmsUploadRequest } from '@freguesia/shared/schemas/cms';
import { requestOrigin } from '../lib/http/origin';
import { route } from '../lib/http/route';
import {
  completeCmsUpload,
  deleteCmsFile,
  listCmsFiles,
  requestCmsUpload,
  uploadCmsFile,
} from './files.service';

const READ = { action: 'read', subject: 'CMS' } as const;
const WRITE = { action: 'write', subject: 'CMS' } as const;

/** CMS files (spec part 3 §7): the list (path ours), POST /web/cms/new, DELETE /web/cms/{id}. */
export const fileRoutes = [
  route({
    method: 'GET',
    path: '/api/web/cms',
    permission: READ,
    handler: ({ service, event }) => listCmsFiles(service, requestOrigin(event)),
  }),
  route({
    method: 'POST',
    path: '/api/web/cms/new',
    permission: WRITE,
    body: CmsUpload,
    // 7 MB of file as base64 (≈ 9.8 MB) and the other fields: under API Gateway's 10 MB.
    maxBodyBytes: 10 * 1024 * 1024,
    handler: ({ service, body, event }) => uploadCmsFile(service, body, requestOrigin(event)),
  }),
  // Beyond the spec: a large file goes straight to storage (presigned PUT), then is completed here.
  route({
    method: 'POST',
    path: '/api/web/cms/upload',
    permission: WRITE,
    body: CmsUploadRequest,
    handler: ({ service, body }) => requestCmsUpload(service, body),
  }),
  route({
    method: 'POST',
    path: '/api/web/cms/upload/complete',
    permission: WRITE,
    body: CmsUploadComplete,
    handler: ({ service, body, event }) => completeCmsUpload(service, body.upload_id, requestOrigin(event)),
  }),
  route({
    method: 'DELETE',
    path: '/api/web/cms/{id}',
    permission: WRITE,
    params: CmsIdParams,
    handler: async ({ service, params }) => {
      await deleteCmsFile(service, params.id);
      return { ok: true, id: params.id };
    },
  }),
];
