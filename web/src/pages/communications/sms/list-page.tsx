import { useNavigate } from 'react-router';
import { useCan } from '../../../app/ability';
import { CommunicationList } from '../common/list';

/**
 * /communications/sms (read Communications; spec part 3 §2 'SMS communications', §9): the SMS
 * communications, 20 a page, with the push list's columns. Row options: analytics (read Campaigns);
 * edit, clone and delete (write Campaigns). 'Nova comunicação via SMS' needs write Communications (spec part 3 §6: SMS create).
 */
export default function SmsListPage() {
  const navigate = useNavigate();
  const canRead = useCan('read', 'Campaigns');
  const canWrite = useCan('write', 'Campaigns');
  return (
    <CommunicationList
      types={['SMS']}
      testId="sms-table"
      title="SMS"
      newButton={{
        label: 'Nova comunicação via SMS',
        testId: 'sms-new',
        subject: 'Communications',
        onClick: () => navigate('/communications/sms/new'),
      }}
      actions={(row, remove) => [
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/communication/sms/analytics/${row.id}`),
        },
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite,
          onClick: () => navigate(`/communication/sms/edit/${row.id}`),
        },
        {
          id: 'clone',
          text: 'Duplicar',
          visible: canWrite,
          onClick: () => navigate(`/communication/sms/clone/${row.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: remove },
      ]}
      archivedActions={(row) => [
        {
          id: 'view',
          text: 'Visualizar',
          onClick: () => navigate(`/communication/sms/archived/${row.id}`),
        },
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/communication/sms/analytics/${row.id}?excluida=1`),
        },
      ]}
      noun="comunicação(ões)"
      emptyText="Nenhuma comunicação via SMS encontrada."
    />
  );
}
