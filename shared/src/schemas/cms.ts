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
} as const;

/** The upload limit: the spec's media limit (7,340,032 bytes, part 3 §5 and §9). */
export const CMS_MAX_BYTES = 7_340_032;
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
