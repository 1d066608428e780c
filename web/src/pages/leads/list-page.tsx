import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { isProtectedLead, type Lead } from '@freguesia/shared/schemas/segmentation';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../api/client';
import { LEADS_PAGE_SIZE, leadListKey, listLeads, useDeleteLead, useLeadStatusPoll } from '../../api/leads';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { useExportJobs } from '../../components/export-jobs';
import { EMPTY, formatCount } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { describeCron } from './cron';
import { anyRunning, ORIGIN_LABELS, STATUS_LABELS, STATUS_TYPES, validityText } from './format';

export const DELETE_QUESTION = 'Tem certeza que deseja excluir este lead ?';
export const PROTECTED_REASON = 'Lead gerado pelo sistema não pode ser alterado ou excluído.';
export const EMPTY_TEXT = 'Nenhum lead encontrado.';

/**
 * /leads 'Leads' (read Leads; spec part 1 §2 'Leads, tags, geographic', §4): server pages of 50,
 * search by description, the population only once the lead is Pronto, export only with a
 * population, edit and delete for write Leads and never for the system's 'RT - ' leads. While a
 * lead on the page is Pendente or Executando the page is asked again every few seconds.
 */
export default function LeadsListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Leads');
  const list = useServerList<Lead>({
    queryKey: ({ q, page }) => leadListKey({ page, q }),
    fetchPage: ({ q, page }, signal) => listLeads({ page, q }, signal),
    perPage: LEADS_PAGE_SIZE,
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar os leads.'),
  });
  // Same key as the list: its refetches (every few seconds while some status is P or R) update the table.
  useLeadStatusPoll({ page: list.page, q: list.query }, anyRunning(list.items));
  const remove = useDeleteLead();
  const [toDelete, setToDelete] = useState<Lead | null>(null);
  const exports = useExportJobs();
  const exportLead = (lead: Lead) =>
    exports.start({
      key: `lead-${lead.id}`,
      path: '/web/leads/export',
      query: { id: lead.id },
      label: `Lead ${lead.description}`,
    });

  const confirmDelete = async (lead: Lead) => {
    try {
      await remove.mutateAsync(lead.id);
      notify({ type: 'success', content: 'Lead excluído com sucesso' });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao excluir o lead',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  const columns: TableProps.ColumnDefinition<Lead>[] = [
    { id: 'id', header: 'Código', cell: (l) => l.id, minWidth: 80 },
    {
      id: 'description',
      header: 'Descrição',
      cell: (l) => <Box fontWeight="bold">{l.description}</Box>,
      isRowHeader: true,
      minWidth: 220,
    },
    { id: 'origin', header: 'Origem', cell: (l) => ORIGIN_LABELS[l.origin] },
    {
      id: 'status',
      header: 'Status',
      cell: (l) => (
        <span data-testid={`lead-status-${l.id}`}>
          <StatusIndicator type={STATUS_TYPES[l.status]}>{STATUS_LABELS[l.status]}</StatusIndicator>
        </span>
      ),
    },
    {
      id: 'population',
      header: 'População',
      // Counted only once the lead is Pronto (spec part 1 §4).
      cell: (l) => (
        <span data-testid={`lead-population-${l.id}`}>
          {l.status === 'D' ? formatCount(l.population) : EMPTY}
        </span>
      ),
    },
    { id: 'valid', header: 'Validade', cell: (l) => validityText(l) },
    {
      id: 'refresh',
      header: 'Atualização automática',
      cell: (l) =>
        l.auto_refresh === 'Y' && l.frequency_refresh ? describeCron(l.frequency_refresh).text : 'Não',
      minWidth: 160,
    },
    {
      id: 'actions',
      header: 'Opções',
      cell: (l) => {
        const locked = isProtectedLead(l.description);
        return (
          <RowActions
            label={l.description}
            actions={[
              {
                id: 'details',
                text: 'Detalhes',
                onClick: () => navigate(`/lead/details/${l.id}`),
              },
              {
                id: 'export',
                text: exports.busy(`lead-${l.id}`) ? 'Exportando…' : 'Exportar',
                visible: l.status === 'D' && l.population > 0,
                disabled: exports.busy(`lead-${l.id}`),
                onClick: () => void exportLead(l),
              },
              {
                id: 'edit',
                text: 'Editar',
                visible: canWrite,
                disabled: locked,
                disabledReason: locked ? PROTECTED_REASON : undefined,
                onClick: () => navigate(`/lead/edit/${l.id}`),
              },
              {
                id: 'delete',
                text: 'Excluir',
                visible: canWrite,
                disabled: locked,
                disabledReason: locked ? PROTECTED_REASON : undefined,
                onClick: () => setToDelete(l),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <>
      <ServerTable<Lead>
        testId="leads-table"
        title="Leads"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando leads"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Novo lead',
          testId: 'lead-new',
          subject: 'Leads',
          onClick: () => navigate('/lead/new'),
        }}
        search={{ placeholder: 'Buscar pela descrição', ariaLabel: 'Buscar leads' }}
        noun="lead(s)"
        emptyText={EMPTY_TEXT}
        noMatchText={EMPTY_TEXT}
      />
      {toDelete && (
        <ConfirmDeleteModal
          header="Excluir lead"
          onConfirm={() => confirmDelete(toDelete)}
          onDismiss={() => setToDelete(null)}
        >
          <SpaceBetween size="xs">
            <Box>{DELETE_QUESTION}</Box>
            <Box color="text-body-secondary">{toDelete.description}</Box>
          </SpaceBetween>
        </ConfirmDeleteModal>
      )}
    </>
  );
}
