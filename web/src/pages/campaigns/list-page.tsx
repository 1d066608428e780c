import Box from '@cloudscape-design/components/box';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignListKey,
  CAMPAIGNS_PAGE_SIZE,
  DEFAULT_CAMPAIGN_FILTERS,
  listCampaigns,
  useDeleteCampaign,
  type CampaignListFilters,
  type CampaignRow,
} from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { archivedAtColumn, ArchivedSwitch, useArchivedView } from '../../components/archived-view';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { useExportJobs } from '../../components/export-jobs';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { CampaignDetailsModal } from './details-modal';
import { DuplicateCampaignModal } from './duplicate-modal';
import { LabelsPrintModal } from './labels-print-modal';
import { TYPE_OPTIONS } from './form-model';
import { activeText, audienceText, periodText, STATUS_TYPES, statusText, typeLabel } from './format';

export const DELETE_QUESTION = 'Tem certeza que deseja excluir esta campanha ?';
export const EMPTY_TEXT = 'Nenhuma campanha encontrada.';
export const ARCHIVED_EMPTY_TEXT = 'Nenhuma campanha excluída.';
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
  const list = useServerList<CampaignRow, CampaignListFilters>({
    queryKey: ({ q, page, filters: f }) => campaignListKey({ page, q, filters: f }),
    fetchPage: ({ q, page, filters: f }, signal) => listCampaigns({ page, q, filters: f }, signal),
    perPage: CAMPAIGNS_PAGE_SIZE,
    filters: { ...filters, archived },
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as campanhas.'),
  });
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<CampaignRow | null>(null);
  const [showing, setShowing] = useState<CampaignRow | null>(null);
  const [labelling, setLabelling] = useState<CampaignRow | null>(null);
  const [duplicating, setDuplicating] = useState<CampaignRow | null>(null);
  const exports = useExportJobs();
  // `type` as the spec's screens send it; the server reads the campaign's own.
  const exportCampaign = (row: CampaignRow) =>
    exports.start({
      key: `campaign-${row.id}`,
      path: '/web/campaign/export',
      query: { id: row.id, type: row.type },
      label: `Campanha ${row.description}`,
    });

  const confirmDelete = async (row: CampaignRow) => {
    try {
      await remove.mutateAsync(row.id);
      notify({ type: 'success', content: 'Campanha excluída com sucesso' });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao excluir a campanha',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    { id: 'id', header: 'Código', cell: (c) => c.id, minWidth: 80 },
    {
      id: 'description',
      header: 'Descrição',
      cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
      isRowHeader: true,
      minWidth: 180,
    },
    { id: 'type', header: 'Tipo', cell: (c) => typeLabel(c.type), minWidth: 130 },
    {
      id: 'period',
      header: 'Período',
      cell: (c) => <span data-testid={`campaign-period-${c.id}`}>{periodText(c.start_at, c.end_at)}</span>,
      minWidth: 150,
    },
    { id: 'audience', header: 'Lead / população', cell: (c) => audienceText(c), minWidth: 130 },
    {
      id: 'status',
      header: 'Status',
      minWidth: 150,
      cell: (c) => (
        <span data-testid={`campaign-status-${c.id}`}>
          <StatusIndicator type={STATUS_TYPES[c.status]} wrapText={false}>
            {statusText(c.status)}
          </StatusIndicator>
        </span>
      ),
    },
    { id: 'active', header: 'Situação', cell: (c) => activeText(c.active) },
    {
      id: 'actions',
      header: 'Opções',
      cell: (c) => (
        <RowActions
          label={c.description}
          actions={
            archived
              ? [
                  { id: 'details', text: 'Detalhes', onClick: () => setShowing(c) },
                  {
                    id: 'export',
                    text: exports.busy(`campaign-${c.id}`) ? 'Exportando…' : 'Exportar',
                    disabled: exports.busy(`campaign-${c.id}`),
                    onClick: () => void exportCampaign(c),
                  },
                ]
              : [
                  { id: 'details', text: 'Detalhes', onClick: () => setShowing(c) },
                  {
                    id: 'edit',
                    text: 'Alterar',
                    visible: canWrite,
                    onClick: () => navigate(`/campaign/edit/${c.id}`),
                  },
                  { id: 'duplicate', text: 'Duplicar', visible: canWrite, onClick: () => setDuplicating(c) },
                  { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(c) },
                  {
                    id: 'labels',
                    text: 'Imprimir etiquetas',
                    visible: canWrite,
                    onClick: () => setLabelling(c),
                  },
                  {
                    id: 'export',
                    text: exports.busy(`campaign-${c.id}`) ? 'Exportando…' : 'Exportar',
                    disabled: exports.busy(`campaign-${c.id}`),
                    onClick: () => void exportCampaign(c),
                  },
                ]
          }
        />
      ),
    },
  ];
  // A deleted campaign shows when it was deleted instead of where it stands today.
  if (archived)
    columns.splice(
      columns.findIndex((c) => c.id === 'status'),
      1,
      archivedAtColumn<CampaignRow>(),
    );

  const filtered = filters.type !== '' || (!archived && (filters.showInactive || filters.runningOnly));
  // Points (C) have no editor (spec part 2 §1): listed and exported (the Points rows of §3) here.
  const typeOptions = [ALL_TYPES, ...TYPE_OPTIONS, { value: 'C', label: 'Pontos / cashback' }];

  return (
    <>
      <ServerTable<CampaignRow>
        testId="campaigns-table"
        title="Descontos"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando campanhas"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova campanha',
          testId: 'campaign-new',
          subject: 'Campaigns',
          onClick: () => navigate('/campaign/sell/new'),
        }}
        search={{
          placeholder: 'Buscar pela descrição ou código',
          ariaLabel: 'Buscar campanhas',
          testId: 'campaigns-search',
        }}
        extraFilter={
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <ArchivedSwitch
              archived={archived}
              onChange={setArchived}
              liveLabel="Campanhas"
              testId="campaigns-view"
            />
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
              <Toggle
                data-testid="campaigns-show-inactive"
                checked={filters.showInactive}
                onChange={({ detail }) => setFilters((f) => ({ ...f, showInactive: detail.checked }))}
              >
                Mostrar inativas
              </Toggle>
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
        noun={{ one: 'campanha', many: 'campanhas' }}
        emptyText={archived ? ARCHIVED_EMPTY_TEXT : EMPTY_TEXT}
        noMatchText={archived ? ARCHIVED_EMPTY_TEXT : EMPTY_TEXT}
      />
      {showing ? (
        <CampaignDetailsModal campaign={showing} archived={archived} onDismiss={() => setShowing(null)} />
      ) : null}
      {labelling ? <LabelsPrintModal campaign={labelling} onDismiss={() => setLabelling(null)} /> : null}
      {duplicating ? (
        <DuplicateCampaignModal campaign={duplicating} onDismiss={() => setDuplicating(null)} />
      ) : null}
      {toDelete ? (
        <ConfirmDeleteModal
          header="Excluir campanha"
          onConfirm={() => confirmDelete(toDelete)}
          onDismiss={() => setToDelete(null)}
        >
          <SpaceBetween size="xs">
            <Box>{DELETE_QUESTION}</Box>
            <Box color="text-body-secondary">
              {toDelete.id} - {toDelete.description}
            </Box>
          </SpaceBetween>
        </ConfirmDeleteModal>
      ) : null}
    </>
  );
}
