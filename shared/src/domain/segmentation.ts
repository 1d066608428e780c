/**
 * The lead and tag constants (messages of the spec, origins, statuses, limits), without zod, the
 * lead conditions or the cron parser: the services, jobs and exports that only raise these
 * messages carry this module, not the wire schemas (`schemas/segmentation.ts` re-exports it).
 */

export const LEAD_MESSAGES = {
  descriptionRequired: 'Informe a descrição do lead.',
  originRequired: 'Informe a origem do lead.',
  validUntilRequired: 'Escolha ate quando esse lead estara disponivel para uso',
  frequencyRequired: 'Informe a frequência de atualização.',
  frequencyInvalid: 'Frequencia invalida',
  rowsRequired: 'O arquivo não tem nenhum cliente. Envie uma planilha com ao menos uma linha.',
  customersRequired: 'Adicione ao menos um cliente ao lead.',
  protected: 'Lead gerado pelo sistema não pode ser alterado ou excluído.',
  notFound: 'Lead não encontrado.',
  saved: 'Lead Alterado/Cadastrado com sucesso',
} as const;

export const TAG_MESSAGES = {
  descriptionRequired: 'Informe a descrição da tag.',
  created: 'Tag cadastrada com sucesso',
  updated: 'Tag atualizado com sucesso',
  deleted: 'Tag excluída com sucesso',
  inUse: 'Tag em uso por clientes não pode ser excluída.',
  duplicate: 'Já existe uma tag com essa descrição.',
  notFound: 'Tag não encontrada.',
} as const;

/** Marks the leads the system generates (analytics, campaigns): refused for edit and delete. */
export const PROTECTED_LEAD_MARK = 'RT - ';
export const isProtectedLead = (description: string): boolean => description.includes(PROTECTED_LEAD_MARK);

/** F file (xls/xlsx), M manual list, S segmentation (conditions), E e-mail list. */
export const LEAD_ORIGINS = ['F', 'M', 'S', 'E'] as const;
export type LeadOrigin = (typeof LEAD_ORIGINS)[number];
/** P Pendente, R Executando, D Pronto. */
export const LEAD_STATUSES = ['P', 'R', 'D'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Rows of a file, e-mail or manual lead sent at once (a spreadsheet of this size is ~5 MB of JSON at most). */
export const MAX_LEAD_ROWS = 50_000;
export const LEAD_DESCRIPTION_MAX = 200;

/**
 * A lead is expired once the business day (America/Sao_Paulo, 'YYYY-MM-DD') is past its 'Válido
 * até' (a lead 'Sempre válido' never expires). An expired lead keeps its members for the record,
 * but nothing uses them: a discount campaign for it applies to nobody at the checkout, a send to
 * it reaches nobody, an `LD` condition reads it as a lead without members ('exists' false,
 * '!exists' true, 'join' adds no one), and no campaign or send can be saved for it.
 */
export function isLeadExpired(
  lead: { always_valid: 'Y' | 'N'; valid_until: string | null },
  today: string,
): boolean {
  return lead.always_valid === 'N' && lead.valid_until !== null && lead.valid_until < today;
}

/** The refusal of a save that names an expired lead. */
export const leadExpiredMessage = (description: string, validUntil: string) =>
  `O lead "${description}" expirou em ${validUntil.split('-').reverse().join('/')}: escolha um lead válido.`;
