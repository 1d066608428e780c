import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteCampaign, type CampaignRow } from '../../../api/campaigns';
import { failureMessage } from '../../../api/client';
import { listTvCampaigns, TV_PAGE_SIZE, tvListKey } from '../../../api/tv';
import { useCan } from '../../../app/ability';
import { notify } from '../../../app/notifications/notify';
import { ConfirmDeleteModal } from '../../../components/delete-confirmation';
import { RowActions } from '../../../components/row-actions';
import { ServerTable, useServerList } from '../../../components/table';
import { activeText, periodText, STATUS_TYPES, statusText } from '../format';
import { TvLinksModal } from './tv-links-modal';

const EMPTY_TEXT = 'Nenhuma campanha encontrada.';

/**
 * /campaign/tv 'TV' (read Campaigns; spec part 2 §2 'Campaign lists'): TV campaigns in pages of 10,
 * search, inactive hidden unless asked for. Row options: 'Telas' (each store's screen link),
 * Alterar and Excluir (write Campaigns).
 */
export default function TvListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [showInactive, setShowInactive] = useState(false);
  const list = useServerList<CampaignRow, { showInactive: boolean }>({
    queryKey: ({ q, page, filters }) => tvListKey({ page, q, showInactive: filters.showInactive }),
    fetchPage: ({ q, page, filters }, signal) =>
      listTvCampaigns({ page, q, showInactive: filters.showInactive }, signal),
    perPage: TV_PAGE_SIZE,
    filters: { showInactive },
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar as campanhas.'),
  });
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<CampaignRow | null>(null);
  const [screens, setScreens] = useState<CampaignRow | null>(null);

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    { id: 'id', header: 'Código', cell: (c) => c.id, minWidth: 80 },
    {
      id: 'description',
      header: 'Descrição',
      cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
      isRowHeader: true,
    },
    { id: 'period', header: 'Período', cell: (c) => periodText(c.start_at, c.end_at) },
    { id: 'products', header: 'Produtos', cell: (c) => c.product_count },
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
            { id: 'screens', text: 'Telas', onClick: () => setScreens(c) },
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => navigate(`/campaign/tv/edit/${c.id}`),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => setToDelete(c) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ServerTable<CampaignRow>
        testId="tv-table"
        title="TV"
        variant="full-page"
        headerVariant="h1"
        loadingText="Carregando campanhas"
        wrapLines
        list={list}
        columns={columns}
        newButton={{
          label: 'Nova campanha',
          testId: 'tv-new',
          subject: 'Campaigns',
          onClick: () => navigate('/campaign/tv/new'),
        }}
        search={{
          placeholder: 'Buscar pela descrição ou código',
          ariaLabel: 'Buscar campanhas',
          testId: 'tv-search-list',
        }}
        extraFilter={
          <Toggle checked={showInactive} onChange={({ detail }) => setShowInactive(detail.checked)}>
            Mostrar inativas
          </Toggle>
        }
        filtered={showInactive}
        onClearFilters={() => setShowInactive(false)}
        noun={{ one: 'campanha', many: 'campanhas' }}
        emptyText={EMPTY_TEXT}
        noMatchText={EMPTY_TEXT}
      />
      {screens ? <TvLinksModal campaign={screens} onDismiss={() => setScreens(null)} /> : null}
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
