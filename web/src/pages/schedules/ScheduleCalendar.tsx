/**
 * The calendar of scheduled messages: month, week, day and agenda views (built here: no calendar
 * package, so nothing to fit to the console's CSP). Days and schedules are buttons with spoken
 * labels; a day's button adds a schedule on that day, a schedule's opens its dialog.
 */
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import type { Schedule, ScheduleStatus } from '@atende/shared';
import { formatDay, formatLocale, formatTime } from '../../ui/format.js';
import { daysOf, dayKey, type CalendarView } from './calendar.js';

/** How many schedules a month cell lists before "+N more". */
const MONTH_CELL_MAX = 3;

interface CalendarProps {
  view: CalendarView;
  cursor: Date;
  schedules: Schedule[];
  onOpen(schedule: Schedule): void;
  onAdd(day: Date): void;
  /** Shows one day (the "+N more" of a month cell). */
  onDay(day: Date): void;
}

const statusColor = (status: ScheduleStatus) => css`
  border-left: 3px solid
    ${({ theme }) => ({ PENDENTE: theme.info, AGENDADA: theme.warning, ENVIADA: theme.success, ERRO: theme.error })[status]};
`;

const Item = styled.button<{ $status: ScheduleStatus }>`
  display: block;
  width: 100%;
  text-align: left;
  border: none;
  border-radius: 4px;
  margin: 2px 0;
  padding: 3px 6px;
  font-size: 12px;
  background: ${({ theme }) => theme.hover};
  color: ${({ theme }) => theme.text};
  cursor: pointer;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  ${({ $status }) => statusColor($status)}
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
  }
`;

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  th {
    font-size: 12px;
    font-weight: 600;
    padding: 6px;
    color: ${({ theme }) => theme.textSecondary};
  }
  td {
    vertical-align: top;
    border: 1px solid ${({ theme }) => theme.border};
    padding: 4px;
    height: 96px;
  }
  td.outside {
    opacity: 0.55;
  }
  td.today .day {
    background: ${({ theme }) => theme.accentFill};
    color: ${({ theme }) => theme.onAccent};
  }
`;

const DayButton = styled.button`
  border: none;
  background: none;
  border-radius: 12px;
  min-width: 24px;
  padding: 2px 6px;
  font-size: 12px;
  cursor: pointer;
  color: inherit;
  &:hover {
    background: ${({ theme }) => theme.hover};
  }
`;

const More = styled.button`
  border: none;
  background: none;
  font-size: 12px;
  color: ${({ theme }) => theme.accent};
  cursor: pointer;
  padding: 2px 6px;
`;

const Agenda = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid ${({ theme }) => theme.border};
    vertical-align: top;
  }
`;

function byDay(schedules: Schedule[]): Map<string, Schedule[]> {
  const days = new Map<string, Schedule[]>();
  for (const schedule of schedules) {
    const key = dayKey(schedule.sendAt);
    days.set(key, [...(days.get(key) ?? []), schedule]);
  }
  return days;
}

function ScheduleItem({ schedule, onOpen }: { schedule: Schedule; onOpen(schedule: Schedule): void }) {
  const { t } = useTranslation();
  const status = t(`web.schedules.statuses.${schedule.status}`);
  return (
    <Item
      $status={schedule.status}
      data-schedule={schedule.id}
      data-status={schedule.status}
      title={`${formatTime(schedule.sendAt)} ${schedule.contact.name}: ${schedule.body}`}
      aria-label={`${formatTime(schedule.sendAt)}, ${schedule.contact.name}, ${status}: ${schedule.body}`}
      onClick={() => onOpen(schedule)}
    >
      {formatTime(schedule.sendAt)} {schedule.contact.name}
    </Item>
  );
}

export function ScheduleCalendar({ view, cursor, schedules, onOpen, onAdd, onDay }: CalendarProps) {
  const { t } = useTranslation();
  const days = daysOf(view, cursor);
  const buckets = byDay(schedules);
  const today = dayKey(new Date());

  if (view === 'agenda') {
    const withSchedules = days.filter((day) => buckets.has(dayKey(day)));
    if (withSchedules.length === 0) return <p role="status">{t('web.schedules.noneInPeriod')}</p>;
    return (
      <Agenda aria-label={t('web.schedules.agenda')}>
        <thead>
          <tr>
            <th>{t('web.schedules.day')}</th>
            <th>{t('web.schedules.sendAt')}</th>
            <th>{t('web.schedules.contact')}</th>
            <th>{t('web.schedules.body')}</th>
            <th>{t('web.schedules.status')}</th>
          </tr>
        </thead>
        <tbody>
          {withSchedules.flatMap((day) =>
            buckets.get(dayKey(day))!.map((schedule, index) => (
              <tr key={schedule.id} data-day={dayKey(day)}>
                <td>{index === 0 ? formatDay(day) : ''}</td>
                <td>{formatTime(schedule.sendAt)}</td>
                <td>{schedule.contact.name}</td>
                <td>
                  <ScheduleItem schedule={schedule} onOpen={onOpen} />
                </td>
                <td>{t(`web.schedules.statuses.${schedule.status}`)}</td>
              </tr>
            )),
          )}
        </tbody>
      </Agenda>
    );
  }

  const weeks: Date[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  const cap = view === 'month' ? MONTH_CELL_MAX : Number.POSITIVE_INFINITY;
  return (
    <Grid aria-label={t(`web.schedules.${view}`)}>
      <thead>
        <tr>
          {weeks[0]!.map((day) => (
            <th key={day.getDay()} scope="col">
              {new Intl.DateTimeFormat(formatLocale(), { weekday: view === 'day' ? 'long' : 'short' }).format(day)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0]!)}>
            {week.map((day) => {
              const key = dayKey(day);
              const items = buckets.get(key) ?? [];
              const outside = view === 'month' && day.getMonth() !== cursor.getMonth();
              return (
                <td key={key} data-day={key} className={[outside ? 'outside' : '', key === today ? 'today' : ''].join(' ')} style={view === 'month' ? undefined : { height: 320 }}>
                  <DayButton className="day" aria-label={t('web.schedules.addOn', { date: formatDay(day) })} onClick={() => onAdd(day)}>
                    {day.getDate()}
                  </DayButton>
                  {items.slice(0, cap).map((schedule) => (
                    <ScheduleItem key={schedule.id} schedule={schedule} onOpen={onOpen} />
                  ))}
                  {items.length > cap ? <More onClick={() => onDay(day)}>{t('web.schedules.more', { count: items.length - cap })}</More> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Grid>
  );
}
