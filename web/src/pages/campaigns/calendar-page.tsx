import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import { localDay } from '@freguesia/shared/domain/dates';
import { useState } from 'react';
import { useCampaignCalendar, type CalendarEntry } from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import {
  CALENDAR_GROUPS,
  calendarGroup,
  monthOf,
  monthTitle,
  monthWeeks,
  runningOn,
  shiftMonth,
  visibleRange,
  WEEKDAYS,
} from './calendar-model';
import { CampaignDetailsModal } from './details-modal';
import { periodText, typeLabel } from './format';
import './campaigns.css';

/** Campaigns listed in a day cell before '+N'. */
const PER_DAY = 4;

function EntryButton({ entry, onOpen }: { entry: CalendarEntry; onOpen: (entry: CalendarEntry) => void }) {
  return (
    <button
      type="button"
      className={`campaign-calendar-entry campaign-calendar-entry--${calendarGroup(entry.type)}${entry.active === 'N' ? ' campaign-calendar-entry--inactive' : ''}`}
      title={`${entry.id} - ${entry.description}\n${typeLabel(entry.type)}\n${periodText(entry.start_at, entry.end_at)}`}
      data-testid={`calendar-entry-${entry.id}`}
      onClick={() => onOpen(entry)}
    >
      <span className="campaign-calendar-kind">{typeLabel(entry.type)}:</span> {entry.description}
    </button>
  );
}

/** One day of the month grid: its number and the campaigns running on it ('+N mais' beyond four). */
function DayCell({
  day,
  month,
  today,
  entries,
  onOpen,
}: {
  day: string;
  month: string;
  today: string;
  entries: readonly CalendarEntry[];
  onOpen: (entry: CalendarEntry) => void;
}) {
  const running = runningOn(entries, day);
  const outside = day.slice(0, 7) !== month.slice(0, 7);
  const classes = [
    'campaign-calendar-day',
    outside ? 'campaign-calendar-day--outside' : '',
    day === today ? 'campaign-calendar-day--today' : '',
  ].join(' ');
  const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return (
    <div className={classes} role="cell" data-testid={`calendar-day-${day}`}>
      <span className="campaign-calendar-number" aria-label={shown}>
        {Number(day.slice(8, 10))}
      </span>
      {running.slice(0, PER_DAY).map((entry) => (
        <EntryButton key={entry.id} entry={entry} onOpen={onOpen} />
      ))}
      {running.length > PER_DAY ? (
        <div className="campaign-calendar-more">
          <Popover
            triggerType="text"
            size="medium"
            header={shown}
            content={
              <SpaceBetween size="xxs">
                {running.map((entry) => (
                  <EntryButton key={entry.id} entry={entry} onOpen={onOpen} />
                ))}
              </SpaceBetween>
            }
          >
            +{running.length - PER_DAY} mais
          </Popover>
        </div>
      ) : null}
    </div>
  );
}

/**
 * /campaign/calendar 'Calendário' (read Campaigns; spec part 2 §2): a month in Brazilian Portuguese,
 * weeks from Sunday, previous / next month and today; each campaign appears on every day it runs
 * (GET /web/campaigns/calendar for the days shown) and a click opens its details.
 */
export default function CampaignCalendarPage() {
  const today = localDay();
  const [month, setMonth] = useState(() => monthOf(today));
  const [showInactive, setShowInactive] = useState(false);
  const [open, setOpen] = useState<CalendarEntry | null>(null);
  const { start, end } = visibleRange(month);
  const calendar = useCampaignCalendar(start, end);
  const entries = (calendar.data ?? []).filter((e) => showInactive || e.active === 'Y');
  const weeks = monthWeeks(month);
  const title = monthTitle(month);

  return (
    <SpaceBetween size="m">
      <Container
        header={
          <Header
            variant="h1"
            description="Cada campanha aparece nos dias do seu período; cada envio, no dia em que sai. Clique em uma campanha para ver os detalhes."
            actions={
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Toggle checked={showInactive} onChange={({ detail }) => setShowInactive(detail.checked)}>
                  Mostrar inativas
                </Toggle>
                <Button
                  iconName="angle-left"
                  ariaLabel="Mês anterior"
                  data-testid="calendar-previous"
                  onClick={() => setMonth(shiftMonth(month, -1))}
                />
                <Button data-testid="calendar-today" onClick={() => setMonth(monthOf(today))}>
                  Hoje
                </Button>
                <Button
                  iconName="angle-right"
                  ariaLabel="Próximo mês"
                  data-testid="calendar-next"
                  onClick={() => setMonth(shiftMonth(month, 1))}
                />
              </SpaceBetween>
            }
          >
            <span data-testid="calendar-title">Calendário - {title}</span>
          </Header>
        }
      >
        <SpaceBetween size="s">
          {calendar.isError ? (
            <StatusIndicator type="error">
              {failureMessage(calendar.error, 'Não foi possível carregar as campanhas.')}
            </StatusIndicator>
          ) : calendar.isFetching ? (
            <StatusIndicator type="loading">Carregando campanhas</StatusIndicator>
          ) : (
            <Box color="text-body-secondary" fontSize="body-s">
              {entries.length === 0
                ? 'Nenhuma campanha neste período.'
                : `${entries.length.toLocaleString('pt-BR')} campanha(s) neste período.`}
            </Box>
          )}
          <div className="campaign-calendar-legend" aria-label="Legenda" data-testid="calendar-legend">
            {CALENDAR_GROUPS.map((g) => (
              <span key={g.group} className="campaign-calendar-legend-item">
                <span
                  className={`campaign-calendar-swatch campaign-calendar-entry--${g.group}`}
                  aria-hidden
                />
                {g.label}
              </span>
            ))}
          </div>
          <div className="campaign-calendar" role="table" aria-label={title} data-testid="campaign-calendar">
            <div className="campaign-calendar-row" role="row">
              {WEEKDAYS.map((name) => (
                <div key={name} className="campaign-calendar-weekday" role="columnheader">
                  {name}
                </div>
              ))}
            </div>
            {weeks.map((week) => (
              <div key={week[0]} className="campaign-calendar-row" role="row">
                {week.map((day) => (
                  <DayCell
                    key={day}
                    day={day}
                    month={month}
                    today={today}
                    entries={entries}
                    onOpen={setOpen}
                  />
                ))}
              </div>
            ))}
          </div>
        </SpaceBetween>
      </Container>
      {open ? <CampaignDetailsModal campaign={open} onDismiss={() => setOpen(null)} /> : null}
    </SpaceBetween>
  );
}
