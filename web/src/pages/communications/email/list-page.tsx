import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import type { CommunicationRow } from '../../../api/communications';
import { useCan } from '../../../app/ability';
import { formatAmount } from '../../../components/format';
import type { RowAction } from '../../../components/row-actions';
import { CommunicationList, communicationColumns } from '../common/list';
import { NOT_APPROVED_LABEL, rowInfo } from '../common/model';
import { DELETE_QUESTION, EMAIL_LIST } from './form-model';

/** The e-mail list's columns: the communication columns plus the approval and the estimated cost. */
export function emailColumns(
  actions: (row: CommunicationRow) => RowAction[],
): TableProps.ColumnDefinition<CommunicationRow>[] {
  const columns = communicationColumns(actions);
  const at = columns.findIndex((c) => c.id === 'created');
  columns.splice(
    at < 0 ? columns.length - 1 : at,
    0,
    {
      id: 'approval',
      header: 'Aprovação',
      minWidth: 150,
      cell: (c) => {
        const text = rowInfo(c.info).approvement;
        return text ? (
          <Box fontSize="body-s">{text}</Box>
        ) : (
          <StatusIndicator type="warning">{NOT_APPROVED_LABEL}</StatusIndicator>
        );
      },
    },
    {
      id: 'cost',
      header: 'Custo estimado',
      minWidth: 110,
      cell: (c) => {
        const value = rowInfo(c.info).value;
        return typeof value === 'number' ? formatAmount(value) : '-';
      },
    },
  );
  return columns;
}

/**
 * /communications/mail (read Communications; spec part 3 §2 'E-mail communications', §4, §9): the
 * e-mail communications, 20 a page. 'Nova comunicação' needs write Communications (e-mail create);
 * analytics read Campaigns; Alterar, Duplicar and Excluir write Campaigns (what the API asks).
 */
export default function EmailListPage() {
  const navigate = useNavigate();
  const canRead = useCan('read', 'Campaigns');
  const canWrite = useCan('write', 'Campaigns');
  return (
    <CommunicationList
      types={['EMAIL']}
      testId="emails-table"
      title="E-mail"
      newButton={{
        label: 'Nova comunicação',
        testId: 'email-new',
        subject: 'Communications',
        onClick: () => navigate(`${EMAIL_LIST}/new`),
      }}
      actions={(row, remove) => [
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/communication/email/analytics/${row.id}`),
        },
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite,
          onClick: () => navigate(`/communication/email/edit/${row.id}`),
        },
        {
          id: 'clone',
          text: 'Duplicar',
          visible: canWrite,
          onClick: () => navigate(`/communication/email/clone/${row.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: remove },
      ]}
      columns={emailColumns}
      deleteQuestion={DELETE_QUESTION}
      archivedActions={(row) => [
        {
          id: 'view',
          text: 'Visualizar',
          onClick: () => navigate(`/communication/email/archived/${row.id}`),
        },
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/communication/email/analytics/${row.id}?excluida=1`),
        },
      ]}
      noun="comunicação(ões)"
      emptyText="Nenhuma comunicação via e-mail encontrada."
    />
  );
}
