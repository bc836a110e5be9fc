/**
 * /schedules (document 2, plan useSchedules): the calendar of scheduled messages (month, week,
 * day, agenda) and their list, kept live by the `schedule` channel; the add / edit dialog.
 * `?contactId=` opens the add dialog for that contact.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Schedule, ScheduleEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { formatDate, formatLocale } from '../../ui/format.js';
import { PageFrame, PageHeader, Paper } from '../../ui/Page.js';
import { useErrorToast } from '../../ui/toast.js';
import { useDeletion } from '../../ui/useDeletion.js';
import { addDays, CALENDAR_VIEWS, step, windowOf, type CalendarView } from './calendar.js';
import type { PickedContact } from './ContactPicker.js';
import { ScheduleCalendar } from './ScheduleCalendar.js';
import { ScheduleList } from './ScheduleList.js';
import ScheduleModal from './ScheduleModal.js';

type View = CalendarView | 'list';
const VIEWS: View[] = [...CALENDAR_VIEWS, 'list'];

interface Editing {
  schedule: Schedule | null;
  contact?: PickedContact | null;
  day?: Date;
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  h2 {
    font-size: 16px;
    margin: 0 8px;
    text-transform: capitalize;
  }
  [aria-pressed='true'] {
    background: ${({ theme }) => theme.selected};
  }
`;

const bySendAt = (a: Schedule, b: Schedule) => a.sendAt.localeCompare(b.sendAt) || a.id.localeCompare(b.id);

/** The heading of the period a view shows. */
function periodTitle(view: CalendarView, cursor: Date): string {
  if (view === 'month') return new Intl.DateTimeFormat(formatLocale(), { month: 'long', year: 'numeric' }).format(cursor);
  const { from, to } = windowOf(view, cursor);
  return view === 'day' ? formatDate(from) : `${formatDate(from)} – ${formatDate(addDays(to, -1))}`;
}

/** The schedules of the calendar's window, read again when it moves, kept by the realtime channel. */
function useWindow(view: View, cursor: Date) {
  const { api } = useApi();
  const showError = useErrorToast();
  const [schedules, setSchedules] = useState<Schedule[]>([]);
  const range = view === 'list' ? null : windowOf(view, cursor);
  const from = range?.from.toISOString();
  const to = range?.to.toISOString();

  useEffect(() => {
    if (!from || !to) return;
    let current = true;
    api.schedules
      .page({ from, to })
      .then((page) => current && setSchedules(page.schedules))
      .catch((error: unknown) => current && showError(error));
    return () => {
      current = false;
    };
  }, [api, from, to, showError]);

  const put = useCallback(
    (schedule: Schedule) =>
      setSchedules((all) => {
        const others = all.filter((one) => one.id !== schedule.id);
        const inside = from && to && schedule.sendAt >= from && schedule.sendAt < to;
        return inside ? [...others, schedule].sort(bySendAt) : others;
      }),
    [from, to],
  );
  const drop = useCallback((id: string) => setSchedules((all) => all.filter((one) => one.id !== id)), []);
  useChannel<ScheduleEvent>('schedule', (event) => (event.action === 'delete' ? drop(event.scheduleId) : put(event.schedule)), view !== 'list');
  return { schedules, put, drop };
}

export default function SchedulesPage() {
  const { t } = useTranslation();
  const { api } = useApi();
  const showError = useErrorToast();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('month');
  const [cursor, setCursor] = useState(() => new Date());
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const calendar = useWindow(view, cursor);
  const deletion = useDeletion<Schedule>(api.schedules.remove, calendar.drop, t('web.schedules.deleted'));

  // ?contactId= opens the add dialog for that contact (the contact's "schedule a message").
  const contactId = params.get('contactId');
  useEffect(() => {
    if (!contactId) return;
    let current = true;
    api.contacts
      .get(contactId)
      .then((contact) => {
        if (!current) return;
        setEditing({ schedule: null, contact: { id: contact.id, name: contact.name, number: contact.number } });
        // Once opened, the parameter goes: a reload or the back button does not open it again.
        setParams({}, { replace: true });
      })
      .catch((error: unknown) => current && showError(error));
    return () => {
      current = false;
    };
  }, [api, contactId, setParams, showError]);

  const open = (schedule: Schedule) => setEditing({ schedule });
  return (
    <PageFrame>
      <PageHeader title={t('web.pages.schedules')}>
        <Button onClick={() => setEditing({ schedule: null })}>{t('web.schedules.add')}</Button>
      </PageHeader>
      <Toolbar>
        <div role="group" aria-label={t('web.schedules.views')}>
          {VIEWS.map((each) => (
            <Button key={each} $variant="outlined" aria-pressed={view === each} data-view={each} onClick={() => setView(each)}>
              {t(`web.schedules.${each}`)}
            </Button>
          ))}
        </div>
        {view === 'list' ? null : (
          <>
            <Button $variant="outlined" onClick={() => setCursor(step(view, cursor, -1))} aria-label={t('web.schedules.previous')}>
              ‹
            </Button>
            <Button $variant="outlined" onClick={() => setCursor(new Date())}>
              {t('web.schedules.today')}
            </Button>
            <Button $variant="outlined" onClick={() => setCursor(step(view, cursor, 1))} aria-label={t('web.schedules.next')}>
              ›
            </Button>
            <h2 aria-live="polite" data-period>
              {periodTitle(view, cursor)}
            </h2>
          </>
        )}
      </Toolbar>
      {view === 'list' ? (
        <ScheduleList onOpen={open} onDelete={deletion.ask} />
      ) : (
        <Paper style={{ overflow: 'auto' }}>
          <ScheduleCalendar
            view={view}
            cursor={cursor}
            schedules={calendar.schedules}
            onOpen={open}
            onAdd={(day) => setEditing({ schedule: null, day })}
            onDay={(day) => {
              setCursor(day);
              setView('day');
            }}
          />
        </Paper>
      )}
      {editing ? (
        <ScheduleModal
          key={editing.schedule?.id ?? 'new'}
          schedule={editing.schedule}
          initialContact={editing.contact}
          initialDay={editing.day}
          onClose={() => setEditing(undefined)}
          onSaved={calendar.put}
          onDelete={(schedule) => {
            setEditing(undefined);
            deletion.ask(schedule);
          }}
        />
      ) : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.schedules.deleteTitle', { name: deletion.deleting.contact.name })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.schedules.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
