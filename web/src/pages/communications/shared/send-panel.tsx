import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { useState } from 'react';
import { failureMessage } from '../../../api/client';
import { useSendAction, useSendProgress, type SendProgress } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { formatCount, formatDateTime } from '../../../components/format';
import { useArchivedRecord } from '../common/form-shell';

type Status = SendProgress['status'];
type Action = 'send' | 'pause' | 'resume' | 'cancel';

/** How each state of a send reads (GET /web/communications/{id}/progress). */
export const RUN_STATUS_LABELS: Readonly<Record<Status, { text: string; type: StatusIndicatorProps.Type }>> =
  {
    NONE: { text: 'Ainda não enviada', type: 'pending' },
    PLANNING: { text: 'Preparando o envio', type: 'loading' },
    SENDING: { text: 'Enviando', type: 'in-progress' },
    PAUSED: { text: 'Pausada', type: 'stopped' },
    COMPLETED: { text: 'Concluída', type: 'success' },
    CANCELED: { text: 'Cancelada', type: 'error' },
  };

const RUNNING: readonly Status[] = ['PLANNING', 'SENDING'];

/** Which actions a send in `status` offers. */
export function sendActions(status: Status): Record<Action, boolean> {
  return {
    send: !RUNNING.includes(status) && status !== 'PAUSED',
    pause: RUNNING.includes(status),
    resume: status === 'PAUSED',
    cancel: RUNNING.includes(status) || status === 'PAUSED',
  };
}

/** Done share of a send, 0–100. */
export function progressPercent(p: Pick<SendProgress, 'planned' | 'sent' | 'failed' | 'skipped'>): number {
  if (p.planned <= 0) return 0;
  return Math.min(100, Math.round(((p.sent + p.failed + p.skipped) / p.planned) * 100));
}

const DONE: Record<Action, string> = {
  send: 'Envio iniciado',
  pause: 'Envio pausado',
  resume: 'Envio retomado',
  cancel: 'Envio cancelado',
};

/**
 * 'Envio' of a saved communication: the latest send's state and counts (refreshed while it runs),
 * 'Enviar agora' (only once the saved record is approved and has no unsaved change, with a
 * confirmation), 'Pausar', 'Retomar' and 'Cancelar envio' (with a confirmation).
 */
type SendPanelProps = {
  id: number;
  approved: boolean;
  unsaved: boolean;
  /** A once-only send that already ran: it is not sent again. */
  locked?: boolean;
  recipients?: number;
};

export function SendPanel(props: SendPanelProps) {
  // A deleted communication (its list's 'Excluídas') is not sent, paused nor cancelled.
  return useArchivedRecord() ? null : <LiveSendPanel {...props} />;
}

function LiveSendPanel({ id, approved, unsaved, locked, recipients }: SendPanelProps) {
  const progress = useSendProgress(id);
  const action = useSendAction(id);
  const [confirming, setConfirming] = useState<'send' | 'cancel' | null>(null);
  const p = progress.data;
  const status: Status = p?.status ?? 'NONE';
  const offers = sendActions(status);
  const label = RUN_STATUS_LABELS[status];

  const run = async (what: Action) => {
    try {
      await action.mutateAsync(what);
      notify({ type: 'success', content: DONE[what] });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Não foi possível concluir',
        content: failureMessage(error, 'Tente novamente.'),
      });
    } finally {
      setConfirming(null);
    }
  };

  const sendBlocked = locked
    ? COMMUNICATION_MESSAGES.executed
    : !approved
      ? COMMUNICATION_MESSAGES.notApproved
      : unsaved
        ? 'Salve as alterações antes de enviar.'
        : undefined;

  return (
    <Container
      data-testid="send-panel"
      header={
        <Header
          variant="h2"
          description="O envio respeita o público e o agendamento salvos."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {offers.pause ? (
                <Button
                  formAction="none"
                  data-testid="send-pause"
                  loading={action.isPending && action.variables === 'pause'}
                  onClick={() => void run('pause')}
                >
                  Pausar
                </Button>
              ) : null}
              {offers.resume ? (
                <Button
                  formAction="none"
                  data-testid="send-resume"
                  loading={action.isPending && action.variables === 'resume'}
                  onClick={() => void run('resume')}
                >
                  Retomar
                </Button>
              ) : null}
              {offers.cancel ? (
                <Button formAction="none" data-testid="send-cancel" onClick={() => setConfirming('cancel')}>
                  Cancelar envio
                </Button>
              ) : null}
              {offers.send ? (
                <Button
                  formAction="none"
                  variant="primary"
                  data-testid="send-now"
                  disabled={sendBlocked !== undefined}
                  disabledReason={sendBlocked}
                  onClick={() => setConfirming('send')}
                >
                  Enviar agora
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          Envio
        </Header>
      }
    >
      {progress.isError ? (
        <StatusIndicator type="error">
          {failureMessage(progress.error, 'Não foi possível ler o andamento do envio.')}
        </StatusIndicator>
      ) : (
        <SpaceBetween size="m">
          <StatusIndicator type={progress.isPending ? 'loading' : label.type}>
            <span data-testid="send-status">{progress.isPending ? 'Carregando…' : label.text}</span>
          </StatusIndicator>
          {p && p.status !== 'NONE' ? (
            <>
              <ProgressBar
                value={progressPercent(p)}
                label="Andamento"
                description={`${formatCount(p.sent + p.failed + p.skipped)} de ${formatCount(p.planned)}`}
              />
              <KeyValuePairs
                columns={4}
                items={[
                  {
                    label: 'Previstos',
                    value: <span data-testid="send-planned">{formatCount(p.planned)}</span>,
                  },
                  { label: 'Enviados', value: <span data-testid="send-sent">{formatCount(p.sent)}</span> },
                  { label: 'Falhas', value: <span data-testid="send-failed">{formatCount(p.failed)}</span> },
                  {
                    label: 'Ignorados',
                    value: <span data-testid="send-skipped">{formatCount(p.skipped)}</span>,
                  },
                ]}
              />
              <Box color="text-body-secondary" fontSize="body-s">
                Início: {formatDateTime(p.started_at)} · Fim: {formatDateTime(p.finished_at)}
              </Box>
            </>
          ) : null}
        </SpaceBetween>
      )}
      <Modal
        visible={confirming !== null}
        header={confirming === 'send' ? 'Enviar agora' : 'Cancelar envio'}
        closeAriaLabel="Fechar"
        onDismiss={() => setConfirming(null)}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={action.isPending} onClick={() => setConfirming(null)}>
                Voltar
              </Button>
              <Button
                variant="primary"
                data-testid="send-confirm"
                loading={action.isPending}
                onClick={() => void run(confirming ?? 'send')}
              >
                {confirming === 'send' ? 'Sim, enviar' : 'Sim, cancelar'}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirming === 'send'
          ? `Tem certeza que deseja enviar esta comunicação agora${recipients === undefined ? '' : ` para ${formatCount(recipients)} destinatário(s)`}?`
          : 'Tem certeza que deseja cancelar este envio? Quem ainda não recebeu não receberá.'}
      </Modal>
    </Container>
  );
}
