import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Spinner from '@cloudscape-design/components/spinner';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

export interface RecordGateProps {
  /** The record's query: pending, or failed without data. */
  record: { isPending: boolean; data?: unknown; error: unknown };
  /** 'Carregando campanha…' */
  loading: string;
  /** Header of a 404 ('Campanha não encontrada.') and of any other failure. */
  notFound: string;
  failed: string;
  /** What a 404 means to the user, below its header ('Ela pode ter sido excluída.'). */
  notFoundHint: string;
  /** The way out ('Voltar às campanhas', 'Tentar novamente'). */
  action: { label: string; onClick: () => void };
}

/**
 * The state of an edit page before its form: a spinner while the record loads, an alert when it
 * cannot (not found, or the server's message). Null when the record is there: render the form.
 */
export function recordGate({
  record,
  loading,
  notFound,
  failed,
  notFoundHint,
  action,
}: RecordGateProps): ReactNode | null {
  if (record.isPending) {
    return (
      <Box textAlign="center" padding="xxl">
        <Spinner size="large" /> <Box variant="span">{loading}</Box>
      </Box>
    );
  }
  if (record.data) return null;
  const is404 = record.error instanceof ApiError && record.error.status === 404;
  return (
    <Alert
      type="error"
      header={is404 ? notFound : failed}
      action={<Button onClick={action.onClick}>{action.label}</Button>}
    >
      {/* The 404's message is the header already: say what to do instead of repeating it. */}
      {is404 ? notFoundHint : record.error instanceof Error ? record.error.message : null}
    </Alert>
  );
}
