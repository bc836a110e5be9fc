/** The announcement viewer: title, priority, date, text and the attached image. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Announcement } from '@atende/shared';
import { Chip } from '../../ui/controls.js';
import { Dialog } from '../../ui/Dialog.js';
import { formatShortDateTime } from '../../ui/format.js';
import { PRIORITY_COLORS } from './priority.js';

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  p {
    margin: 0;
    white-space: pre-wrap;
  }
  img {
    max-width: 100%;
    border-radius: 6px;
  }
  small {
    color: ${({ theme }) => theme.textSecondary};
  }
`;

export function AnnouncementViewer({ announcement, onClose }: { announcement: Announcement; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={announcement.title} onClose={onClose} width={560}>
      <Body data-announcement-viewer={announcement.id}>
        <small>
          <Chip $color={PRIORITY_COLORS[announcement.priority]}>{t(`web.backoffice.announcements.priorities.${announcement.priority}`)}</Chip> {formatShortDateTime(announcement.createdAt)}
        </small>
        <p>{announcement.text}</p>
        {announcement.mediaUrl ? <img src={announcement.mediaUrl} alt={announcement.mediaName ?? announcement.title} /> : null}
      </Body>
    </Dialog>
  );
}
