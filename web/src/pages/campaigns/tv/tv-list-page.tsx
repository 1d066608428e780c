import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CampaignRow } from '../../../api/campaigns';
import { listTvCampaigns, TV_PAGE_SIZE, tvListKey } from '../../../api/tv';
import { useCan } from '../../../app/ability';
import { useArchivedView } from '../../../components/archived-view';
import { descriptionColumn, idColumn, optionsColumn } from '../../../components/list-shell';
import {
  activeColumn,
  CampaignList,
  periodColumn,
  statusColumn,
  useCampaignDelete,
  useCampaignRows,
} from '../campaign-list';
import { archivedViewPath } from '../archived-model';
import { TvLinksModal } from './tv-links-modal';

/**
 * /campaign/tv 'TV' (read Campaigns; spec part 2 §2 'Campaign lists'): TV campaigns in pages of 10,
 * search, inactive hidden unless asked for. Row options: 'Telas' (each store's screen link),
 * Alterar and Excluir (write Campaigns). 'Campanhas | Excluídas' (`?excluidas=1`, issue 20 item 16):
 * the deleted ones, each opened read-only in the TV wizard ('Visualizar'); a deleted campaign is on
 * no screen, so it has no 'Telas'.
 */
export default function TvListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns');
  const [showInactive, setShowInactive] = useState(false);
  const [archived, setArchived] = useArchivedView();
  const list = useCampaignRows<{ showInactive: boolean }>({
    queryKey: ({ q, page, filters }) =>
      tvListKey({ page, q, showInactive: filters.showInactive, archived: filters.archived }),
    fetchPage: ({ q, page, filters }, signal) =>
      listTvCampaigns({ page, q, showInactive: filters.showInactive, archived: filters.archived }, signal),
    perPage: TV_PAGE_SIZE,
    filters: { showInactive },
    archived,
  });
  const remove = useCampaignDelete();
  const [screens, setScreens] = useState<CampaignRow | null>(null);

  const columns: TableProps.ColumnDefinition<CampaignRow>[] = [
    idColumn(),
    descriptionColumn(),
    periodColumn(),
    { id: 'products', header: 'Produtos', cell: (c) => c.product_count },
    statusColumn(),
    activeColumn,
    optionsColumn((c) =>
      archived
        ? [{ id: 'view', text: 'Visualizar', onClick: () => navigate(archivedViewPath('TV', c.id)) }]
        : [
            { id: 'screens', text: 'Telas', onClick: () => setScreens(c) },
            {
              id: 'edit',
              text: 'Alterar',
              visible: canWrite,
              onClick: () => navigate(`/campaign/tv/edit/${c.id}`),
            },
            { id: 'delete', text: 'Excluir', visible: canWrite, onClick: () => remove.ask(c) },
          ],
    ),
  ];

  return (
    <CampaignList
      testIds={{ table: 'tv-table', new: 'tv-new', search: 'tv-search-list' }}
      title="TV"
      newPath="/campaign/tv/new"
      list={list}
      columns={columns}
      showInactive={{ checked: showInactive, onChange: setShowInactive }}
      archivedView={{ archived, onChange: setArchived, testId: 'tv-view' }}
    >
      {screens ? <TvLinksModal campaign={screens} onDismiss={() => setScreens(null)} /> : null}
      {remove.modal}
    </CampaignList>
  );
}
