import Box from '@cloudscape-design/components/box';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  campaignListKey,
  CAMPAIGNS_PAGE_SIZE,
  listCampaigns,
  useDeleteCampaign,
  type CampaignListFilters,
  type CampaignRow,
} from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../components/delete-confirmation';
import { useExportJobs } from '../../components/export-jobs';
import { RowActions } from '../../components/row-actions';
import { ServerTable, useServerList } from '../../components/table';
import { activeText, periodText } from '../campaigns/format';
import { progressPercent, reaisText } from './lucky-model';

const DEFAULT_FILTERS: CampaignListFilters = { type: 'L', showInactive: false, runningOnly: false };
const EMPTY_TEXT = 'Nenhuma campanha encontrada.';

/**
 * /campaign/lucky 'Nros. da sorte' (read Campaigns; spec part 2 §2, §2.3): the lucky-number
 * campaigns in pages of 20, with the lucky quantity and the progress generated / (100000 × series).
 * Row options: Detalhes (issuance, audit, draw), Alterar and Excluir (write Campaigns), Exportar.
 */
export default function LuckyListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [filters, setFilters] = useState<CampaignListFilters>(DEFAULT_FILTERS);
  const list = useServerList<CampaignRow, CampaignListFilters>({
    queryKey: ({ q, page, filters: f }) => campaignListKey({ page, q, filters: f }),
    fetchPage: ({ q, page, filters: f }, signal) => listCampaigns({ page, q, filters: f }, signal),
    perPage: CAMPAIGNS_PAGE_SIZE,
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
    { id: 'active', header: 'Situação', cell: (c) => activeText(c.active) },
    {
      id: 'actions',
      header: 'Opções',
      cell: (c) => (
        <RowActions
          label={c.description}
          actions={[
            { id: 'details', text: 'Detalhes', onClick: () => navigate(`/campaign/lucky/details/${c.id}`) },
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => navigate(`/campaign/lucky/edit/${c.id}`),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(c) },
            {
              id: 'export',
              text: exports.busy(`lucky-${c.id}`) ? 'Exportando…' : 'Exportar',
              disabled: exports.busy(`lucky-${c.id}`),
              onClick: () =>
                void exports.start({
                  key: `lucky-${c.id}`,
                  path: '/web/campaign/export',
                  query: { id: c.id, type: 'L' },
                  label: `Números da sorte ${c.description}`,
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
        testId="lucky-table"
        title="Números da Sorte"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando campanhas"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova campanha',
          testId: 'lucky-new',
          subject: 'Campaigns',
          onClick: () => navigate('/campaign/lucky/new'),
        }}
        search={{
          placeholder: 'Buscar pela descrição ou código',
          ariaLabel: 'Buscar campanhas',
          testId: 'lucky-search',
        }}
        extraFilter={
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <Toggle
              checked={filters.showInactive}
              onChange={({ detail }) => setFilters((f) => ({ ...f, showInactive: detail.checked }))}
            >
              Mostrar inativas
            </Toggle>
          </SpaceBetween>
        }
        filtered={filters.showInactive}
        onClearFilters={() => setFilters(DEFAULT_FILTERS)}
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
              notify({
                type: 'error',
                header: 'Erro ao excluir a campanha',
                content: failureMessage(error, 'Tente novamente.'),
              });
            }
          }}
          onDismiss={() => setToDelete(null)}
        >
          <Box>Tem certeza que deseja excluir esta campanha ?</Box>
        </ConfirmDeleteModal>
      ) : null}
    </>
  );
}
