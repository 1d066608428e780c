import type { WhatsappCampaign } from '../../api/whatsapp';

/** A row option of the WhatsApp list, before the page gives it its click. */
export interface WhatsappRowOption {
  id: 'flow' | 'export' | 'clone' | 'edit' | 'delete';
  text: string;
  visible: boolean;
  disabled?: boolean;
  disabledReason?: string;
}

export const EXECUTED_DELETE_REASON = 'Campanha já executada não pode ser excluída.';
export const ARCHIVED_WHATSAPP_EMPTY = 'Nenhuma campanha de WhatsApp excluída.';

/** 'Excluída em 03/02/2026 10:00. Ela fica apenas para consulta…' (the read-only flow view). */
export const archivedWhatsappText = (at: string) =>
  `Excluída em ${at}. Ela fica apenas para consulta: não pode ser alterada, enviada, duplicada nem excluída.`;

/**
 * The options of a row (spec part 3 §2, §6): Visualizar (read Campaigns); Exportar (csv), Duplicar,
 * Alterar and Excluir — not once executed — (write Campaigns). A deleted campaign ('Excluídas') is
 * read-only: Visualizar and its export only.
 */
export function whatsappRowOptions(
  row: Pick<WhatsappCampaign, 'info' | 'archived_at'>,
  can: { read: boolean; write: boolean },
): WhatsappRowOption[] {
  const view: WhatsappRowOption = { id: 'flow', text: 'Visualizar', visible: can.read };
  const exportCsv: WhatsappRowOption = { id: 'export', text: 'Exportar (csv)', visible: can.write };
  if (row.archived_at) return [view, exportCsv];
  const executed = Boolean(row.info.executed_at);
  return [
    view,
    exportCsv,
    { id: 'clone', text: 'Duplicar', visible: can.write },
    { id: 'edit', text: 'Alterar', visible: can.write },
    {
      id: 'delete',
      text: 'Excluir',
      visible: can.write,
      disabled: executed,
      ...(executed ? { disabledReason: EXECUTED_DELETE_REASON } : {}),
    },
  ];
}
