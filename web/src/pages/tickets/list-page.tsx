import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteCampaign, type CampaignRow } from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import { listTicketCampaigns, TICKET_CAMPAIGNS_PAGE_SIZE, ticketListKey } from '../../api/tickets';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { useExportJobs } from '../../components/export-jobs';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { activeText, audienceText, periodText, STATUS_TYPES, statusText } from '../campaigns/format';

const EMPTY_TEXT = 'Nenhuma campanha encontrada.';

/**
 * /campaign/tickets 'Tickets' (read Campaigns; spec part 2 §2 'Campaign lists', §2.4): pages of 20,
 * search, inactive hidden unless asked for. Row options: Alterar and Excluir (write Campaigns),
 * Exportar the tickets (read Campaigns; spec §3 'Export rows', Ticket).
 */
export default function TicketListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [filters, setFilters] = useState({ showInactive: false });
  const list = useServerList<CampaignRow, { showInactive: boolean }>({
    queryKey: ({ q, page, filters: f }) => ticketListKey({ page, q, showInactive: f.showInactive }),
    fetchPage: ({ q, page, filters: f }, signal) =>
      listTicketCampaigns({ page, q, showInactive: f.showInactive }, signal),
    perPage: TICKET_CAMPAIGNS_PAGE_SIZE,
    filters,
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as campanhas.'),
  });
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<CampaignRow | null>(null);
  const exports = useExportJobs();

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    { id: 'id', header: 'Código', cell: (c) => c.id, minWidth: 80 },
    {
      id: 'description',
      header: 'Descrição',
      cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
      isRowHeader: true,
      minWidth: 180,
    },
    { id: 'period', header: 'Período', cell: (c) => periodText(c.start_at, c.end_at), minWidth: 150 },
    { id: 'audience', header: 'Lead / população', cell: (c) => audienceText(c), minWidth: 130 },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <StatusIndicator type={STATUS_TYPES[c.status]} wrapText={false}>
          {statusText(c.status)}
        </StatusIndicator>
      ),
    },
    { id: 'active', header: 'Situação', cell: (c) => activeText(c.active) },
    {
      id: 'actions',
      header: 'Opções',
      cell: (c) => (
        <RowActions
          label={c.description}
          actions={[
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => navigate(`/campaign/tickets/edit/${c.id}`),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(c) },
            {
              id: 'export',
              text: exports.busy(`tickets-${c.id}`) ? 'Exportando…' : 'Exportar',
              disabled: exports.busy(`tickets-${c.id}`),
              onClick: () =>
                void exports.start({
                  key: `tickets-${c.id}`,
                  path: '/web/campaign/export',
                  query: { id: c.id, type: 'T' },
                  label: `Tickets ${c.description}`,
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<CampaignRow>
        testId="tickets-table"
        title="Tickets"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando campanhas"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova campanha',
          testId: 'ticket-new',
          subject: 'Campaigns',
          onClick: () => navigate('/campaign/tickets/new'),
        }}
        search={{
          placeholder: 'Buscar pela descrição ou código',
          ariaLabel: 'Buscar campanhas',
          testId: 'tickets-search',
        }}
        extraFilter={
          <Toggle
            checked={filters.showInactive}
            onChange={({ detail }) => setFilters({ showInactive: detail.checked })}
          >
            Mostrar inativas
          </Toggle>
        }
        filtered={filters.showInactive}
        onClearFilters={() => setFilters({ showInactive: false })}
        noun={{ one: 'campanha', many: 'campanhas' }}
        emptyText={EMPTY_TEXT}
        noMatchText={EMPTY_TEXT}
      />
      {toDelete ? (
        <ConfirmDeleteModal
          header="Excluir campanha"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(toDelete.id);
              notify({ type: 'success', content: 'Campanha excluída com sucesso' });
            } catch (error) {
              notify({ type: 'error', header: 'Erro ao excluir a campanha', content: failureMessage(error) });
            }
          }}
          onDismiss={() => setToDelete(null)}
        >
          <SpaceBetween size="xs">
            <Box>Tem certeza que deseja excluir esta campanha ?</Box>
            <Box color="text-body-secondary">
              {toDelete.id} - {toDelete.description}
            </Box>
          </SpaceBetween>
        </ConfirmDeleteModal>
      ) : null}
    </>
  );
}
