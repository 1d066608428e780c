import { Fragment, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { recordGate, type RecordGateProps } from '../../components/record-gate';

/**
 * The editor of a campaign (discount, ticket, TV, WhatsApp) for `id`: a new one without it; else
 * 'Carregando campanha…' while the record loads, 'Campanha não encontrada.' (or the failure) with
 * the way back to the list, then the editor, mounted anew for each record (and mode).
 */
export function CampaignRecordRoute<R>({
  id,
  record,
  list,
  back = 'Voltar às campanhas',
  mode = '',
  children,
}: {
  id: number | undefined;
  record: RecordGateProps['record'] & { data?: R };
  /** The list the way back leads to, and its label. */
  list: string;
  back?: string;
  /** Another way of opening the same record (a clone). */
  mode?: string;
  children: (record: R | null) => ReactNode;
}) {
  const navigate = useNavigate();
  if (id !== undefined) {
    const gate = recordGate({
      record,
      loading: 'Carregando campanha…',
      notFound: 'Campanha não encontrada.',
      failed: 'Não foi possível carregar a campanha.',
      notFoundHint: 'Ela pode ter sido excluída.',
      action: { label: back, onClick: () => navigate(list) },
    });
    if (gate) return gate;
  }
  return (
    <Fragment key={`${id ?? 'new'}${mode}`}>
      {children(id === undefined ? null : (record.data ?? null))}
    </Fragment>
  );
}
