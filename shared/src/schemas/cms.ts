import * as z from '../domain/zod-pt';

/**
 * CMS files (spec part 3 §2 'CMS files', §3 'CMS file', §5, §7, §8, §9): `POST /web/cms/new`
 * {description, file (base64), filename, days}, `DELETE /web/cms/{id}`, the list.
 */
export const CMS_MESSAGES = {
  choose: 'Por favor, selecione um arquivo antes de enviar!',
  description: 'Digite algo para identificar o arquivo',
  file: 'Arquivo pendente',
  uploaded: 'Upload realizado com sucesso!',
  uploadFailed: 'Erro ao realizar upload.',
  copied: 'URL copiada para a área de transferência!',
  descriptionLength: 'A descrição deve ter no máximo 200 caracteres.',
  days: 'Escolha de 1 a 180 dias.',
  base64: 'O arquivo enviado não está em base64.',
  tooLarge: 'Arquivo muito grande! O limite é de 7 MB.',
  type: 'Tipo de arquivo não permitido: envie imagens, PDF, áudio, vídeo, planilhas, documentos ou texto.',
  notFound: 'Arquivo não encontrado.',
  removed: 'Arquivo removido',
  largeTooLarge: 'Arquivo muito grande! O limite é de 100 MB.',
  size: 'Tamanho do arquivo inválido.',
  uploadMissing: 'O arquivo não chegou ao armazenamento: envie-o de novo.',
  uploadSize: 'O arquivo enviado não tem o tamanho informado: envie-o de novo.',
  uploadExpired: 'O envio expirou ou já foi concluído: envie o arquivo de novo.',
} as const;

/** The upload limit: the spec's media limit (7,340,032 bytes, part 3 §5 and §9). */
export const CMS_MAX_BYTES = 7_340_032;
/**
 * Beyond the spec: files above the base64 limit go straight to storage through a presigned upload
 * (`POST /web/cms/upload`, then `POST /web/cms/upload/complete`), up to this size.
 */
export const CMS_LARGE_MAX_BYTES = 100 * 1024 * 1024;
/** How long the presigned upload link lives, in seconds. */
export const CMS_UPLOAD_LINK_SECONDS = 15 * 60;
/** Retention slider (spec §5, §9): marks 10, 30, 60, 180; default 15. */
export const CMS_DAY_MARKS = [10, 30, 60, 180] as const;
export const CMS_DEFAULT_DAYS = 15;
export const CMS_MAX_DAYS = 180;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const CmsUpload = z.object({
  description: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : blank(v) ? '' : v),
    z.string().min(1, CMS_MESSAGES.description).max(200, CMS_MESSAGES.descriptionLength),
  ),
  /** Base64 of the file, or a data: URL (what FileReader.readAsDataURL gives). */
  file: z.preprocess((v) => (blank(v) ? '' : v), z.string().min(1, CMS_MESSAGES.file)),
  filename: z.preprocess(
    (v) => (blank(v) ? 'arquivo' : v),
    z.string().max(255, 'Nome de arquivo longo demais.'),
  ),
  days: z.preprocess(
    (v) => (blank(v) ? CMS_DEFAULT_DAYS : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: CMS_MESSAGES.days })
      .int(CMS_MESSAGES.days)
      .min(1, CMS_MESSAGES.days)
      .max(CMS_MAX_DAYS, CMS_MESSAGES.days),
  ),
});
export type CmsUpload = z.output<typeof CmsUpload>;

const uploadFields = CmsUpload.pick({ description: true, filename: true, days: true });

/** POST /web/cms/upload: asks for a presigned upload of `size` bytes (a large file). */
export const CmsUploadRequest = uploadFields.extend({
  size: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: CMS_MESSAGES.size })
      .int(CMS_MESSAGES.size)
      .min(1, CMS_MESSAGES.size)
      .max(CMS_LARGE_MAX_BYTES, CMS_MESSAGES.largeTooLarge),
  ),
});
export type CmsUploadRequest = z.output<typeof CmsUploadRequest>;

/** The answer: PUT exactly `size` bytes to `url` (no other header needed), then complete with `upload_id`. */
export const CmsUploadTicket = z.object({
  upload_id: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  size: z.number(),
  expires_at: z.string(),
});
export type CmsUploadTicket = z.output<typeof CmsUploadTicket>;

/** POST /web/cms/upload/complete {upload_id}: checks the uploaded bytes and publishes the file. */
export const CmsUploadComplete = z.object({
  upload_id: z
    .string({ error: CMS_MESSAGES.uploadExpired })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, CMS_MESSAGES.uploadExpired),
});

export const CmsIdParams = z.object({
  id: z.coerce
    .number({ error: CMS_MESSAGES.notFound })
    .int(CMS_MESSAGES.notFound)
    .min(1, CMS_MESSAGES.notFound),
});

export const CmsFile = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number(),
  /** Shown in the browser (images, PDF, media) or downloaded (everything else). */
  inline: z.boolean(),
  created_at: z.string(),
  /** Planned removal: after it the file is no longer served. */
  deleted_at: z.string(),
});
export type CmsFile = z.output<typeof CmsFile>;

export const CmsFileList = z.object({ data: z.array(CmsFile) });
export type CmsFileList = z.output<typeof CmsFileList>;
