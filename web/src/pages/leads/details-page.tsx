import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { maskDocument, maskPhone } from '@freguesia/shared/domain/masks';
import { CONDITIONS_BY_KEY, operatorOf } from '@freguesia/shared/segmentation/conditions';
import type { LeadConditionRow } from '@freguesia/shared/segmentation/conditions';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../api/client';
import { useLead, useLeadMembers, useLookupLabels } from '../../api/leads';
import { useCan } from '../../app/ability';
import { EMPTY, formatCount } from '../../components/format';
import { useDebounced } from '../../components/table';
import { describeCron } from './cron';
import { ORIGIN_LABELS, STATUS_LABELS, STATUS_TYPES, validityText } from './format';

/** One condition row as a sentence: 'Faixa etária · Maior que · 30' (`names`: lookup ids → names). */
export function describeCondition(
  row: LeadConditionRow,
  names: ReadonlyMap<string, string> = new Map(),
): string {
  const condition = CONDITIONS_BY_KEY[row.key]?.label ?? row.key;
  const op = operatorOf(row.key, row.option);
  const choice = (code: string) =>
    op?.choices?.find((c) => c.code === code)?.label ?? names.get(code) ?? code;
  const value = row.value;
  const shown =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.map((v) => choice(String(v))).join(', ')
        : choice(String(value));
  return [condition, op?.label ?? row.option, shown].filter(Boolean).join(' · ');
}

/** A condition row, its searched lookup ids (cities, products, brands, partners) shown by name. */
function ConditionText({ row }: { row: LeadConditionRow }) {
  const op = operatorOf(row.key, row.option);
  const ids = op?.value === 'lookup' && Array.isArray(row.value) ? row.value.map(String) : [];
  const names = useLookupLabels(op?.source ?? 'tags', ids);
  return <>{describeCondition(row, names.data)}</>;
}

/**
 * /lead/details/:id 'Detalhes' (read Leads; issue 20): the lead read-only — its fields, conditions
 * and members, 50 a page (the engine's member index, cursor pages) with a search by name,
 * document, e-mail or phone among them.
 */
export default function LeadDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const canWrite = useCan('write', 'Leads');
  const lead = useLead(id);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 400);
  // Cursors of the pages visited: page n starts at cursors[n - 1] ('' for the first).
  const [cursors, setCursors] = useState<string[]>(['']);
  const [page, setPage] = useState(1);
  const members = useLeadMembers(id, { cursor: q ? undefined : cursors[page - 1], q: q || undefined });
  const next = members.data?.cursor ?? null;
  const l = lead.data;

  if (lead.isError)
    return (
      <StatusIndicator type="error">
        {failureMessage(lead.error, 'Não foi possível carregar o lead.')}
      </StatusIndicator>
    );
  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        actions={
          canWrite && l ? <Button onClick={() => navigate(`/lead/edit/${l.id}`)}>Editar</Button> : undefined
        }
      >
        {l ? `Detalhes do lead: ${l.description}` : 'Detalhes do lead'}
      </Header>
      <Container header={<Header variant="h2">Lead</Header>}>
        {l ? (
          <ColumnLayout columns={3} variant="text-grid">
            <div>
              <Box variant="awsui-key-label">Código</Box>
              <div>{l.id}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">Origem</Box>
              <div>{ORIGIN_LABELS[l.origin]}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">Status</Box>
              <StatusIndicator type={STATUS_TYPES[l.status]}>{STATUS_LABELS[l.status]}</StatusIndicator>
            </div>
            <div>
              <Box variant="awsui-key-label">População</Box>
              <div data-testid="lead-details-population">
                {l.status === 'D' ? formatCount(l.population) : EMPTY}
              </div>
            </div>
            <div>
              <Box variant="awsui-key-label">Validade</Box>
              <div>{validityText(l)}</div>
            </div>
            <div>
              <Box variant="awsui-key-label">Atualização automática</Box>
              <div>
                {l.auto_refresh === 'Y' && l.frequency_refresh
                  ? describeCron(l.frequency_refresh).text
                  : 'Não'}
              </div>
            </div>
          </ColumnLayout>
        ) : (
          <StatusIndicator type="loading">Carregando</StatusIndicator>
        )}
      </Container>
      {l && l.origin === 'S' ? (
        <Container header={<Header variant="h2">Condições</Header>}>
          <ul data-testid="lead-details-conditions">
            {(l.filter as LeadConditionRow[]).map((row, i) => (
              <li key={i}>
                <ConditionText row={row} />
              </li>
            ))}
          </ul>
        </Container>
      ) : null}
      <Table
        data-testid="lead-members"
        variant="container"
        loading={members.isFetching && !members.data}
        loadingText="Carregando clientes"
        items={members.data?.data ?? []}
        trackBy="id_customer"
        header={
          <Header variant="h2" counter={members.data ? `(${formatCount(members.data.total)})` : undefined}>
            Clientes
          </Header>
        }
        filter={
          <TextFilter
            filteringText={typed}
            filteringPlaceholder="Buscar por nome, CPF/CNPJ, e-mail ou celular"
            filteringAriaLabel="Buscar clientes do lead"
            onChange={({ detail }) => {
              setTyped(detail.filteringText);
              setPage(1);
            }}
          />
        }
        pagination={
          q ? undefined : (
            <Pagination
              currentPageIndex={page}
              pagesCount={next ? page + 1 : page}
              openEnd={next !== null}
              onChange={({ detail }) => {
                const target = detail.currentPageIndex;
                if (target === page + 1 && next) {
                  setCursors((c) => [...c.slice(0, page), next]);
                  setPage(target);
                } else if (target <= cursors.length) setPage(target);
              }}
              ariaLabels={{
                nextPageLabel: 'Próxima página',
                previousPageLabel: 'Página anterior',
                pageLabel: (n) => `Página ${n}`,
              }}
            />
          )
        }
        empty={
          <Box color="text-body-secondary">
            {q ? 'Nenhum cliente do lead encontrado.' : 'Nenhum cliente no lead.'}
          </Box>
        }
        columnDefinitions={[
          { id: 'id', header: 'Código', cell: (m) => m.id_customer },
          { id: 'fullname', header: 'Nome', cell: (m) => m.fullname },
          { id: 'document', header: 'CPF/CNPJ', cell: (m) => maskDocument(m.document) },
          { id: 'email', header: 'E-mail', cell: (m) => m.email ?? EMPTY },
          { id: 'cellphone', header: 'Celular', cell: (m) => (m.cellphone ? maskPhone(m.cellphone) : EMPTY) },
        ]}
      />
    </SpaceBetween>
  );
}
