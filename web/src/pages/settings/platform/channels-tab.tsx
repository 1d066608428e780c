import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import {
  CHANNEL_PARTNERS,
  CHANNEL_TYPES,
  isConnectedStatus,
  PARTNER_FIELDS,
  WHATSAPP_MESSAGES,
} from '@freguesia/shared/domain/whatsapp';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../../api/client';
import {
  useChannelAction,
  useChannels,
  useChannelStatus,
  useDeleteChannel,
  useSaveChannel,
  type ChannelView,
} from '../../../api/whatsapp';
import { useCan } from '../../../app/ability';
import { DepartmentsPanel } from './departments-panel';
import { notify } from '../../../app/notifications/notify';
import { FormModal, SelectField, TextareaField, TextField, useZodForm } from '../../../components/form';
import { formatDateTime } from '../../../components/format';
import { RowActions } from '../../../components/row-actions';
import { saveWithNotices } from '../save-notices';
import { optionsColumn, SettingsTable, useRemoveConfirm } from './settings-table';
import {
  CHANNEL_TYPE_LABELS,
  channelFlowPath,
  channelFormOf,
  channelFormSchema,
  channelPayload,
  connectionText,
  EMPTY_CHANNEL_FORM,
  PARTNER_LABELS,
  secretState,
} from './channel-form';

/** Spec part 3 §8: 'Cadastrado com sucesso' / 'Alterado' for channels. */
export const CHANNEL_NOTICES = {
  created: WHATSAPP_MESSAGES.channelSaved,
  updated: WHATSAPP_MESSAGES.channelChanged,
  createFailed: 'Erro ao cadastrar canal',
  updateFailed: 'Erro ao alterar canal',
} as const;

/** The live connection status of a WhatsApp channel (§4). */
function ConnectionCell({ channel }: { channel: ChannelView }) {
  const status = useChannelStatus(channel.id, channel.type === 'WHATSAPP');
  if (channel.type !== 'WHATSAPP') return <>-</>;
  if (status.isPending) return <Spinner />;
  if (status.isError)
    return (
      <StatusIndicator type="error">
        {failureMessage(status.error, WHATSAPP_MESSAGES.connectivity)}
      </StatusIndicator>
    );
  return (
    <span data-testid={`channel-status-${channel.id}`}>
      <StatusIndicator type={isConnectedStatus(status.data.status) ? 'success' : 'stopped'}>
        {connectionText(status.data.status)}
      </StatusIndicator>
    </span>
  );
}

/** Create / edit a channel; the secrets are write-only. */
function ChannelModal({ saved, onDismiss }: { saved: ChannelView | null; onDismiss: () => void }) {
  const creating = saved === null;
  const form = useZodForm(channelFormSchema(saved ?? undefined), {
    defaultValues: saved ? channelFormOf(saved) : EMPTY_CHANNEL_FORM,
  });
  const save = useSaveChannel();
  const [type, partner] = useWatch({ control: form.control, name: ['type', 'partner'] });
  const labels = PARTNER_FIELDS[partner];
  const submit = form.handleSubmit(async (values) => {
    const ok = await saveWithNotices(creating, CHANNEL_NOTICES, form.setError, () =>
      save.mutateAsync(channelPayload(values, saved ?? undefined) as never),
    );
    if (ok) onDismiss();
  });
  const keep = (set: boolean, hint?: string) =>
    creating ? undefined : `${secretState(set, hint)}. Deixe em branco para manter.`;
  return (
    <FormModal
      visible
      title={creating ? 'Novo canal' : 'Alterar canal'}
      submitLabel={creating ? 'Cadastrar' : 'Salvar'}
      saving={form.formState.isSubmitting}
      dirty={form.formState.isDirty}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
      testId="channel"
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <TextField
            control={form.control}
            name="description"
            label="Descrição"
            testId="channel-description"
          />
          <SelectField
            control={form.control}
            name="type"
            label="Tipo"
            testId="channel-type"
            options={CHANNEL_TYPES.map((t) => ({ value: t, label: CHANNEL_TYPE_LABELS[t] }))}
          />
          <SelectField
            control={form.control}
            name="partner"
            label="Parceiro"
            testId="channel-partner"
            options={CHANNEL_PARTNERS.map((p) => ({ value: p, label: PARTNER_LABELS[p] }))}
          />
        </ColumnLayout>
        <ColumnLayout columns={2}>
          <TextField
            control={form.control}
            name="user"
            label={labels.user || 'Usuário'}
            testId="channel-user"
            description={type === 'WHATSAPP' ? 'Campo "user" do canal.' : undefined}
          />
          <TextField control={form.control} name="key" label={labels.key || 'Chave'} testId="channel-key" />
          <TextField
            control={form.control}
            name="token"
            label={labels.token || 'Token'}
            testId="channel-token"
            description={keep(saved?.has_token ?? false, saved?.token_hint)}
            input={{ type: 'password', autoComplete: 'new-password' }}
          />
          <TextField
            control={form.control}
            name="password"
            label={labels.password || 'Senha'}
            testId="channel-password"
            description={keep(saved?.has_password ?? false)}
            input={{ type: 'password', autoComplete: 'new-password' }}
          />
          <TextField control={form.control} name="account" label="Conta" testId="channel-account" />
          <TextField
            control={form.control}
            name="icon"
            label="Ícone (URL)"
            testId="channel-icon"
            input={{ inputMode: 'url' }}
          />
        </ColumnLayout>
        <TextareaField
          control={form.control}
          name="extra_config"
          label="Configuração extra (JSON, opcional)"
          description='Ex.: {"pacing": {"min_interval_s": 8, "max_interval_s": 20, "burst": 30, "rest_s": 600, "daily_cap": 1000}}'
          testId="channel-extra"
          textarea={{ rows: 3 }}
        />
        {saved ? (
          <Box color="text-body-secondary" fontSize="body-s">
            Webhook do parceiro: <Box variant="code">{`${window.location.origin}${saved.webhook_path}`}</Box>
          </Box>
        ) : null}
      </SpaceBetween>
    </FormModal>
  );
}

/** The QR code to scan (a data URL image, or the raw code as text). */
function QrModal({ qr, onDismiss }: { qr: string; onDismiss: () => void }) {
  return (
    <Modal
      visible
      header="Conectar o WhatsApp"
      onDismiss={onDismiss}
      data-testid="channel-qr"
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>Fechar</Button>
        </Box>
      }
    >
      <SpaceBetween size="s" alignItems="center">
        <Box>No celular: WhatsApp › Aparelhos conectados › Conectar um aparelho, e leia o código.</Box>
        {qr.startsWith('data:image/') ? (
          <img src={qr} alt="QR code" style={{ width: 264, height: 264 }} />
        ) : (
          <Box variant="code">{qr}</Box>
        )}
      </SpaceBetween>
    </Modal>
  );
}

/**
 * Ajustes › Plataforma › 'Central de Atendimentos' (write Settings; spec part 3 §2, §3 'Service
 * channel', §4, §7, §8): the service channels (types and partners, write-only credentials), each
 * WhatsApp one with its live connection status and the actions connect (QR code, or 'Já está
 * conectado!'), restart and stop/logout; 'Fluxo de Atendimento' opens the channel's bot flow.
 */
export function ChannelsTab() {
  const canWrite = useCan('write', 'Settings');
  const navigate = useNavigate();
  const channels = useChannels();
  const remove = useDeleteChannel();
  const action = useChannelAction();
  const [editing, setEditing] = useState<{ saved: ChannelView | null } | null>(null);
  const removal = useRemoveConfirm<ChannelView>({
    remove: (channel) => remove.mutateAsync(channel.id),
    header: 'Remover canal',
    question: (channel) => (
      <>
        Tem certeza que deseja excluir o canal <b>{channel.description}</b>?
      </>
    ),
    removed: 'Canal removido',
    failed: 'Erro ao remover canal',
  });
  const [qr, setQr] = useState<string | null>(null);

  const run = async (channel: ChannelView, what: 'connect' | 'restart' | 'logout') => {
    try {
      const answer = await action.mutateAsync({ id: channel.id, action: what });
      if (what === 'connect' && answer.qr) setQr(answer.qr);
      else if (what === 'connect')
        notify({
          type: answer.message ? 'warning' : 'info',
          content: answer.message ?? `Status: ${answer.status}`,
        });
      else notify({ type: 'success', content: answer.message ?? 'Alterado com sucesso' });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Ops!',
        content: failureMessage(error, WHATSAPP_MESSAGES.connectivity),
      });
    }
  };

  return (
    <SpaceBetween size="l">
      <SettingsTable<ChannelView>
        testId="channels-table"
        query={channels}
        loadingText="Carregando canais"
        title="Central de Atendimentos"
        description="Canais de atendimento e de envio de campanhas (WhatsApp, e-mail, SMS)."
        newButton={{ label: 'Novo canal', testId: 'channel-new', onClick: () => setEditing({ saved: null }) }}
        emptyText="Nenhum canal cadastrado"
        columns={[
          { id: 'id', header: 'Código', cell: (c) => c.id, width: 70 },
          { id: 'description', header: 'Descrição', cell: (c) => c.description, isRowHeader: true },
          { id: 'type', header: 'Tipo', cell: (c) => CHANNEL_TYPE_LABELS[c.type as 'WHATSAPP'] ?? c.type },
          { id: 'partner', header: 'Parceiro', cell: (c) => c.partner },
          { id: 'status', header: 'Conexão', cell: (c) => <ConnectionCell channel={c} /> },
          { id: 'updated_at', header: 'Alterado em', cell: (c) => formatDateTime(c.updated_at) },
          optionsColumn((c) => {
            const whatsapp = c.type === 'WHATSAPP';
            return (
              <RowActions
                label={`canal ${c.description}`}
                actions={[
                  {
                    id: 'connect',
                    text: 'Conectar',
                    visible: canWrite && whatsapp,
                    onClick: () => void run(c, 'connect'),
                  },
                  {
                    id: 'restart',
                    text: 'Reiniciar',
                    visible: canWrite && whatsapp,
                    onClick: () => void run(c, 'restart'),
                  },
                  {
                    id: 'logout',
                    text: 'Desconectar',
                    visible: canWrite && whatsapp,
                    onClick: () => void run(c, 'logout'),
                  },
                  {
                    id: 'flow',
                    text: 'Fluxo de Atendimento',
                    visible: canWrite,
                    onClick: () => navigate(channelFlowPath(c.id)),
                  },
                  {
                    id: 'edit',
                    text: 'Alterar',
                    visible: canWrite,
                    onClick: () => setEditing({ saved: c }),
                  },
                  { id: 'remove', text: 'Remover', visible: canWrite, onClick: () => removal.ask(c) },
                ]}
              />
            );
          }),
        ]}
      />
      <DepartmentsPanel />
      {editing ? <ChannelModal saved={editing.saved} onDismiss={() => setEditing(null)} /> : null}
      {qr ? <QrModal qr={qr} onDismiss={() => setQr(null)} /> : null}
      {removal.modal}
    </SpaceBetween>
  );
}
