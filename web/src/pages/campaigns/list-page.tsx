import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignListKey,
  CAMPAIGNS_PAGE_SIZE,
  DEFAULT_CAMPAIGN_FILTERS,
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
  ShowInactiveToggle,
  statusColumn,
  useCampaignDelete,
  useCampaignRows,
} from './campaign-list';
import { CampaignDetailsModal } from './details-modal';
import { DuplicateCampaignModal } from './duplicate-modal';
import { LabelsPrintModal } from './labels-print-modal';
import { TYPE_OPTIONS } from './form-model';
import { audienceText, periodText, typeLabel } from './format';

export { ARCHIVED_EMPTY_TEXT, DELETE_QUESTION, EMPTY_TEXT } from './campaign-list';
const ALL_TYPES = { value: '', label: 'Todos os tipos' };

/**
 * /campaign/sell 'Descontos' (read Campaigns; spec part 2 §2 'Campaign lists', §4): server pages of
 * 20 with 'Total de N campanhas', search, type filter, inactive campaigns hidden unless asked for,
 * 'Em andamento' (running today). Row options: Detalhes; Alterar and Excluir for write Campaigns;
 * Exportar (xlsx) for read Campaigns; 'Imprimir etiquetas' (a PDF of price labels, §2.6) for write Campaigns.
 */
export default function CampaignListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [filters, setFilters] = useState<CampaignListFilters>(DEFAULT_CAMPAIGN_FILTERS);
  // 'Excluídas' (issue 20 item 16): deleted campaigns, read-only, with their details and export.
  const [archived, setArchived] = useArchivedView();
  const list = useCampaignRows<CampaignListFilters>({
    queryKey: ({ q, page, filters: f }) => campaignListKey({ page, q, filters: f }),
    fetchPage: ({ q, page, filters: f }, signal) => listCampaigns({ page, q, filters: f }, signal),
    perPage: CAMPAIGNS_PAGE_SIZE,
    filters,
    archived,
  });
  const remove = useCampaignDelete();
  const [showing, setShowing] = useState<CampaignRow | null>(null);
  const [labelling, setLabelling] = useState<CampaignRow | null>(null);
  const [duplicating, setDuplicating] = useState<CampaignRow | null>(null);
  const exports = useExportJobs();

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    idColumn(),
    descriptionColumn({ minWidth: 180 }),
    { id: 'type', header: 'Tipo', cell: (c) => typeLabel(c.type), minWidth: 130 },
    {
      id: 'period',
      header: 'Período',
      cell: (c) => <span data-testid={`campaign-period-${c.id}`}>{periodText(c.start_at, c.end_at)}</span>,
      minWidth: 150,
    },
    { id: 'audience', header: 'Lead / população', cell: (c) => audienceText(c), minWidth: 130 },
    statusColumn({ minWidth: 150, testId: (c) => `campaign-status-${c.id}` }),
    activeColumn,
    optionsColumn((c) => {
      // `type` as the spec's screens send it; the server reads the campaign's own.
      const exportRow = exportAction(exports, {
        key: `campaign-${c.id}`,
        path: '/web/campaign/export',
        query: { id: c.id, type: c.type },
        label: `Campanha ${c.description}`,
      });
      const details = { id: 'details', text: 'Detalhes', onClick: () => setShowing(c) };
      // A deleted campaign is read-only: its details and its export.
      if (archived) return [details, exportRow];
      return [
        details,
        { id: 'edit', text: 'Alterar', visible: canWrite, onClick: () => navigate(`/campaign/edit/${c.id}`) },
        { id: 'duplicate', text: 'Duplicar', visible: canWrite, onClick: () => setDuplicating(c) },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => remove.ask(c) },
        { id: 'labels', text: 'Imprimir etiquetas', visible: canWrite, onClick: () => setLabelling(c) },
        exportRow,
      ];
    }),
  ];

  const filtered = filters.type !== '' || (!archived && (filters.showInactive || filters.runningOnly));
  // Points (C) have no editor (spec part 2 §1): listed and exported (the Points rows of §3) here.
  const typeOptions = [ALL_TYPES, ...TYPE_OPTIONS, { value: 'C', label: 'Pontos / cashback' }];

  return (
    <CampaignList
      testIds={{ table: 'campaigns-table', new: 'campaign-new', search: 'campaigns-search' }}
      title="Descontos"
      newPath="/campaign/sell/new"
      list={list}
      columns={columns}
      extraFilter={
        <SpaceBetween direction="horizontal" size="m" alignItems="center">
          <div style={{ minWidth: 240 }}>
            <Select
              data-testid="campaigns-type"
              ariaLabel="Tipo de campanha"
              selectedOption={typeOptions.find((o) => o.value === filters.type) ?? ALL_TYPES}
              options={typeOptions}
              onChange={({ detail }) =>
                setFilters((f) => ({ ...f, type: detail.selectedOption.value ?? '' }))
              }
            />
          </div>
          {archived ? null : (
            <ShowInactiveToggle
              testId="campaigns-show-inactive"
              checked={filters.showInactive}
              onChange={(showInactive) => setFilters((f) => ({ ...f, showInactive }))}
            />
          )}
          {archived ? null : (
            <Toggle
              data-testid="campaigns-running"
              checked={filters.runningOnly}
              onChange={({ detail }) => setFilters((f) => ({ ...f, runningOnly: detail.checked }))}
            >
              Em andamento
            </Toggle>
          )}
        </SpaceBetween>
      }
      filtered={filtered}
      onClearFilters={() => setFilters(DEFAULT_CAMPAIGN_FILTERS)}
      archivedView={{ archived, onChange: setArchived, testId: 'campaigns-view' }}
    >
      {showing ? (
        <CampaignDetailsModal campaign={showing} archived={archived} onDismiss={() => setShowing(null)} />
      ) : null}
      {labelling ? <LabelsPrintModal campaign={labelling} onDismiss={() => setLabelling(null)} /> : null}
      {duplicating ? (
        <DuplicateCampaignModal campaign={duplicating} onDismiss={() => setDuplicating(null)} />
      ) : null}
      {remove.modal}
    </CampaignList>
  );
}
