import * as z from '../domain/zod-pt';

/**
 * The audit log (guide §8 "Every change is attributable"; issue 20 item 17): who did what to which
 * record, with the fields before and after. Append-only and per tenant.
 */

/** The records the log follows, with their Portuguese names. */
export const AUDIT_ENTITIES = {
  campaign: 'Campanha',
  lead: 'Lead',
  tag: 'Tag',
  label: 'Layout de etiqueta',
  user: 'Usuário',
  role: 'Perfil',
  setting: 'Configuração',
  export: 'Exportação',
  department: 'Setor de atendimento',
  botFlow: 'Fluxo de atendimento',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_NAMES = Object.keys(AUDIT_ENTITIES) as AuditEntity[];

/** What was done, with the Portuguese verb shown in 'Histórico'. */
export const AUDIT_ACTIONS = {
  create: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
  approve: 'Aprovou o custo',
  send: 'Enviou',
  pause: 'Pausou',
  resume: 'Retomou',
  cancel: 'Cancelou',
  export: 'Exportou',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** One changed field: its values before and after, as short display text ('' when absent). */
export const AuditChange = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type AuditChange = z.output<typeof AuditChange>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  summary: z.string(),
  changes: z.array(AuditChange),
});
export type AuditEntry = z.output<typeof AuditEntry>;

/** A page of the log, newest first; `cursor` continues it (null at the end). */
export const AuditPage = z.object({ data: z.array(AuditEntry), cursor: z.string().nullable() });
export type AuditPage = z.output<typeof AuditPage>;
