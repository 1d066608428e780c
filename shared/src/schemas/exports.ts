import * as z from '../domain/zod-pt';

/**
 * Export jobs on the wire (functions/README.md, "Exports"). An export route (`GET
 * /api/web/tag/export?id=`, `/api/web/leads/export?id=`, `/api/web/campaign/export?id=`) answers
 * 202 `{id, status}`; `GET /api/web/exports/{id}` answers the job, with a short-lived `url` once
 * it is done; `GET /api/web/exports?page=` lists them (who asked what, and when).
 */

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const ExportStatus = z.enum(EXPORT_STATUSES);
export type ExportStatus = z.infer<typeof ExportStatus>;

/** The answer of an export route: the job just queued. */
export const ExportAccepted = z.object({ id: z.number().int().positive(), status: ExportStatus });
export type ExportAccepted = z.infer<typeof ExportAccepted>;

export const ExportJob = z.object({
  id: z.number().int().positive(),
  /** What is exported: 'tag', 'lead', 'campaign', … */
  kind: z.string(),
  /** What the file holds, for people: 'Tag Vinhos'. */
  title: z.string(),
  file_name: z.string(),
  status: ExportStatus,
  /** Rows written so far (all of them once done), the header not counted. */
  rows: z.number().int().nonnegative(),
  /** Bytes of the file once done. */
  size: z.number().int().nonnegative().nullable(),
  /** Why it failed (Portuguese, for the user). */
  message: z.string().nullable(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** A link that downloads the file for a few minutes (done jobs whose file is still kept). */
  url: z.string().optional(),
});
export type ExportJob = z.infer<typeof ExportJob>;

export const EXPORT_MESSAGES = {
  notFound: 'Exportação não encontrada.',
  failed: 'Não foi possível gerar o arquivo. Tente novamente.',
  interrupted: 'A geração do arquivo foi interrompida. Tente novamente.',
  expired: 'O arquivo desta exportação não está mais disponível. Gere-o novamente.',
} as const;
