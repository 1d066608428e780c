import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CampaignRow } from '../../api/campaigns';
import { listTicketCampaigns, TICKET_CAMPAIGNS_PAGE_SIZE, ticketListKey } from '../../api/tickets';
import { useCan } from '../../app/ability';
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
import { audienceText } from '../campaigns/format';

/**
 * /campaign/tickets 'Tickets' (read Campaigns; spec part 2 §2 'Campaign lists', §2.4): pages of 20,
 * search, inactive hidden unless asked for. Row options: Alterar and Excluir (write Campaigns),
 * Exportar the tickets (read Campaigns; spec §3 'Export rows', Ticket).
 */
export default function TicketListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [showInactive, setShowInactive] = useState(false);
  const list = useCampaignRows<{ showInactive: boolean }>({
    queryKey: ({ q, page, filters: f }) => ticketListKey({ page, q, showInactive: f.showInactive }),
    fetchPage: ({ q, page, filters: f }, signal) =>
      listTicketCampaigns({ page, q, showInactive: f.showInactive }, signal),
    perPage: TICKET_CAMPAIGNS_PAGE_SIZE,
    filters: { showInactive },
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
    optionsColumn((c) => [
      {
        id: 'edit',
        text: 'Alterar',
        visible: canWrite,
        onClick: () => navigate(`/campaign/tickets/edit/${c.id}`),
      },
      { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => remove.ask(c) },
      exportAction(exports, {
        key: `tickets-${c.id}`,
        path: '/web/campaign/export',
        query: { id: c.id, type: 'T' },
        label: `Tickets ${c.description}`,
      }),
    ]),
  ];

  return (
    <CampaignList
      testIds={{ table: 'tickets-table', new: 'ticket-new', search: 'tickets-search' }}
      title="Tickets"
      newPath="/campaign/tickets/new"
      list={list}
      columns={columns}
      showInactive={{ checked: showInactive, onChange: setShowInactive }}
    >
      {remove.modal}
    </CampaignList>
  );
}
