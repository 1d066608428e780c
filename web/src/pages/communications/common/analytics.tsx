import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../../api/client';
import { leadFromAnalytics } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { formatCount } from '../../../components/format';
import { PALETTE } from './palette';

export interface Counter {
  key: string;
  label: string;
  value: number;
  /** The analytics actions behind it: a lead can be made of those customers. */
  filter?: readonly string[];
  color?: string;
}

/**
 * A new lead of the customers behind some actions (POST /web/campaigns/{id}/analytics/lead), then
 * its editor /lead/edit/{id} (spec part 3 §2, §7). The page asks for the lead's name first
 * (suggested: the campaign and the audience) and creates it only when confirmed.
 */
export const leadTitleSuggestion = (campaign: { description: string }, counter: Counter): string =>
  `${campaign.description} - ${counter.label}`.slice(0, 200);

export function useLeadFromAudience(campaign: { id: number; description: string } | undefined) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ counter, title }: { counter: Counter; title: string }) =>
      leadFromAnalytics(campaign!.id, {
        title: title.trim().slice(0, 200),
        filter: [...(counter.filter ?? [])],
      }),
    onSuccess: ({ id }) => {
      notify({ type: 'success', content: 'Lead criado com sucesso' });
      navigate(`/lead/edit/${id}`);
    },
    onError: (error) =>
      notify({
        type: 'error',
        header: 'Erro ao criar o lead',
        content: failureMessage(error, 'Tente novamente.'),
      }),
  });
}

/** The counters of an analytics page; each with a filter offers 'Criar lead' of that audience. */
export function CounterBoard({
  counters,
  onLead,
  creating,
  testId,
}: {
  counters: readonly Counter[];
  onLead?: (c: Counter) => void;
  creating?: string;
  testId: string;
}) {
  return (
    <ColumnLayout columns={Math.min(4, counters.length) as 1 | 2 | 3 | 4}>
      {counters.map((c, i) => (
        <Container key={c.key} data-testid={`${testId}-${c.key}`}>
          <SpaceBetween size="xs">
            <Box variant="awsui-key-label">
              <span
                style={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: 5,
                  marginRight: 6,
                  background: c.color ?? PALETTE[i % PALETTE.length],
                }}
              />
              {c.label}
            </Box>
            <Box fontSize="display-l" fontWeight="bold" data-testid={`${testId}-${c.key}-value`}>
              {formatCount(c.value)}
            </Box>
            {onLead && c.filter ? (
              <Button
                variant="inline-link"
                iconName="add-plus"
                data-testid={`${testId}-${c.key}-lead`}
                loading={creating === c.key}
                disabled={creating !== undefined || c.value === 0}
                onClick={() => onLead(c)}
              >
                Criar lead
              </Button>
            ) : onLead ? (
              // Keeps the cards of one row the same height when only some offer a lead.
              <Box variant="span" aria-hidden="true">
                <span style={{ visibility: 'hidden' }}>Criar lead</span>
              </Box>
            ) : null}
          </SpaceBetween>
        </Container>
      ))}
    </ColumnLayout>
  );
}

/** A chart in its container, with an empty state before anything was recorded. */
export function ChartContainer({
  title,
  empty,
  children,
  testId,
}: {
  title: string;
  empty: boolean;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Container header={<Header variant="h2">{title}</Header>} data-testid={testId}>
      {empty ? (
        <Box textAlign="center" color="text-body-secondary" padding="xl">
          Nenhum envio registrado ainda.
        </Box>
      ) : (
        children
      )}
    </Container>
  );
}
