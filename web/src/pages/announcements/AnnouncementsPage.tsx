/**
 * /announcements (document 2 section 2): super users list, add, edit and delete the platform's
 * announcements, with live updates; anyone else gets an info toast and goes to / after 1 second.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RELOAD_DELAY_MS, type Announcement, type AnnouncementEvent } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { ConfirmDialog } from '../../ui/Dialog.js';
import { PageFrame, PageHeader, Paper, SearchField, StatusRow, Table } from '../../ui/Page.js';
import { useToast } from '../../ui/toast.js';
import { useLiveList } from '../../ui/useLiveList.js';
import AnnouncementModal from './AnnouncementModal.js';
import { byPriority, PRIORITY_COLORS } from './priority.js';

export default function AnnouncementsPage() {
  const user = useUser();
  return user.super ? <Announcements /> : <NotForYou />;
}

function NotForYou() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast.info(t('web.backoffice.announcements.superOnly'));
    const timer = setTimeout(() => navigate('/'), RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toast, t, navigate]);
  return null;
}

function Announcements() {
  const { t } = useTranslation();
  const { api } = useApi();
  /** undefined: closed; null: a new one. */
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  const { search, setSearch, list, scroll, deletion } = useLiveList<Announcement, AnnouncementEvent>({
    fetchPage: (query) => api.announcements.page(query).then((page) => ({ items: page.records, hasMore: page.hasMore })),
    channel: 'announcement',
    onEvent: (event) => (event.action === 'delete' ? { drop: event.id } : { put: event.record }),
    remove: api.announcements.remove,
    deletedText: t('web.backoffice.announcements.deleted'),
    order: byPriority,
  });

  return (
    <PageFrame>
      <PageHeader title={t('web.pages.announcements')}>
        <SearchField value={search} onChange={setSearch} />
        <Button onClick={() => setEditing(null)}>{t('web.backoffice.announcements.add')}</Button>
      </PageHeader>
      <Paper {...scroll}>
        <Table>
          <thead>
            <tr>
              <th>{t('web.backoffice.announcements.title')}</th>
              <th>{t('web.backoffice.announcements.priority')}</th>
              <th>{t('web.backoffice.announcements.status')}</th>
              <th>{t('web.backoffice.announcements.attachment')}</th>
              <th className="actions">{t('web.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((announcement) => (
              <tr key={announcement.id} data-announcement={announcement.title}>
                <td>{announcement.title}</td>
                <td>
                  <Chip $color={PRIORITY_COLORS[announcement.priority]}>{t(`web.backoffice.announcements.priorities.${announcement.priority}`)}</Chip>
                </td>
                <td>{t(announcement.status ? 'web.backoffice.announcements.active' : 'web.backoffice.announcements.inactive')}</td>
                <td>{announcement.mediaName ?? ''}</td>
                <td className="actions">
                  <IconButton icon="edit" label={t('web.common.edit')} onClick={() => setEditing(announcement)} />
                  <IconButton icon="trash" label={t('web.common.delete')} onClick={() => deletion.ask(announcement)} />
                </td>
              </tr>
            ))}
            <StatusRow loading={list.loading} empty={list.items.length === 0} colSpan={5} text={t('web.empty.announcements')} search={search} action={<Button onClick={() => setEditing(null)}>{t('web.backoffice.announcements.add')}</Button>} />
          </tbody>
        </Table>
      </Paper>
      {editing !== undefined ? <AnnouncementModal announcement={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} /> : null}
      {deletion.deleting ? (
        <ConfirmDialog title={t('web.backoffice.announcements.deleteTitle', { name: deletion.deleting.title })} onConfirm={deletion.confirm} onClose={deletion.cancel}>
          {t('web.backoffice.announcements.deleteMessage')}
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
