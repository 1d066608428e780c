import Box from '@cloudscape-design/components/box';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import type { CommunicationRow } from '../../../api/communications';
import { useCan } from '../../../app/ability';
import { RowActions, type RowAction } from '../../../components/row-actions';
import { CommunicationList, Relative } from '../common/list';
import { rowInfo } from '../common/model';
import { TEMPLATE_DELETE_QUESTION, TEMPLATE_LIST } from './form-model';

const templateColumns = (
  actions: (row: CommunicationRow) => RowAction[],
): TableProps.ColumnDefinition<CommunicationRow>[] => [
  { id: 'id', header: 'Código', cell: (c) => c.id, minWidth: 70 },
  {
    id: 'description',
    header: 'Descrição',
    cell: (c) => <Box fontWeight="bold">{c.description}</Box>,
    isRowHeader: true,
    minWidth: 200,
  },
  {
    id: 'subject',
    header: 'Assunto',
    cell: (c) => (rowInfo(c.info) as { layout_title?: string }).layout_title || '-',
    minWidth: 200,
  },
  { id: 'created', header: 'Criado', cell: (c) => <Relative value={c.created_at} />, minWidth: 120 },
  { id: 'changed', header: 'Alterado', cell: (c) => <Relative value={c.updated_at} />, minWidth: 120 },
  {
    id: 'actions',
    header: 'Opções',
    cell: (c) => <RowActions label={c.description} actions={actions(c)} />,
    minWidth: 80,
  },
];

/**
 * /communications/template (read Communications; spec part 3 §2 'E-mail templates', §9): the
 * e-mail templates (TEMAIL), 20 a page; creating, changing and deleting need write Communications.
 */
export default function TemplateListPage() {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Communications');
  return (
    <CommunicationList
      types={['TEMAIL']}
      testId="templates-table"
      title="Templates"
      newButton={{
        label: 'Novo template',
        testId: 'template-new',
        subject: 'Communications',
        onClick: () => navigate(`${TEMPLATE_LIST}/new`),
      }}
      actions={(row, remove) => [
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite,
          onClick: () => navigate(`/communication/template/edit/${row.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: remove },
      ]}
      columns={templateColumns}
      deleteHeader="Excluir template"
      deleteQuestion={TEMPLATE_DELETE_QUESTION}
      deleted="Template excluído com sucesso"
      noun="template(s)"
      emptyText="Nenhum template encontrado."
    />
  );
}
