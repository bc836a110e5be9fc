/**
 * The announcements of the top bar (document 1 section 2): the active ones, highest priority
 * first, kept live; a click opens the viewer.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementEvent } from '@atende/shared';
import { IconButton } from '../../ui/controls.js';
import { formatShortDateTime } from '../../ui/format.js';
import { Popover, PopoverEmpty, PopoverRow } from '../../ui/Popover.js';
import { byPriority, PRIORITY_COLORS } from '../../pages/announcements/priority.js';
import { useApi } from '../api.js';
import { useChannel } from '../realtime.js';

const AnnouncementViewer = lazy(() => import('../../pages/announcements/AnnouncementViewer.js').then((module) => ({ default: module.AnnouncementViewer })));

/** Active announcements, from the first page and the announcement channel. */
function useActiveAnnouncements(): Announcement[] {
  const { api } = useApi();
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);

  useEffect(() => {
    let active = true;
    api.announcements
      .page()
      .then((page) => active && setAnnouncements(page.records.filter((announcement) => announcement.status)))
      // The popover is a convenience: a failure here shows nothing rather than a toast on every page.
      .catch((error: unknown) => console.warn('could not load the announcements', error));
    return () => {
      active = false;
    };
  }, [api]);

  useChannel<AnnouncementEvent>('announcement', (event) => {
    const id = event.action === 'delete' ? event.id : event.record.id;
    setAnnouncements((current) => {
      const others = current.filter((announcement) => announcement.id !== id);
      return event.action !== 'delete' && event.record.status ? [...others, event.record].sort(byPriority) : others;
    });
  });

  return announcements;
}

export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const announcements = useActiveAnnouncements();
  const [viewing, setViewing] = useState<Announcement | null>(null);
  return (
    <>
      <Popover
        label={t('web.announcements.title')}
        trigger={(toggle) => (
          <IconButton icon="announcements" label={t('web.announcements.title')} onClick={toggle} count={announcements.length} />
        )}
      >
        {(close) =>
          announcements.length === 0 ? (
            <PopoverEmpty>{t('web.announcements.empty')}</PopoverEmpty>
          ) : (
            announcements.map((announcement) => (
              <PopoverRow
                key={announcement.id}
                $edge={PRIORITY_COLORS[announcement.priority]}
                data-announcement={announcement.title}
                onClick={() => {
                  close();
                  setViewing(announcement);
                }}
              >
                <strong>{announcement.title}</strong>
                <span>{announcement.text}</span>
                <small>{formatShortDateTime(announcement.createdAt)}</small>
              </PopoverRow>
            ))
          )
        }
      </Popover>
      {viewing ? (
        <Suspense fallback={null}>
          <AnnouncementViewer announcement={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
