import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { fromDisplayDate } from '@freguesia/shared/domain/dates';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../api/client';
import { useDuplicateCampaign } from '../../api/campaigns';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';

/**
 * 'Duplicar' a discount campaign (issue 20): the weekly "same promotion, new dates". The copy
 * keeps everything but the period, is named with its period and opens in the editor.
 */
export function DuplicateCampaignModal({
  campaign,
  onDismiss,
}: {
  campaign: { id: number; description: string };
  onDismiss: () => void;
}) {
  const navigate = useNavigate();
  const duplicate = useDuplicateCampaign();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});

  const confirm = async () => {
    const startAt = fromDisplayDate(start);
    const endAt = end.trim() === '' ? '' : fromDisplayDate(end);
    const found = {
      start: startAt ? undefined : 'Informe a data inicial (DD/MM/AAAA).',
      end:
        endAt === undefined
          ? 'Data final inválida (DD/MM/AAAA).'
          : startAt && endAt && endAt < startAt
            ? 'A data final deve ser igual ou posterior à data inicial.'
            : undefined,
    };
    setErrors(found);
    if (found.start || found.end) return;
    try {
      const copy = await duplicate.mutateAsync({ id: campaign.id, start_at: startAt!, end_at: endAt ?? '' });
      notify({ type: 'success', content: `Campanha duplicada: ${copy.description}` });
      onDismiss();
      navigate(`/campaign/edit/${copy.id}`);
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao duplicar a campanha',
        content: failureMessage(error, 'Tente novamente.'),
      });
    }
  };

  return (
    <Modal
      visible
      data-testid="campaign-duplicate"
      header="Duplicar campanha"
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cancelar
            </Button>
            <Button variant="primary" loading={duplicate.isPending} onClick={() => void confirm()}>
              Duplicar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          Uma nova campanha igual a <b>{campaign.description}</b> (produtos, lojas, público e regras) com as
          datas abaixo. O nome da cópia indica o novo período.
        </Box>
        <FormField label="Início" errorText={errors.start}>
          <DateInput
            data-testid="duplicate-start"
            value={start}
            onChange={setStart}
            placeholder="DD/MM/AAAA"
          />
        </FormField>
        <FormField label="Fim" description="Em branco: sem data de término." errorText={errors.end}>
          <DateInput data-testid="duplicate-end" value={end} onChange={setEnd} placeholder="DD/MM/AAAA" />
        </FormField>
      </SpaceBetween>
    </Modal>
  );
}
