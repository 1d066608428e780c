import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/client';
import {
  useAttendants,
  useConversation,
  useSendMessage,
  useUpdateAttendance,
  type AttendanceUpdate,
  type Department,
} from '../../api/customer-service';
import { notify } from '../../app/notifications/notify';
import { formatDateTime } from '../../components/format';
import { ConfirmAction } from './confirm-action';
import {
  ATTENDANCE_NOTICES,
  CHAT_PANEL_HEIGHT,
  CHAT_REFRESH_MS,
  messageSide,
  newestKey,
  statusLabel,
  variableRows,
} from './inbox-model';

type Pending =
  | { kind: 'finish' }
  | { kind: 'user'; id: number; name: string }
  | { kind: 'department'; id: number; name: string };

/**
 * The 'Conversa' modal (spec part 3 §2, §3 'Conversation', §4, §9): the messages (the
 * customer's on the right) in a 500 px panel that refreshes every 5000 ms and scrolls to the
 * newest, the context variables, the reply box, and the actions — Finalizar Atendimento,
 * reassign the responsible user or the department — each confirmed first.
 */
export function ConversationModal({
  id,
  departments,
  onDismiss,
}: {
  id: number;
  departments: readonly Department[];
  onDismiss: () => void;
}) {
  const conversation = useConversation(id, CHAT_REFRESH_MS);
  const users = useAttendants();
  const send = useSendMessage();
  const update = useUpdateAttendance();
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  const messages = conversation.data?.messages ?? [];
  const attendance = conversation.data?.attendance;
  const latest = newestKey(messages);
  // §4: scroll to the bottom after new messages (and on opening).
  useEffect(() => {
    const el = panel.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [latest]);

  async function reply() {
    const body = text.trim();
    if (!body || send.isPending) return;
    try {
      await send.mutateAsync({ id, text: body });
      setText('');
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao enviar mensagem', content: failureMessage(error) });
    }
  }

  async function apply(change: AttendanceUpdate, notice: string) {
    try {
      await update.mutateAsync(change);
      notify({ type: 'success', header: notice });
      if ('active' in change) onDismiss();
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao alterar atendimento', content: failureMessage(error) });
    }
  }

  function confirmPending(p: Pending): Promise<void> {
    if (p.kind === 'finish') return apply({ id, active: false }, ATTENDANCE_NOTICES.finished);
    if (p.kind === 'user') return apply({ id, id_user: p.id }, ATTENDANCE_NOTICES.changed);
    return apply({ id, id_department: p.id }, ATTENDANCE_NOTICES.changed);
  }

  const departmentOptions = departments
    .filter((d) => d.active || d.id === attendance?.id_department)
    .map((d) => ({ value: String(d.id), label: d.name }));
  const userOptions = (users.data ?? []).map((u) => ({
    value: String(u.id),
    label: u.shortname || u.fullname,
    description: u.fullname !== u.shortname ? u.fullname : undefined,
  }));
  // The conversation's department's users first, then everyone else who can take it.
  const departmentUsers = new Set(departments.find((d) => d.id === attendance?.id_department)?.users ?? []);
  const inDepartment = userOptions.filter((o) => departmentUsers.has(Number(o.value)));
  const userGroups =
    inDepartment.length > 0 && inDepartment.length < userOptions.length
      ? [
          { label: 'Do setor', options: inDepartment },
          { label: 'Outros', options: userOptions.filter((o) => !departmentUsers.has(Number(o.value))) },
        ]
      : userOptions;
  const currentDepartment = departmentOptions.find(
    (o) => o.value === String(attendance?.id_department ?? ''),
  );
  const currentUser = userOptions.find((o) => o.value === String(attendance?.id_user ?? ''));
  const variables = variableRows(attendance?.context?.variables);

  return (
    <Modal
      visible
      size="max"
      header={attendance ? `Conversa — ${attendance.name || attendance.from}` : 'Conversa'}
      closeAriaLabel="Fechar"
      onDismiss={onDismiss}
      data-testid="cs-conversation"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Fechar
            </Button>
            <Button
              data-testid="cs-finish"
              disabled={!attendance?.active}
              onClick={() => setPending({ kind: 'finish' })}
            >
              Finalizar Atendimento
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {conversation.error && !conversation.data ? (
        <Alert type="error">{failureMessage(conversation.error)}</Alert>
      ) : !conversation.data ? (
        <Spinner size="large" />
      ) : (
        <Grid gridDefinition={[{ colspan: { default: 12, m: 8 } }, { colspan: { default: 12, m: 4 } }]}>
          <SpaceBetween size="s">
            <div
              ref={panel}
              className="cs-chat"
              style={{ height: CHAT_PANEL_HEIGHT }}
              data-testid="cs-chat"
              aria-live="polite"
            >
              {messages.length === 0 && (
                <Box textAlign="center" color="text-body-secondary">
                  Nenhuma mensagem
                </Box>
              )}
              {messages.map((m, index) => {
                const side = messageSide(m.type);
                return (
                  <div
                    key={m.id || `${m.created_at}-${index}`}
                    className={`cs-bubble cs-bubble-${side}`}
                    data-side={side}
                    data-testid="cs-message"
                  >
                    {m.text}
                    {m.media_url && (
                      <Box>
                        <Link href={m.media_url} external target="_blank">
                          Abrir mídia
                        </Link>
                      </Box>
                    )}
                    <span className="cs-bubble-meta">
                      {[m.from, formatDateTime(m.created_at), statusLabel(m.type, m.status)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </div>
                );
              })}
            </div>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void reply();
              }}
            >
              <SpaceBetween size="xs">
                <FormField label="Resposta" description="Ctrl+Enter envia." stretch>
                  <Textarea
                    value={text}
                    rows={3}
                    placeholder="Digite sua mensagem"
                    disabled={!attendance?.active}
                    onChange={({ detail }) => setText(detail.value)}
                    onKeyDown={({ detail }) => {
                      // Ctrl+Enter (⌘+Enter) sends; Enter alone breaks the line.
                      if (detail.key === 'Enter' && (detail.ctrlKey || detail.metaKey)) void reply();
                    }}
                    data-testid="cs-reply"
                  />
                </FormField>
                <Box float="right">
                  <Button
                    variant="primary"
                    formAction="submit"
                    iconName="send"
                    loading={send.isPending}
                    disabled={!text.trim() || !attendance?.active}
                    data-testid="cs-send"
                  >
                    Enviar
                  </Button>
                </Box>
              </SpaceBetween>
            </form>
          </SpaceBetween>
          <SpaceBetween size="l">
            {attendance?.id_customer ? (
              <Link
                href={`/customer/details/${attendance.id_customer}`}
                external
                target="_blank"
                data-testid="cs-customer-link"
              >
                Ver cadastro do cliente
              </Link>
            ) : (
              <Box color="text-body-secondary">Cliente não identificado</Box>
            )}
            <FormField label="Setor">
              <Select
                selectedOption={currentDepartment ?? null}
                options={departmentOptions}
                placeholder="Selecione o setor"
                disabled={!attendance?.active}
                empty="Nenhum setor cadastrado"
                onChange={({ detail }) => {
                  const value = Number(detail.selectedOption.value);
                  if (value && value !== attendance?.id_department)
                    setPending({ kind: 'department', id: value, name: detail.selectedOption.label ?? '' });
                }}
                data-testid="cs-department"
              />
            </FormField>
            <FormField label="Responsável">
              <Select
                selectedOption={currentUser ?? null}
                options={userGroups}
                placeholder="Selecione o responsável"
                disabled={!attendance?.active}
                statusType={users.isPending ? 'loading' : 'finished'}
                loadingText="Carregando usuários"
                empty="Nenhum usuário"
                filteringType="auto"
                onChange={({ detail }) => {
                  const value = Number(detail.selectedOption.value);
                  if (value && value !== attendance?.id_user)
                    setPending({ kind: 'user', id: value, name: detail.selectedOption.label ?? '' });
                }}
                data-testid="cs-user"
              />
            </FormField>
            <div className="cs-variables" data-testid="cs-variables">
              <Header variant="h3">Variáveis</Header>
              {variables.length === 0 ? (
                <Box color="text-body-secondary">Nenhuma variável</Box>
              ) : (
                <KeyValuePairs
                  columns={1}
                  items={variables.map((v) => ({ label: v.key, value: v.value || '-' }))}
                />
              )}
            </div>
          </SpaceBetween>
        </Grid>
      )}
      {pending && (
        <ConfirmAction
          header={pending.kind === 'finish' ? 'Finalizar Atendimento' : 'Alterar atendimento'}
          confirmLabel={pending.kind === 'finish' ? 'Finalizar' : 'Alterar'}
          onConfirm={() => confirmPending(pending)}
          onDismiss={() => setPending(null)}
        >
          {pending.kind === 'finish'
            ? 'Deseja finalizar este atendimento?'
            : pending.kind === 'user'
              ? `Deseja transferir o atendimento para ${pending.name}?`
              : `Deseja transferir o atendimento para o setor ${pending.name}?`}
        </ConfirmAction>
      )}
    </Modal>
  );
}
