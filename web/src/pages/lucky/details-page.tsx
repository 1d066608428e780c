import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { localDateTime, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../api/client';
import {
  useLuckyAudit,
  useLuckyCampaign,
  useLuckyDraw,
  useLuckyNumbers,
  useLuckyStatus,
} from '../../api/lucky';
import {
  ARCHIVED_CAMPAIGN_TITLE,
  archivedCampaignText,
  archivedListPath,
  isArchivedPath,
} from '../campaigns/archived-model';
import { periodText } from '../campaigns/format';
import { progressPercent, reaisText } from './lucky-model';

/**
 * /campaign/lucky/details/{id}: the campaign, its issuance (generated / capacity, numbers not
 * received after exhaustion), the issuance log, the audit of the hash chain and the draw helper
 * (functions/README.md "Lucky numbers": the rule). /campaign/lucky/archived/{id}: the same page of a
 * deleted campaign ('Excluídas'), read-only — its issuance, log, audit and draw are history and
 * only read — with when it was deleted and the way back to the deleted ones.
 */
export default function LuckyDetailsPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const archived = isArchivedPath(useLocation().pathname);
  const campaign = useLuckyCampaign(id, archived);
  const status = useLuckyStatus(id);
  if (campaign.isPending || status.isPending) return <Spinner size="large" />;
  if (campaign.isError || status.isError)
    return (
      <Alert type="error">{failureMessage(campaign.error ?? status.error, 'Campanha não encontrada.')}</Alert>
    );
  const c = campaign.data;
  const s = status.data;
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        data-testid="lucky-details-title"
        description={archived ? `${ARCHIVED_CAMPAIGN_TITLE}: ${c.id} - ${c.description}.` : undefined}
        actions={
          archived ? (
            <Button variant="link" onClick={() => navigate(archivedListPath('L'))}>
              Voltar
            </Button>
          ) : undefined
        }
      >
        {c.description}
      </Header>
      {archived ? (
        <Alert type="warning" data-testid="lucky-archived">
          {archivedCampaignText(c.archived_at)}
        </Alert>
      ) : null}
      <Container header={<Header variant="h2">Campanha</Header>}>
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Período', value: periodText(c.start_at, c.end_at) },
            { label: 'Valor por número', value: reaisText(c.info.value) },
            { label: 'Séries', value: String(c.info.series_quantity) },
            { label: 'Situação', value: c.active === 'Y' ? 'Ativa' : 'Inativa' },
            { label: 'Aceite dos termos', value: c.info.need_terms === 'Y' ? 'Obrigatório' : 'Não exigido' },
            { label: 'Acumula saldo', value: c.info.can_accumulate === 'Y' ? 'Sim' : 'Não' },
          ]}
        />
      </Container>
      <Container header={<Header variant="h2">Distribuição</Header>}>
        <SpaceBetween size="m">
          <ProgressBar
            data-testid="lucky-progress"
            value={progressPercent(s.progress)}
            label="Números gerados"
            additionalInfo={`${s.generated.toLocaleString('pt-BR')} de ${s.capacity.toLocaleString('pt-BR')}`}
          />
          {s.exhausted ? (
            <Alert type="warning" header="Todos os números foram distribuídos">
              {s.missing > 0
                ? `${s.missing.toLocaleString('pt-BR')} números ganhos em compras não puderam ser entregues; cada compra registra o que deixou de receber.`
                : 'Nenhum número ficou sem ser entregue.'}
            </Alert>
          ) : null}
        </SpaceBetween>
      </Container>
      <AuditPanel id={id} />
      <DrawPanel id={id} />
      <NumbersLog id={id} />
    </SpaceBetween>
  );
}

function AuditPanel({ id }: { id: string }) {
  const audit = useLuckyAudit(id);
  const result = audit.data;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Confere a cadeia de hash do registro de emissão: cada número com a compra, o cliente e o instante."
          actions={
            <Button data-testid="lucky-audit" loading={audit.isPending} onClick={() => audit.mutate()}>
              Verificar cadeia
            </Button>
          }
        >
          Auditoria
        </Header>
      }
    >
      {audit.isError ? <Alert type="error">{failureMessage(audit.error, 'Tente novamente.')}</Alert> : null}
      {result ? (
        result.ok ? (
          <Alert type="success" data-testid="lucky-audit-result">
            Cadeia íntegra: {result.checked.toLocaleString('pt-BR')} registros conferidos. Topo:{' '}
            {result.head.slice(0, 16)}…
          </Alert>
        ) : (
          <Alert type="error" data-testid="lucky-audit-result">
            Cadeia quebrada no registro {result.broken?.seq}: {result.broken?.reason}
          </Alert>
        )
      ) : (
        <Box color="text-body-secondary">Nenhuma verificação feita nesta sessão.</Box>
      )}
    </Container>
  );
}

function DrawPanel({ id }: { id: string }) {
  const [prize, setPrize] = useState('');
  const draw = useLuckyDraw(id);
  return (
    <Container header={<Header variant="h2">Apuração (Loteria Federal)</Header>}>
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          <FormField
            label="1º prêmio da Loteria Federal"
            errorText={draw.isError ? failureMessage(draw.error, 'Tente novamente.') : undefined}
          >
            <Input
              data-testid="lucky-draw-prize"
              value={prize}
              inputMode="numeric"
              onChange={({ detail }) => setPrize(detail.value.replace(/\D/g, '').slice(0, 6))}
            />
          </FormField>
          <Box padding={{ top: 'l' }}>
            <Button
              data-testid="lucky-draw"
              loading={draw.isPending}
              onClick={() => draw.mutate({ first_prize: prize })}
            >
              Apurar
            </Button>
          </Box>
        </ColumnLayout>
        {draw.data ? (
          <SpaceBetween size="s">
            <Box color="text-body-secondary">{draw.data.rule}</Box>
            <Table
              data-testid="lucky-draw-table"
              variant="embedded"
              items={draw.data.series}
              columnDefinitions={[
                { id: 'serie', header: 'Série', cell: (r) => r.serie },
                {
                  id: 'number',
                  header: 'Número ganhador',
                  cell: (r) => r.lucky_number ?? 'Sem números distribuídos',
                },
                {
                  id: 'exact',
                  header: 'Elemento',
                  cell: (r) => (r.lucky_number ? (r.exact ? 'Exato' : 'Próximo acima') : ''),
                },
                {
                  id: 'customer',
                  header: 'Cliente',
                  cell: (r) => (r.id_customer ? `${r.id_customer} - ${r.fullname ?? ''}` : ''),
                },
                { id: 'document', header: 'Documento', cell: (r) => r.document ?? '' },
              ]}
            />
          </SpaceBetween>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}

function NumbersLog({ id }: { id: string }) {
  const [pages, setPages] = useState<number[]>([0]);
  const after = pages[pages.length - 1]!;
  const numbers = useLuckyNumbers(id, after);
  return (
    <Table
      data-testid="lucky-numbers-table"
      header={<Header variant="h2">Números emitidos</Header>}
      loading={numbers.isPending}
      loadingText="Carregando números"
      items={numbers.data?.data ?? []}
      empty={<Box textAlign="center">Nenhum número emitido.</Box>}
      columnDefinitions={[
        { id: 'seq', header: 'Seq.', cell: (n) => n.seq },
        { id: 'number', header: 'Número', cell: (n) => n.lucky_number },
        { id: 'customer', header: 'Cliente', cell: (n) => n.id_customer },
        { id: 'basket', header: 'Compra', cell: (n) => n.id_basket },
        { id: 'store', header: 'Loja', cell: (n) => n.id_store },
        {
          id: 'created',
          header: 'Emitido em',
          // Issued instants are UTC; shown in the business time zone.
          cell: (n) => toDisplayDateTime(localDateTime(new Date(n.created_at))) ?? n.created_at,
        },
        { id: 'hash', header: 'Hash', cell: (n) => <Box variant="code">{n.hash.slice(0, 12)}…</Box> },
      ]}
      footer={
        <SpaceBetween direction="horizontal" size="xs">
          <Button disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
            Anteriores
          </Button>
          <Button
            disabled={!numbers.data?.next}
            onClick={() => numbers.data?.next && setPages((p) => [...p, numbers.data!.next!])}
          >
            Próximos
          </Button>
        </SpaceBetween>
      }
    />
  );
}
