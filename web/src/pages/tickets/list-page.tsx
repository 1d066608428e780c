import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CampaignRow } from '../../api/campaigns';
import { listTicketCampaigns, TICKET_CAMPAIGNS_PAGE_SIZE, ticketListKey } from '../../api/tickets';
import { useCan } from '../../app/ability';
import { useArchivedView } from '../../components/archived-view';
import { useExportJobs } from '../../components/export-jobs';
import { descriptionColumn, exportAction, idColumn, optionsColumn } from '../../components/list-shell';
import {
  activeColumn,
  CampaignList,
  periodColumn,
  statusColumn,
  useCampaignDelete,
  useCampaignRows,
} from '../campaigns/campaign-list';
import { archivedViewPath } from '../campaigns/archived-model';
import { audienceText } from '../campaigns/format';

/**
 * /campaign/tickets 'Tickets' (read Campaigns; spec part 2 §2 'Campaign lists', §2.4): pages of 20,
 * search, inactive hidden unless asked for. Row options: Alterar and Excluir (write Campaigns),
 * Exportar the tickets (read Campaigns; spec §3 'Export rows', Ticket). 'Campanhas | Excluídas'
 * (`?excluidas=1`, issue 20 item 16): the deleted ones, each opened read-only in the ticket wizard
 * ('Visualizar'), with their export.
 */
export default function TicketListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [showInactive, setShowInactive] = useState(false);
  const [archived, setArchived] = useArchivedView();
  const list = useCampaignRows<{ showInactive: boolean }>({
    queryKey: ({ q, page, filters: f }) =>
      ticketListKey({ page, q, showInactive: f.showInactive, archived: f.archived }),
    fetchPage: ({ q, page, filters: f }, signal) =>
      listTicketCampaigns({ page, q, showInactive: f.showInactive, archived: f.archived }, signal),
    perPage: TICKET_CAMPAIGNS_PAGE_SIZE,
    filters: { showInactive },
    archived,
  });
  const remove = useCampaignDelete({ errorFallback: null });
  const exports = useExportJobs();

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    idColumn(),
    descriptionColumn({ minWidth: 180 }),
    periodColumn({ minWidth: 150 }),
    { id: 'audience', header: 'Lead / população', cell: (c) => audienceText(c), minWidth: 130 },
    statusColumn(),
    activeColumn,
    optionsColumn((c) => {
      const exportRow = exportAction(exports, {
        key: `tickets-${c.id}`,
        path: '/web/campaign/export',
        query: { id: c.id, type: 'T' },
        label: `Tickets ${c.description}`,
      });
      // A deleted campaign: its wizard, read-only, and its export.
      if (archived)
        return [
          { id: 'view', text: 'Visualizar', onClick: () => navigate(archivedViewPath('T', c.id)) },
          exportRow,
        ];
      return [
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite,
          onClick: () => navigate(`/campaign/tickets/edit/${c.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => remove.ask(c) },
        exportRow,
      ];
    }),
  ];

  return (
    <CampaignList
      testIds={{ table: 'tickets-table', new: 'ticket-new', search: 'tickets-search' }}
      title="Tickets"
      newPath="/campaign/tickets/new"
      list={list}
      columns={columns}
      showInactive={{ checked: showInactive, onChange: setShowInactive }}
      archivedView={{ archived, onChange: setArchived, testId: 'tickets-view' }}
    >
      {remove.modal}
    </CampaignList>
  );
}
