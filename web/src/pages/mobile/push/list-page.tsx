import { useNavigate } from 'react-router';
import { useCan } from '../../../app/ability';
import { CommunicationList } from '../../communications/common/list';

/**
 * /mobile/push (read Mobile; spec part 3 §2 'Push communications', §9): 'Ocultar inativas' on by
 * default, search, 'Nova comunicação por Push' (write Mobile), 20 a page, 'Total de N
 * comunicação(ões)'. Row options: analytics (read Campaigns), edit and 'Duplicar' (write Campaigns,
 * and write Mobile, which the editor's routes need), delete (write Campaigns).
 */
export default function PushListPage() {
  const navigate = useNavigate();
  const canRead = useCan('read', 'Campaigns');
  const canWrite = useCan('write', 'Campaigns');
  const canWriteMobile = useCan('write', 'Mobile');
  return (
    <CommunicationList
      types={['PUSH']}
      testId="push-table"
      title="Push"
      newButton={{
        label: 'Nova comunicação por Push',
        testId: 'push-new',
        subject: 'Mobile',
        onClick: () => navigate('/mobile/push/new'),
      }}
      actions={(row, remove) => [
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/mobile/push/analytics/${row.id}`),
        },
        {
          id: 'edit',
          text: 'Alterar',
          visible: canWrite && canWriteMobile,
          onClick: () => navigate(`/mobile/push/edit/${row.id}`),
        },
        {
          id: 'clone',
          text: 'Duplicar',
          visible: canWrite && canWriteMobile,
          onClick: () => navigate(`/mobile/push/clone/${row.id}`),
        },
        { id: 'delete', text: 'Excluir', visible: canWrite, onClick: remove },
      ]}
      archivedActions={(row) => [
        {
          id: 'view',
          text: 'Visualizar',
          onClick: () => navigate(`/mobile/push/archived/${row.id}`),
        },
        {
          id: 'analytics',
          text: 'Analytics',
          visible: canRead,
          onClick: () => navigate(`/mobile/push/analytics/${row.id}?excluida=1`),
        },
      ]}
      noun="comunicação(ões)"
      emptyText="Nenhuma comunicação por push encontrada."
    />
  );
}
