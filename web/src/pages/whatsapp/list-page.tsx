import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import {
  WHATSAPP_PAGE_SIZE,
  WHATSAPP_STATUS,
  WHATSAPP_TYPE_LABELS,
  type WhatsappStatus,
  type WhatsappType,
} from '@freguesia/shared/domain/whatsapp';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../api/client';
import {
  campaignDetailsExport,
  listWhatsappCampaigns,
  useDeleteWhatsappCampaign,
  useWhatsappFlow,
  whatsappListKey,
  type WhatsappCampaign,
  type WhatsappListFilters,
} from '../../api/whatsapp';
import { useCan } from '../../app/ability';
import { useArchivedView, withArchivedAt } from '../../components/archived-view';
import { useExportJobs } from '../../components/export-jobs';
import { formatCount, formatDateTime } from '../../components/format';
import {
  descriptionColumn,
  idColumn,
  ListShell,
  optionsColumn,
  useDeleteConfirm,
} from '../../components/list-shell';
import { useServerList } from '../../components/table';
import { executedText, rowInfo, whenText, WHOLE_BASE } from '../communications/common/model';
import { SendPanel } from '../communications/shared/send-panel';
import { WHATSAPP_LIST } from './form-model';
import { ARCHIVED_WHATSAPP_EMPTY, archivedWhatsappText, whatsappRowOptions } from './list-model';
import { PhonePreview } from './phone-preview';

/** How each §3 status reads in the list. */
export const STATUS_TYPES: Readonly<Record<WhatsappStatus, StatusIndicatorProps.Type>> = {
  CREATED: 'pending',
  WAITING: 'pending',
  RUNNING: 'in-progress',
  RESTING: 'loading',
  PAUSED: 'stopped',
  COMPLETED: 'success',
};

/** '12,5 s/msg', or '-' before the first send. */
export const speedText = (speed: number | null): string =>
  speed === null ? '-' : `${speed.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s/msg`;

const quantity = (row: WhatsappCampaign, status: string) =>
  row.report.find((r) => r.status === status)?.quantity ?? 0;

/** Who a row goes to: its lead, the whole base, its group or its channel. */
function audienceText(row: WhatsappCampaign): string {
  if (row.type === 'WPPG') return `Grupo ${String(row.info.group_name || row.info.recipients || '-')}`;
  if (row.type === 'WPPC') return 'Canal';
  return row.lead_description ?? WHOLE_BASE;
}

/**
 * The flow view (read Campaigns): the messages on the phone and the send's state and controls. A
 * deleted campaign ('Excluídas') shows its messages read-only: when it was deleted, no send panel.
 */
function FlowModal({ row, onDismiss }: { row: WhatsappCampaign; onDismiss: () => void }) {
  const archived = Boolean(row.archived_at);
  const flow = useWhatsappFlow(row.id, archived);
  const info = rowInfo(row.info);
  return (
    <Modal
      visible
      size={archived ? 'medium' : 'large'}
      header={`${row.id} - ${row.description}`}
      onDismiss={onDismiss}
      data-testid="wa-flow-modal"
      footer={
        <Box float="right">
          <Button onClick={onDismiss}>Fechar</Button>
        </Box>
      }
    >
      {row.archived_at ? (
        <Box margin={{ bottom: 'm' }}>
          <Alert type="warning" data-testid="wa-flow-archived">
            {archivedWhatsappText(formatDateTime(row.archived_at))}
          </Alert>
        </Box>
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 20, alignItems: 'flex-start' }}>
        {flow.isPending ? (
          <Spinner size="large" />
        ) : flow.isError ? (
          <Box color="text-status-error">{failureMessage(flow.error)}</Box>
        ) : (
          <PhonePreview
            items={flow.data.map((f, i) => ({ ...f, key: f.key || String(i) }))}
            title={row.channel ?? 'Cliente'}
            status={{
              image: String(row.info.status_image ?? ''),
              caption: String(row.info.status_caption ?? ''),
            }}
            testId="wa-flow-preview"
          />
        )}
        {archived ? null : (
          <div style={{ flex: '1 1 320px' }}>
            <SendPanel
              id={row.id}
              approved
              unsaved={false}
              locked={info.type === 'O' && Boolean(info.executed_at)}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}

/**
 * /communication/whatsapp (write Campaigns; spec part 3 §2 'WhatsApp campaigns', §3 status, §4,
 * §9): the WhatsApp campaigns, 50 a page, with their status and speed (seconds per message).
 * Actions: flow view (read Campaigns), export CSV, duplicate, edit and delete — not once executed —
 * (write Campaigns); 'Atualizar' (read Communications) reads the statuses again. 'Campanhas |
 * Excluídas' (`?excluidas=1`, as the other campaign lists): the deleted campaigns, 'Excluída em' in
 * the place of 'Status', read-only (Visualizar and the export only).
 */
export default function WhatsappListPage() {
  const navigate = useNavigate();
  const canRead = useCan('read', 'Campaigns');
  const canWrite = useCan('write', 'Campaigns');
  const canRefresh = useCan('read', 'Communications');
  const exports = useExportJobs();
  const remove = useDeleteWhatsappCampaign();
  const removal = useDeleteConfirm<WhatsappCampaign>({
    remove: (row) => remove.mutateAsync(row.id),
    header: 'Excluir campanha',
    question: 'Tem certeza que deseja excluir esta campanha de comunicação?',
    deleted: 'Campanha excluída com sucesso',
    errorHeader: 'Erro ao excluir',
  });
  const [viewing, setViewing] = useState<WhatsappCampaign | null>(null);
  const [archived, setArchived] = useArchivedView();
  const list = useServerList<WhatsappCampaign, WhatsappListFilters>({
    queryKey: (p) => whatsappListKey(p),
    fetchPage: (p, signal) => listWhatsappCampaigns(p, signal),
    perPage: WHATSAPP_PAGE_SIZE,
    filters: { archived },
    urlState: { q: 'q', page: 'page' },
    errorMessage: (error) => failureMessage(error, 'Não foi possível carregar a lista.'),
  });

  // While a campaign sends (or rests between bursts) its status and counts are read again every 5 s.
  const sending = !archived && list.items.some((c) => c.status === 'RUNNING' || c.status === 'RESTING');
  const { refetch } = list;
  useEffect(() => {
    if (!sending) return undefined;
    const timer = setInterval(refetch, 5_000);
    return () => clearInterval(timer);
  }, [sending, refetch]);

  const columns: TableProps.ColumnDefinition<WhatsappCampaign>[] = [
    idColumn({ width: 80 }),
    descriptionColumn({ minWidth: 160 }),
    {
      id: 'type',
      header: 'Tipo',
      cell: (c) => WHATSAPP_TYPE_LABELS[c.type as WhatsappType] ?? c.type,
      minWidth: 80,
    },
    { id: 'channel', header: 'Canal', cell: (c) => c.channel ?? '-', minWidth: 100 },
    { id: 'audience', header: 'Público', cell: audienceText, minWidth: 100 },
    {
      id: 'when',
      header: 'Quando',
      cell: (c) => {
        const executed = executedText(c.info.executed_at as string | null | undefined);
        return (
          <SpaceBetween size="xxxs">
            <span>{whenText(rowInfo(c.info))}</span>
            {executed ? (
              <Box color="text-status-error" fontSize="body-s">
                {executed}
              </Box>
            ) : null}
          </SpaceBetween>
        );
      },
      minWidth: 140,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => (
        <span data-testid={`wa-status-${c.id}`}>
          <StatusIndicator type={STATUS_TYPES[c.status] ?? 'info'}>
            {WHATSAPP_STATUS[c.status] ?? c.status}
          </StatusIndicator>
        </span>
      ),
      minWidth: 130,
    },
    {
      id: 'sent',
      header: 'Enviadas',
      cell: (c) => `${formatCount(quantity(c, 'sent'))} / ${formatCount(quantity(c, 'planned'))}`,
      minWidth: 80,
    },
    {
      id: 'speed',
      header: 'Velocidade',
      cell: (c) => <span data-testid={`wa-speed-${c.id}`}>{speedText(c.speed)}</span>,
      minWidth: 90,
    },
    optionsColumn(
      (c) =>
        whatsappRowOptions(c, { read: canRead, write: canWrite }).map((option) => {
          switch (option.id) {
            case 'flow':
              return { ...option, onClick: () => setViewing(c) };
            case 'export':
              return {
                ...option,
                disabled: exports.busy(campaignDetailsExport(c).key),
                onClick: () => void exports.start(campaignDetailsExport(c)),
              };
            case 'clone':
              return { ...option, onClick: () => navigate(`/communication/whatsapp/clone/${c.id}`) };
            case 'edit':
              return { ...option, onClick: () => navigate(`/communication/whatsapp/edit/${c.id}`) };
            case 'delete':
              return { ...option, onClick: () => removal.ask(c) };
          }
        }),
      { width: 80 },
    ),
  ];

  return (
    <ListShell<WhatsappCampaign>
      testId="wa-table"
      title="Campanhas de WhatsApp"
      loadingText="Carregando"
      list={list}
      columns={archived ? withArchivedAt(columns, 'status') : columns}
      newButton={{
        label: 'Nova Campanha de Whatsapp',
        testId: 'wa-new',
        subject: 'Campaigns',
        onClick: () => navigate(`${WHATSAPP_LIST}/new`),
      }}
      actions={
        canRefresh ? (
          <Button
            data-testid="wa-refresh"
            iconName="refresh"
            loading={list.fetching && !list.loading}
            onClick={() => list.refetch()}
          >
            Atualizar
          </Button>
        ) : undefined
      }
      search={{ ariaLabel: 'Buscar', testId: 'wa-search' }}
      noun="campanha(s)"
      emptyText="Nenhuma campanha de WhatsApp encontrada."
      noMatchText="Nenhum resultado encontrado."
      archivedView={{
        archived,
        onChange: setArchived,
        liveLabel: 'Campanhas',
        testId: 'wa-view',
        emptyText: ARCHIVED_WHATSAPP_EMPTY,
      }}
    >
      {viewing ? <FlowModal row={viewing} onDismiss={() => setViewing(null)} /> : null}
      {removal.modal}
    </ListShell>
  );
}
