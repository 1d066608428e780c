import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { localDateTime, toDisplayDateTime } from '@freguesia/shared/domain/dates';
import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEntry } from '@freguesia/shared/schemas/audit';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AuditPage } from '@freguesia/shared/schemas/audit';
import { failureMessage } from '../api/client';
import { useRecordHistory } from '../api/audit';

/** 'Alterou', 'Criou', … ; an unknown action as itself. */
export const actionText = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
/** 'Campanha', 'Lead', … ; an unknown kind as itself. */
export const entityText = (entity: string): string =>
  (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;
export const whenText = (at: string): string => toDisplayDateTime(localDateTime(new Date(at))) ?? at;

/** Changes listed before 'Mais N campo(s)'. */
const SHOWN = 3;

function ChangeLine({ change }: { change: AuditEntry['changes'][number] }) {
  return (
    <Box fontSize="body-s">
      <b>{change.field}</b>: {change.before === '' ? <i>(vazio)</i> : change.before} →{' '}
      {change.after === '' ? <i>(vazio)</i> : change.after}
    </Box>
  );
}

/** The changed fields of an entry, one per line ('campo: antes → depois'); past three, the rest on demand. */
export function Changes({ entry }: { entry: AuditEntry }) {
  const [all, setAll] = useState(false);
  if (entry.changes.length === 0) return <Box color="text-status-inactive">—</Box>;
  const shown = all ? entry.changes : entry.changes.slice(0, SHOWN);
  return (
    <SpaceBetween size="xxxs">
      {shown.map((c) => (
        <ChangeLine key={c.field} change={c} />
      ))}
      {entry.changes.length > SHOWN ? (
        <Button variant="inline-link" onClick={() => setAll(!all)}>
          {all ? 'Mostrar menos' : `Mais ${entry.changes.length - SHOWN} campo(s)`}
        </Button>
      ) : null}
    </SpaceBetween>
  );
}

type Log = UseInfiniteQueryResult<InfiniteData<AuditPage>>;

/** A log's entries with 'Carregar mais'; `withRecord` adds the kind and name of each record (the tenant log). */
export function AuditTable({ log, withRecord, empty }: { log: Log; withRecord?: boolean; empty: string }) {
  const entries = log.data?.pages.flatMap((p) => p.data) ?? [];
  if (log.isError)
    return (
      <StatusIndicator type="error">
        {failureMessage(log.error, 'Não foi possível carregar o histórico.')}
      </StatusIndicator>
    );
  return (
    <Table
      variant="embedded"
      loading={log.isPending}
      loadingText="Carregando histórico"
      items={entries}
      trackBy="id"
      wrapLines
      empty={<Box textAlign="center">{empty}</Box>}
      columnDefinitions={[
        { id: 'at', header: 'Quando', cell: (e) => whenText(e.at), width: 150 },
        { id: 'actor', header: 'Quem', cell: (e) => e.actor_name, width: 180 },
        { id: 'action', header: 'O quê', cell: (e) => actionText(e.action), width: 140 },
        ...(withRecord
          ? [
              {
                id: 'record',
                header: 'Registro',
                cell: (e: AuditEntry) => `${entityText(e.entity)} ${e.entity_id} – ${e.summary}`,
                width: 260,
              },
            ]
          : []),
        { id: 'changes', header: 'Alterações', cell: (e) => <Changes entry={e} /> },
      ]}
      footer={
        log.hasNextPage ? (
          <Box textAlign="center">
            <Button loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              Carregar mais
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}

/** 'Histórico' of one record: who created, changed, sent or deleted it, and what changed. */
export function AuditHistory({ entity, id }: { entity: keyof typeof AUDIT_ENTITIES; id: number | string }) {
  const log = useRecordHistory(entity, id);
  return <AuditTable log={log} empty="Nenhum registro no histórico." />;
}
