import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import type { CommunicationRow } from '../../../api/communications';
import { useCan } from '../../../app/ability';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { ActiveTag, CommunicationList } from '../../communications/common/list';
import { rowInfo } from '../../communications/common/model';
import { ArtImage } from './art-image';
import { ART_TITLE, artPeriodText, artTypeLabel } from './form-model';

const columns = (
  actions: (row: CommunicationRow) => RowAction[],
): TableProps.ColumnDefinition<CommunicationRow>[] => [
  {
    id: 'preview',
    header: 'Arte',
    cell: (c) => <ArtImage url={rowInfo(c.info).url ?? ''} height={56} alt={c.description} />,
    minWidth: 110,
  },
  { id: 'id', header: 'Código', cell: (c) => c.id, minWidth: 70 },
  {
    id: 'description',
    header: 'Descrição',
    cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
    isRowHeader: true,
    minWidth: 180,
  },
  { id: 'type', header: 'Tipo', cell: (c) => artTypeLabel(c.type), minWidth: 80 },
  {
    id: 'period',
    header: 'Período',
    cell: (c) => <span data-testid={`art-period-${c.id}`}>{artPeriodText(c.start_at, c.end_at)}</span>,
    minWidth: 200,
  },
  { id: 'active', header: 'Situação', cell: (c) => <ActiveTag active={c.active} />, minWidth: 90 },
  {
    id: 'actions',
    header: 'Opções',
    cell: (c) => <RowActions label={c.description} actions={actions(c)} />,
    minWidth: 80,
  },
];

/**
 * /mobile/art (read Mobile; spec part 3 §2 'Mobile art', §9): preview, type (APPB 'Banner', else
 * 'Flyer'), period 'start_at até end_at', active tag, edit (write Mobile) and delete (write
 * Campaigns, what the API asks); 'Nova arte para o aplicativo'; 'Total de N arte(es)'; 20 a page.
 */
export default function ArtListPage() {
  const navigate = useNavigate();
  const canWriteMobile = useCan('write', 'Mobile');
  const canWrite = useCan('write', 'Campaigns');
  return (
    <CommunicationList
      types={['APPF', 'APPB']}
      testId="art-table"
      title="Artes do aplicativo"
      newButton={{
        label: ART_TITLE,
        testId: 'art-new',
        subject: 'Mobile',
        onClick: () => navigate('/mobile/art/new'),
      }}
      columns={columns}
      actions={(row, remove) => [
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWriteMobile && canWrite,
          onClick: () => navigate(`/mobile/art/edit/${row.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: remove },
      ]}
      noun="arte(es)"
      emptyText="Nenhuma arte encontrada."
      deleteHeader="Excluir arte"
      deleteQuestion="Tem certeza que deseja excluir esta arte?"
      deleted="Arte excluída com sucesso"
    />
  );
}
