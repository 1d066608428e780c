import { randomBytes } from 'node:crypto';
import {
  CMS_LARGE_MAX_BYTES,
  CMS_MAX_BYTES,
  CMS_MESSAGES,
  CMS_UPLOAD_LINK_SECONDS,
  type CmsFile,
  type CmsFileList,
  type CmsUpload,
  type CmsUploadRequest,
  type CmsUploadTicket,
} from '@freguesia/shared/schemas/cms';
import type { ServiceContext } from '../lib/context';
import { invalid, notFound } from '../lib/errors';
import { attachmentDisposition, blobPort, type BlobHeaders } from '../lib/ports/blob';
import { staffOf } from '../lib/context';
import { sniffFileType, storedFileName, type SniffedType } from './file-type.model';
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

/**
 * Publishes a checked file: its record and the object under the tenant's served prefix, kept
 * `days` days. `write` puts the bytes there (from the request, or copied from a staged upload).
 */
async function publish(
  ctx: ServiceContext,
  input: { description: string; filename: string; days: number },
  type: SniffedType,
  size: number,
  write: (objectKey: string, headers: BlobHeaders) => Promise<void>,
  origin: string,
): Promise<CmsFile> {
  const repository = cmsFilesRepository(ctx.tenant);
  const id = await repository.nextId();
  const now = ctx.now();
  const deletedAt = new Date(now.getTime() + input.days * 86_400_000);
  const expiresAt = Math.floor(deletedAt.getTime() / 1000);
  const fileName = storedFileName(input.filename, type);
  // The expiry is part of the address: CloudFront (and npm start) refuse it once past, whatever
  // the removal's delay. The token makes addresses unguessable.
  const objectKey = `${ctx.tenant}/${expiresAt}/${id}-${randomBytes(9).toString('base64url')}/${fileName}`;
  await write(objectKey, {
    contentDisposition: type.disposition === 'inline' ? 'inline' : attachmentDisposition(fileName),
    cacheControl: 'public, max-age=3600',
  });
  const record = await repository.create({
    id,
    description: input.description,
    fileName,
    contentType: type.contentType,
    inline: type.disposition === 'inline',
    size,
    objectKey,
    createdAt: now.toISOString(),
    deletedAt: deletedAt.toISOString(),
    expiresAt,
  });
  return answer(record, origin);
}

/** POST /web/cms/new: stores the file under the tenant's prefix, kept `days` days. */
export async function uploadCmsFile(ctx: ServiceContext, input: CmsUpload, origin: string): Promise<CmsFile> {
  const bytes = decode(input.file);
  if (bytes.length > CMS_MAX_BYTES) throw invalid({ file: CMS_MESSAGES.tooLarge });
  const type = sniffFileType(bytes);
  if (!type) throw invalid({ file: CMS_MESSAGES.type });
  const blobs = await blobPort('cms');
  return publish(
    ctx,
    input,
    type,
    bytes.length,
    (objectKey, headers) => blobs.put(objectKey, bytes, type.contentType, headers),
    origin,
  );
}

/** Bytes read from the start of a staged upload to tell its type (the sniffer reads at most 64 KiB, plus a split character). */
const SNIFF_BYTES = 64 * 1024 + 4;

/**
 * POST /web/cms/upload (beyond the spec, for files above the base64 limit): a presigned link the
 * browser PUTs exactly `size` bytes to, in a staging area that nothing serves. The size limit is
 * in the link itself (its signature covers the Content-Length).
 */
export async function requestCmsUpload(
  ctx: ServiceContext,
  input: CmsUploadRequest,
): Promise<CmsUploadTicket> {
  const uploadId = randomBytes(18).toString('base64url');
  const stagingKey = `_uploads/${ctx.tenant}/${uploadId}`;
  const now = ctx.now();
  await cmsFilesRepository(ctx.tenant).createUpload({
    uploadId,
    description: input.description,
    fileName: input.filename,
    days: input.days,
    size: input.size,
    stagingKey,
    createdBy: staffOf(ctx)?.userId,
    expiresAt: Math.floor(now.getTime() / 1000) + 86_400,
  });
  const url = await (
    await blobPort('cms')
  ).presignUpload(stagingKey, {
    size: input.size,
    expiresInSeconds: CMS_UPLOAD_LINK_SECONDS,
  });
  return {
    upload_id: uploadId,
    url,
    method: 'PUT',
    size: input.size,
    expires_at: new Date(now.getTime() + CMS_UPLOAD_LINK_SECONDS * 1000).toISOString(),
  };
}

/**
 * POST /web/cms/upload/complete: the uploaded bytes are checked (the size asked for, the type by
 * their content) before the file is copied to its served address; a refused file is removed.
 * Completed once.
 */
export async function completeCmsUpload(
  ctx: ServiceContext,
  uploadId: string,
  origin: string,
): Promise<CmsFile> {
  const repository = cmsFilesRepository(ctx.tenant);
  const upload = await repository.upload(uploadId);
  if (!upload || upload.expiresAt * 1000 <= ctx.now().getTime())
    throw invalid({ upload_id: CMS_MESSAGES.uploadExpired });
  const blobs = await blobPort('cms');
  const staged = await blobs.head(upload.stagingKey, SNIFF_BYTES);
  // Not there yet (the PUT failed or is still running): the upload stays open for another try.
  if (!staged) throw invalid({ upload_id: CMS_MESSAGES.uploadMissing });
  const refuse = async (message: string) => {
    await repository.takeUpload(uploadId);
    await blobs.delete(upload.stagingKey);
    return invalid({ file: message });
  };
  if (staged.size !== upload.size || staged.size > CMS_LARGE_MAX_BYTES)
    throw await refuse(CMS_MESSAGES.uploadSize);
  const type = sniffFileType(staged.start);
  if (!type) throw await refuse(CMS_MESSAGES.type);
  if (!(await repository.takeUpload(uploadId))) throw invalid({ upload_id: CMS_MESSAGES.uploadExpired });
  const file = await publish(
    ctx,
    { description: upload.description, filename: upload.fileName, days: upload.days },
    type,
    staged.size,
    (objectKey, headers) => blobs.copy(upload.stagingKey, objectKey, type.contentType, headers),
    origin,
  );
  await blobs.delete(upload.stagingKey);
  return file;
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
