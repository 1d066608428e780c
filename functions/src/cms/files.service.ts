import { randomBytes } from 'node:crypto';
import {
  CMS_MAX_BYTES,
  CMS_MESSAGES,
  type CmsFile,
  type CmsFileList,
  type CmsUpload,
} from '@freguesia/shared/schemas/cms';
import type { ServiceContext } from '../lib/context';
import { invalid, notFound } from '../lib/errors';
import { attachmentDisposition, blobPort } from '../lib/ports/blob';
import { sniffFileType, storedFileName } from './file-type.model';
import { cmsFilesRepository, type CmsFileRecord } from './files.repository';

/**
 * CMS files (spec part 3 §2 'CMS files', §3, §5, §7): upload, list, delete. Files are served from
 * the site's own origin under `/files/` (CloudFront → the cms bucket; `npm start` → `.data`), with
 * the type read from their bytes and everything a browser could run as the site sent as a download.
 */

/** The public path of an object: `/files/` + its key without the tenant (the host names it). */
export const FILES_PATH = '/files/';
const publicPath = (objectKey: string) => FILES_PATH + objectKey.slice(objectKey.indexOf('/') + 1);

function answer(file: CmsFileRecord, origin: string): CmsFile {
  return {
    id: file.id,
    url: `${origin}${publicPath(file.objectKey)}`,
    description: file.description,
    filename: file.fileName,
    content_type: file.contentType,
    size: file.size,
    inline: file.inline,
    created_at: file.createdAt,
    deleted_at: file.deletedAt,
  };
}

/** The bytes of the upload's base64 (or data: URL), or a 400. */
function decode(file: string): Uint8Array {
  const base64 = file.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  // Checked before decoding: base64 is 4/3 of the bytes.
  if (base64.length > Math.ceil(CMS_MAX_BYTES / 3) * 4 + 4) throw invalid({ file: CMS_MESSAGES.tooLarge });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1)
    throw invalid({ file: CMS_MESSAGES.base64 });
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** POST /web/cms/new: stores the file under the tenant's prefix, kept `days` days. */
export async function uploadCmsFile(ctx: ServiceContext, input: CmsUpload, origin: string): Promise<CmsFile> {
  const bytes = decode(input.file);
  if (bytes.length > CMS_MAX_BYTES) throw invalid({ file: CMS_MESSAGES.tooLarge });
  const type = sniffFileType(bytes);
  if (!type) throw invalid({ file: CMS_MESSAGES.type });

  const repository = cmsFilesRepository(ctx.tenant);
  const id = await repository.nextId();
  const now = ctx.now();
  const deletedAt = new Date(now.getTime() + input.days * 86_400_000);
  const expiresAt = Math.floor(deletedAt.getTime() / 1000);
  const fileName = storedFileName(input.filename, type);
  // The expiry is part of the address: CloudFront (and npm start) refuse it once past, whatever
  // the removal's delay. The token makes addresses unguessable.
  const objectKey = `${ctx.tenant}/${expiresAt}/${id}-${randomBytes(9).toString('base64url')}/${fileName}`;
  const blobs = await blobPort('cms');
  await blobs.put(objectKey, bytes, type.contentType, {
    contentDisposition: type.disposition === 'inline' ? 'inline' : attachmentDisposition(fileName),
    cacheControl: 'public, max-age=3600',
  });
  const record = await repository.create({
    id,
    description: input.description,
    fileName,
    contentType: type.contentType,
    inline: type.disposition === 'inline',
    size: bytes.length,
    objectKey,
    createdAt: now.toISOString(),
    deletedAt: deletedAt.toISOString(),
    expiresAt,
  });
  return answer(record, origin);
}

/** The files still served (past their date they are gone, even before the TTL removes the record). */
export async function listCmsFiles(ctx: ServiceContext, origin: string): Promise<CmsFileList> {
  const now = ctx.now().toISOString();
  const files = await cmsFilesRepository(ctx.tenant).list();
  return {
    data: files
      .filter((f) => f.deletedAt > now)
      .sort((a, b) => b.id - a.id)
      .map((f) => answer(f, origin)),
  };
}

/** DELETE /web/cms/{id}: the object and the record, at once. */
export async function deleteCmsFile(ctx: ServiceContext, id: number): Promise<void> {
  const repository = cmsFilesRepository(ctx.tenant);
  const file = await repository.get(id);
  if (!file) throw notFound(CMS_MESSAGES.notFound);
  await (await blobPort('cms')).delete(file.objectKey);
  await repository.remove(id);
}

/** Removes the object of a record the table's TTL (or a delete) took away: the `cms-files` stream. */
export async function removeCmsObjects(ctx: ServiceContext, objectKeys: readonly string[]): Promise<void> {
  const blobs = await blobPort('cms');
  for (const key of objectKeys) {
    if (key.startsWith(`${ctx.tenant}/`)) await blobs.delete(key);
  }
}
