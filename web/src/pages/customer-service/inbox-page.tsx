import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../api/client';
import { useAttendances, useDepartments, type Attendance } from '../../api/customer-service';
import { useDebounced } from '../../components/table';
import { formatDateTime } from '../../components/format';
import { ConversationModal } from './conversation-modal';
import {
  ALL_DEPARTMENTS,
  CHAT_REFRESH_MS,
  EMPTY_QUEUE,
  departmentFilter,
  departmentOptions,
} from './inbox-model';
import './customer-service.css';

/** The card's picture: the channel's icon when it is an image URL, else the first letter. */
function Avatar({ icon, from }: { icon?: string | null; from: string }) {
  if (icon && /^https?:\/\//i.test(icon)) return <img className="cs-avatar" src={icon} alt="" />;
  return (
    <span className="cs-avatar cs-avatar-letter" aria-hidden>
      {(from.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

/**
 * /customer-service (write Attendances; spec part 3 §2 'Customer service (Atendimento /
 * Setores)'): the open conversations as cards, filtered by department with a button group and by
 * a search; a card opens the 'Conversa' modal.
 */
export default function InboxPage() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const [department, setDepartment] = useState<string>(ALL_DEPARTMENTS);
  const [openId, setOpenId] = useState<number | null>(null);
  const departments = useDepartments();
  const options = useMemo(
    () => departmentOptions(departments.data ?? [], department),
    [departments.data, department],
  );
  const chosen = options.some((o) => o.id === department) ? department : ALL_DEPARTMENTS;
  // The queue refreshes at the chat's pace too, so new conversations appear without a reload.
  const list = useAttendances({ q, id_department: departmentFilter(chosen) }, CHAT_REFRESH_MS);
  const cards = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        counter={list.data ? `(${cards.length})` : undefined}
        description="Conversas abertas dos canais de atendimento."
        actions={
          <Button
            iconName="refresh"
            ariaLabel="Atualizar"
            loading={list.isFetching}
            onClick={() => void list.refetch()}
          />
        }
      >
        Central de Atendimento
      </Header>
      <SpaceBetween size="m" direction="horizontal" alignItems="center">
        <div className="cs-search">
          <TextFilter
            filteringText={search}
            filteringPlaceholder="Buscar atendimento"
            filteringAriaLabel="Buscar atendimento"
            onChange={({ detail }) => setSearch(detail.filteringText)}
            data-testid="cs-search"
          />
        </div>
        {options.length > 1 && (
          <div data-testid="cs-departments">
            <SegmentedControl
              label="Setor"
              selectedId={chosen}
              options={options}
              onChange={({ detail }) => setDepartment(detail.selectedId)}
            />
          </div>
        )}
      </SpaceBetween>
      <Cards<Attendance>
        data-testid="cs-cards"
        loading={list.isPending}
        loadingText="Carregando atendimentos"
        items={cards}
        trackBy="id"
        cardsPerRow={[
          { cards: 1 },
          { minWidth: 500, cards: 2 },
          { minWidth: 900, cards: 3 },
          { minWidth: 1300, cards: 4 },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="l" data-testid="cs-empty">
            {list.error ? failureMessage(list.error) : EMPTY_QUEUE}
          </Box>
        }
        cardDefinition={{
          header: (a) => (
            <div className="cs-card-header">
              <Avatar icon={a.icon} from={a.name || a.from} />
              <Button variant="inline-link" onClick={() => setOpenId(a.id)} data-testid={`cs-open-${a.id}`}>
                {a.name || a.from}
              </Button>
            </div>
          ),
          sections: [
            { id: 'from', content: (a) => (a.name ? a.from : undefined) },
            {
              id: 'last_text',
              content: (a) => (
                <Box color="text-body-secondary">
                  <span className="cs-last-text">{a.last_text || '-'}</span>
                </Box>
              ),
            },
            {
              id: 'department',
              header: 'Setor',
              content: (a) => (a.department ? <Badge color="blue">{a.department}</Badge> : 'Sem setor'),
            },
            {
              id: 'user',
              header: 'Responsável',
              content: (a) => a.shortname || (a.bot ? 'Bot' : 'Sem responsável'),
            },
            { id: 'updated_at', header: 'Última mensagem', content: (a) => formatDateTime(a.updated_at) },
            {
              id: 'open',
              content: (a) => (
                <Button onClick={() => setOpenId(a.id)} ariaLabel={`Abrir conversa de ${a.from}`}>
                  Abrir conversa
                </Button>
              ),
            },
          ],
        }}
      />
      {list.hasNextPage && (
        <Box textAlign="center">
          <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Carregar mais
          </Button>
        </Box>
      )}
      {openId !== null && (
        <ConversationModal
          id={openId}
          departments={departments.data ?? []}
          onDismiss={() => setOpenId(null)}
        />
      )}
    </SpaceBetween>
  );
}
