import * as z from 'zod';

/** GET /api/web/settings/migrations: the tenant's data migrations (functions/README.md, "Data migrations"). */
export const DataMigrationStatus = z.object({
  id: z.string(),
  description: z.string(),
  status: z.enum(['done', 'running', 'pending']),
  pages: z.number(),
  changed: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type DataMigrationStatus = z.infer<typeof DataMigrationStatus>;

/** The states as the screen names them. */
export const DATA_MIGRATION_STATUS_LABELS: Readonly<Record<DataMigrationStatus['status'], string>> = {
  done: 'Concluída',
  running: 'Em andamento',
  pending: 'Pendente',
};
