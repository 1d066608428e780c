import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignListKey,
  CAMPAIGNS_PAGE_SIZE,
  listCampaigns,
  type CampaignListFilters,
  type CampaignRow,
} from '../../api/campaigns';
import { useCan } from '../../app/ability';
import { useArchivedView } from '../../components/archived-view';
import { useExportJobs } from '../../components/export-jobs';
import { descriptionColumn, exportAction, idColumn, optionsColumn } from '../../components/list-shell';
import {
  activeColumn,
  CampaignList,
  periodColumn,
  useCampaignDelete,
  useCampaignRows,
} from '../campaigns/campaign-list';
import { archivedViewPath } from '../campaigns/archived-model';
import { progressPercent, reaisText } from './lucky-model';

const DEFAULT_FILTERS: CampaignListFilters = { type: 'L', showInactive: false, runningOnly: false };

/**
 * /campaign/lucky 'Nros. da sorte' (read Campaigns; spec part 2 §2, §2.3): the lucky-number
 * campaigns in pages of 20, with the lucky quantity and the progress generated / (100000 × series).
 * Row options: Detalhes (issuance, audit, draw), Alterar and Excluir (write Campaigns), Exportar.
 * 'Campanhas | Excluídas' (`?excluidas=1`, issue 20 item 16): the deleted ones, whose 'Detalhes'
 * opens the same page read-only, with their export.
 */
export default function LuckyListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [filters, setFilters] = useState<CampaignListFilters>(DEFAULT_FILTERS);
  const [archived, setArchived] = useArchivedView();
  const list = useCampaignRows<CampaignListFilters>({
    queryKey: ({ q, page, filters: f }) => campaignListKey({ page, q, filters: f }),
    fetchPage: ({ q, page, filters: f }, signal) => listCampaigns({ page, q, filters: f }, signal),
    perPage: CAMPAIGNS_PAGE_SIZE,
    filters,
    archived,
  });
  const remove = useCampaignDelete({ showRecord: false });
  const exports = useExportJobs();

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    idColumn(),
    descriptionColumn({ minWidth: 180 }),
    periodColumn({ minWidth: 150 }),
    { id: 'value', header: 'Valor', cell: (c) => reaisText(Number(c.info?.value ?? 0)) },
    { id: 'series', header: 'Séries', cell: (c) => String(c.info?.series_quantity ?? '') },
    {
      id: 'quantity',
      header: 'Nros. gerados',
      cell: (c) => (
        <span data-testid={`lucky-quantity-${c.id}`}>{(c.lucky_quantity ?? 0).toLocaleString('pt-BR')}</span>
      ),
    },
    {
      id: 'progress',
      header: 'Progresso',
      minWidth: 160,
      cell: (c) => (
        <ProgressBar
          value={progressPercent(c.progress ?? 0)}
          additionalInfo={`${(c.lucky_quantity ?? 0).toLocaleString('pt-BR')} de ${(
            100_000 * Number(c.info?.series_quantity ?? 1)
          ).toLocaleString('pt-BR')}`}
        />
      ),
    },
    activeColumn,
    optionsColumn((c) => {
      const exportRow = exportAction(exports, {
        key: `lucky-${c.id}`,
        path: '/web/campaign/export',
        query: { id: c.id, type: 'L' },
        label: `Números da sorte ${c.description}`,
      });
      // A deleted campaign: its details page, read-only, and its export.
      if (archived)
        return [
          { id: 'details', text: 'Detalhes', onClick: () => navigate(archivedViewPath('L', c.id)) },
          exportRow,
        ];
      return [
        { id: 'details', text: 'Detalhes', onClick: () => navigate(`/campaign/lucky/details/${c.id}`) },
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite,
          onClick: () => navigate(`/campaign/lucky/edit/${c.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => remove.ask(c) },
        exportRow,
      ];
    }),
  ];

  return (
    <CampaignList
      testIds={{ table: 'lucky-table', new: 'lucky-new', search: 'lucky-search' }}
      title="Números da Sorte"
      newPath="/campaign/lucky/new"
      list={list}
      columns={columns}
      showInactive={{
        checked: filters.showInactive,
        onChange: (showInactive) => setFilters((f) => ({ ...f, showInactive })),
      }}
      archivedView={{ archived, onChange: setArchived, testId: 'lucky-view' }}
    >
      {remove.modal}
    </CampaignList>
  );
}
