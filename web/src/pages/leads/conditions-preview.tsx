import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { failureMessage } from '../../api/client';
import { useLeadPreview } from '../../api/leads';
import { formatCount } from '../../components/format';

/**
 * 'População estimada': how many customers the complete rows select now (POST /web/leads/preview),
 * asked again after each pause in editing; nothing is asked while a row is incomplete, and
 * each refused row is listed by name with its reason (issue 20). On a
 * large base the server estimates from a sample: the figure then reads '≈ N' with a note.
 */
export function ConditionsPreview({
  filter,
  pending,
  complete,
  empty,
  problems = [],
}: {
  filter: unknown[] | undefined;
  pending: boolean;
  complete: boolean;
  empty: boolean;
  /** Why each refused row is refused (named), shown while the filter is incomplete. */
  problems?: readonly string[];
}) {
  const preview = useLeadPreview(complete ? filter : undefined);
  let content;
  if (empty)
    content = <Box color="text-body-secondary">Adicione condições para ver a população estimada.</Box>;
  else if (!complete)
    content = (
      <>
        <Box color="text-body-secondary">Complete as condições para ver a população estimada.</Box>
        {problems.length > 0 ? (
          <ul data-testid="lead-preview-problems">
            {problems.map((message) => (
              <li key={message}>
                <Box color="text-status-error" variant="span">
                  {message}
                </Box>
              </li>
            ))}
          </ul>
        ) : null}
      </>
    );
  else if (pending || preview.isFetching)
    content = <StatusIndicator type="loading">Calculando…</StatusIndicator>;
  else if (preview.isError)
    content = (
      <StatusIndicator type="warning">
        {failureMessage(preview.error, 'Não foi possível estimar a população.')}
      </StatusIndicator>
    );
  else if (preview.data !== undefined)
    content = (
      <>
        <Box variant="h3" data-testid="lead-preview-count">
          {`${preview.data.estimated ? '≈ ' : ''}${formatCount(preview.data.population)} cliente(s)`}
        </Box>
        {preview.data.estimated && (
          <Box variant="small" color="text-body-secondary">
            Estimativa a partir de uma amostra da base; o lead salvo terá a contagem exata.
          </Box>
        )}
      </>
    );
  return (
    <div data-testid="lead-preview">
      <Box variant="awsui-key-label">População estimada</Box>
      {content}
    </div>
  );
}
