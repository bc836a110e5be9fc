/** The list view of /schedules: every scheduled message, newest sendAt first, searched and kept live. */
import { useTranslation } from 'react-i18next';
import type { Schedule, ScheduleEvent } from '@atende/shared';
import { useApi } from '../../app/api.js';
import { IconButton } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useLiveList } from '../../ui/useLiveList.js';

const byNewestSendAt = (a: Schedule, b: Schedule) => b.sendAt.localeCompare(a.sendAt) || b.id.localeCompare(a.id);

export function ScheduleList({ onOpen, onDelete }: { onOpen(schedule: Schedule): void; onDelete(schedule: Schedule): void }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const { search, setSearch, list, scroll } = useLiveList<Schedule, ScheduleEvent>({
    fetchPage: (query) => api.schedules.page(query).then((page) => ({ items: page.schedules, hasMore: page.hasMore })),
    channel: 'schedule',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.scheduleId } : { put: event.schedule }),
    remove: api.schedules.remove,
    deletedText: t('web.schedules.deleted'),
    order: byNewestSendAt,
  });

  return (
    <>
      <SearchField value={search} onChange={setSearch} />
      <Paper {...scroll}>
        <Table aria-label={t('web.schedules.list')}>
          <thead>
            <tr>
              <th>{t('web.schedules.contact')}</th>
              <th>{t('web.schedules.body')}</th>
              <th>{t('web.schedules.sendAt')}</th>
              <th>{t('web.schedules.sentAt')}</th>
              <th>{t('web.schedules.status')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((schedule) => (
              <tr key={schedule.id} data-schedule-row={schedule.id} data-status={schedule.status}>
                <td>{schedule.contact.name}</td>
                <td>{schedule.body}</td>
                <td>{formatShortDateTime(schedule.sendAt)}</td>
                <td>{formatShortDateTime(schedule.sentAt)}</td>
                <td>{t(`web.schedules.statuses.${schedule.status}`)}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => onOpen(schedule)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => onDelete(schedule)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={6} text={t('web.empty.schedules')} search={search} />
          </tbody>
        </Table>
      </Paper>
    </>
  );
}
