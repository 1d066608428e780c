import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  useCustomer,
  useStoreOptions,
  useStorePoints,
  type CustomerDetails,
  type CustomerEvent,
} from '../../api/customers';
import { useCan } from '../../app/ability';
import { useFollow } from '../../app/shell/use-follow';
import { AboutTab } from './details-about';
import { PurchasesTab } from './details-purchases';
import { CampaignsTab } from './details-campaigns';
import { EMPTY, formatDateTime } from '../../components/format';
import { consentChangeText, displayDocument, eventTypeLabel, newestFirst } from './format';
import './details-page.css';

const TAB_IDS = ['sobre', 'compras', 'campanhas', 'ocorrencias', 'integracoes'] as const;

/**
 * /customer/details/:id (spec part 1 §2): tabs 'Sobre o cliente', 'Compras', 'Campanhas',
 * 'Ocorrências' and 'Integrações'. The open tab lives in the URL (?tab=).
 */
export default function CustomerDetailsPage() {
  const { id } = useParams();
  const follow = useFollow();
  const canWrite = useCan('write', 'Customers');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const activeTab = (TAB_IDS as readonly string[]).includes(tabParam ?? '') ? tabParam! : 'sobre';

  const customer = useCustomer(id ?? '');
  // Stores feed the favourite-store name and the coupon filter; the map needs only points.
  const stores = useStoreOptions();
  const points = useStorePoints();

  if (customer.isPending) {
    return (
      <Box textAlign="center" padding="xxl">
        <Spinner size="large" /> <Box variant="span">Carregando cliente…</Box>
      </Box>
    );
  }
  if (!customer.data) {
    const notFound = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <Alert
        type="error"
        header={notFound ? 'Cliente não encontrado.' : 'Não foi possível carregar o cliente.'}
        action={<Button onClick={() => void customer.refetch()}>Tentar novamente</Button>}
      >
        {/* The 404's message is the header already: say what to do instead of repeating it. */}
        {notFound
          ? 'Ele pode ter sido excluído. Volte à lista de clientes e busque novamente.'
          : customer.error instanceof Error
            ? customer.error.message
            : null}
      </Alert>
    );
  }
  const c = customer.data;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`${c.type === 'J' ? 'CNPJ' : 'CPF'} ${displayDocument(c.document)}${c.active === 'N' ? ' · inativo' : ''}`}
          actions={
            canWrite ? (
              <Button href={`/customer/edit/${c.id}`} onFollow={follow} iconName="edit">
                Editar
              </Button>
            ) : undefined
          }
        >
          {c.fullname}
        </Header>
      }
    >
      <Tabs
        data-testid="customer-tabs"
        activeTabId={activeTab}
        onChange={({ detail }) => {
          const next = new URLSearchParams(params);
          if (detail.activeTabId === 'sobre') next.delete('tab');
          else next.set('tab', detail.activeTabId);
          setParams(next, { replace: true });
        }}
        tabs={[
          {
            id: 'sobre',
            label: 'Sobre o cliente',
            content: <AboutTab customer={c} stores={stores.data ?? []} storePoints={points.data ?? []} />,
          },
          {
            id: 'compras',
            label: 'Compras',
            content: <PurchasesTab customerId={c.id} stores={stores.data ?? []} />,
          },
          {
            id: 'campanhas',
            label: 'Campanhas',
            content: <CampaignsTab customer={c} stores={stores.data ?? []} />,
          },
          { id: 'ocorrencias', label: 'Ocorrências', content: <EventsTab customer={c} /> },
          { id: 'integracoes', label: 'Integrações', content: <IntegrationsTab customer={c} /> },
        ]}
      />
    </ContentLayout>
  );
}

const EVENT_STATUS: Record<string, StatusIndicatorProps.Type> = {
  created: 'success',
  updated: 'info',
  portal_update: 'info',
  purchase: 'success',
  associated: 'success',
  consent: 'warning',
  deleted: 'stopped',
};

function eventDetails(event: CustomerEvent): string[] {
  const lines: string[] = [];
  if (event.consent) lines.push(consentChangeText(event.consent));
  const who = event.user_name ? `${event.channel} · ${event.user_name}` : event.channel;
  if (who) lines.push(`Origem: ${who}`);
  return lines;
}

/** 'Ocorrências': the timeline, newest first. */
function EventsTab({ customer }: { customer: CustomerDetails }) {
  const events = newestFirst(customer.events ?? []);
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${events.length})`}>
          Ocorrências
        </Header>
      }
    >
      {events.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          Nenhuma ocorrência registrada para este cliente.
        </Box>
      ) : (
        <ol className="customer-timeline" data-testid="customer-timeline">
          {events.map((event) => (
            <li key={event.id} className="customer-timeline__item">
              <SpaceBetween size="xxxs">
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <StatusIndicator type={EVENT_STATUS[event.type] ?? 'info'}>
                    {eventTypeLabel(event.type)}
                  </StatusIndicator>
                  <Box variant="small" color="text-body-secondary">
                    {formatDateTime(event.created_at)}
                  </Box>
                </SpaceBetween>
                <Box>{event.description}</Box>
                {eventDetails(event).map((line) => (
                  <Box key={line} variant="small" color="text-body-secondary">
                    {line}
                  </Box>
                ))}
              </SpaceBetween>
            </li>
          ))}
        </ol>
      )}
    </Container>
  );
}

/** 'Integrações': partner codes. */
function IntegrationsTab({ customer }: { customer: CustomerDetails }) {
  const items = (customer.integrations ?? []).map((i, index) => ({
    key: `${index}`,
    partner: i.partner ?? EMPTY,
    code: i.code ?? EMPTY,
  }));
  return (
    <Table
      data-testid="integrations-table"
      items={items}
      trackBy="key"
      header={
        <Header variant="h2" counter={`(${items.length})`}>
          Integrações
        </Header>
      }
      columnDefinitions={[
        { id: 'partner', header: 'Parceiro', cell: (i) => i.partner, isRowHeader: true },
        { id: 'code', header: 'Código', cell: (i) => i.code },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          Nenhuma integração encontrada para este cliente.
        </Box>
      }
    />
  );
}
