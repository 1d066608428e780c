import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { DISCOUNT_TYPES, DYNAMICS, type DiscountType } from '@freguesia/shared/schemas/campaign';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCampaign, type CampaignDetails } from '../../api/campaigns';
import { useStores } from '../../api/catalog';
import { useCan } from '../../app/ability';
import { useFollow } from '../../app/shell/use-follow';
import { AuditHistory } from '../../components/audit-history';
import { EMPTY, formatDateTime, yesNo } from '../../components/format';
import { dynamicNeeds, dynamicOf, UNKNOWN_PRODUCT } from './form-model';
import { activeText, periodText, typeLabel, WHOLE_BASE } from './format';
import { CampaignPrintButton } from './print-button';

/** What the list row or the calendar entry already knows, shown while the details load. */
export interface CampaignSummary {
  id: number;
  description: string;
  type: string;
  active: 'Y' | 'N';
  start_at: string;
  end_at: string;
}

const isDiscount = (type: string): type is DiscountType =>
  (DISCOUNT_TYPES as readonly string[]).includes(type);

/** A dynamic with its value: '2 - Desconto % (10%)'. */
function ruleText(type: number | null, value: number | null): string {
  const dyn = dynamicOf(type);
  if (dyn === null) return EMPTY;
  const needs = dynamicNeeds(dyn);
  const shown =
    value === null || needs.value === null
      ? ''
      : needs.value === 'percent'
        ? ` (${String(value).replace('.', ',')}%)`
        : ` (R$ ${value.toFixed(2).replace('.', ',')})`;
  return `${dyn} - ${DYNAMICS[dyn]}${shown}`;
}

/**
 * 'Detalhes' of a campaign (list row action, calendar click): the saved campaign read again with
 * GET /web/campaign/details, its period, audience, stores, rule and product rows; 'Imprimir' (the A4
 * printout) and, for write Campaigns, 'Alterar'. Other kinds than discounts (TV, lucky numbers,
 * tickets) show what the calendar knows.
 */
export function CampaignDetailsModal({
  campaign,
  onDismiss,
  archived = false,
}: {
  campaign: CampaignSummary;
  onDismiss: () => void;
  /** A deleted campaign (the list's 'Excluídas'): read from the archive, read-only, no 'Alterar'. */
  archived?: boolean;
}) {
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Campaigns') && !archived;
  const discount = isDiscount(campaign.type);
  const details = useCampaign(discount ? campaign.id : undefined, { archived });
  return (
    <Modal
      visible
      size="large"
      header={`Campanha ${campaign.id} - ${campaign.description}`}
      closeAriaLabel="Fechar"
      onDismiss={onDismiss}
      data-testid="campaign-details"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Fechar
            </Button>
            {discount ? <CampaignPrintButton campaign={details.data} /> : null}
            {discount && canWrite ? (
              <Button
                variant="primary"
                data-testid="campaign-details-edit"
                onClick={() => navigate(`/campaign/edit/${campaign.id}`)}
              >
                Alterar
              </Button>
            ) : null}
          </SpaceBetween>
        </Box>
      }
    >
      {!discount ? (
        <Summary campaign={campaign} />
      ) : details.isPending ? (
        <Box textAlign="center" padding="l">
          <Spinner /> Carregando campanha…
        </Box>
      ) : details.data ? (
        <SpaceBetween size="m">
          {details.data.archived_at ? (
            <Alert type="warning" data-testid="campaign-details-archived">
              {ARCHIVED_CAMPAIGN(details.data.archived_at)}
            </Alert>
          ) : null}
          <Details campaign={details.data} />
        </SpaceBetween>
      ) : (
        <SpaceBetween size="m">
          <Summary campaign={campaign} />
          <StatusIndicator type="error">
            {details.error instanceof Error ? details.error.message : 'Não foi possível carregar a campanha.'}
          </StatusIndicator>
        </SpaceBetween>
      )}
    </Modal>
  );
}

/** The notice on a deleted campaign's details. */
export const ARCHIVED_CAMPAIGN = (at: string) =>
  `Campanha excluída em ${formatDateTime(at)}. Ela fica apenas para consulta (histórico e exportação dos descontos): não pode ser alterada nem excluída.`;

function Summary({ campaign }: { campaign: CampaignSummary }) {
  return (
    <KeyValuePairs
      columns={3}
      items={[
        { label: 'Tipo', value: typeLabel(campaign.type) },
        { label: 'Período', value: periodText(campaign.start_at, campaign.end_at) },
        { label: 'Situação', value: activeText(campaign.active) },
      ]}
    />
  );
}

function Details({ campaign }: { campaign: CampaignDetails }) {
  const stores = useStores();
  const follow = useFollow();
  const storeNames = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);
  const info = campaign.info;
  return (
    <SpaceBetween size="l">
      <KeyValuePairs
        columns={3}
        items={[
          { label: 'Tipo', value: typeLabel(campaign.type) },
          { label: 'Período', value: periodText(campaign.start_at, campaign.end_at) },
          { label: 'Situação', value: activeText(campaign.active) },
          {
            label: 'Público',
            value: campaign.id_lead ? (
              <Link href={`/lead/edit/${campaign.id_lead}`} onFollow={follow}>
                {campaign.lead_description ?? `Lead ${campaign.id_lead}`}
              </Link>
            ) : (
              WHOLE_BASE
            ),
          },
          {
            label: 'Dinâmica',
            value: campaign.type === 'D' ? 'Por produto' : ruleText(info.type, info.value),
          },
          { label: 'Voucher', value: info.voucher_code ?? EMPTY },
          ...(info.voucher_code
            ? [{ label: 'Vendas com o voucher', value: String(campaign.voucher_uses ?? 0) }]
            : []),
          { label: 'Ignorar se o item estiver em oferta', value: yesNo(info.unique_discount) },
          { label: 'Pode repetir o desconto', value: yesNo(info.can_repeat_customer) },
          { label: 'Acumula com outras campanhas', value: yesNo(info.can_accumulate) },
          { label: 'Somente clientes com termos aceitos', value: yesNo(info.need_terms) },
          { label: 'Criada em', value: formatDateTime(campaign.created_at) },
          { label: 'Alterada em', value: formatDateTime(campaign.updated_at) },
        ]}
      />
      <ColumnLayout columns={1}>
        <Box>
          <Box variant="awsui-key-label">Lojas</Box>
          <Box data-testid="campaign-details-stores">
            {campaign.stores.length === 0
              ? EMPTY
              : campaign.stores
                  .map((s) =>
                    storeNames.has(s.id_store)
                      ? `${s.id_store} - ${storeNames.get(s.id_store)}`
                      : String(s.id_store),
                  )
                  .join(', ')}
          </Box>
        </Box>
      </ColumnLayout>
      {campaign.products.length > 0 ? (
        <Table
          variant="embedded"
          header={<Box variant="h3">Produtos ({campaign.products.length.toLocaleString('pt-BR')})</Box>}
          items={campaign.products.slice(0, 100)}
          trackBy={(p) => `${p.trigger_discount}:${p.code}`}
          columnDefinitions={[
            { id: 'code', header: 'EAN', cell: (p) => p.code },
            { id: 'description', header: 'Descrição', cell: (p) => p.description ?? UNKNOWN_PRODUCT },
            {
              id: 'kind',
              header: 'Gatilho/Desconto',
              cell: (p) => (p.trigger_discount === 'T' ? 'Gatilho' : 'Desconto'),
            },
            {
              id: 'rule',
              header: 'Dinâmica',
              cell: (p) => (p.trigger_discount === 'T' ? EMPTY : ruleText(p.type ?? info.type, p.price)),
            },
            { id: 'limit', header: 'Limite', cell: (p) => (p.unlimited === 'Y' ? 'Ilimitado' : p.limit) },
          ]}
          footer={
            campaign.products.length > 100 ? (
              <Box color="text-body-secondary">Mostrando os 100 primeiros produtos.</Box>
            ) : undefined
          }
        />
      ) : null}
      <HistorySection id={campaign.id} />
    </SpaceBetween>
  );
}

/** 'Histórico' (the audit log), loaded when opened. */
function HistorySection({ id }: { id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <ExpandableSection
      headerText="Histórico"
      variant="footer"
      expanded={open}
      onChange={({ detail }) => setOpen(detail.expanded)}
      data-testid="campaign-history"
    >
      {open ? <AuditHistory entity="campaign" id={id} /> : null}
    </ExpandableSection>
  );
}
