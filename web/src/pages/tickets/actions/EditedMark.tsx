/** "Edited" on a bubble; it opens the earlier texts, oldest first, each with when it was replaced. */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Message } from '@atende/shared';
import { formatTime } from '../../../ui/format.js';
import { Popover } from '../../../ui/Popover.js';
import { formatWhatsapp } from '../../../ui/whatsappText.js';

const Mark = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  font-style: italic;
  text-decoration: underline dotted;
  cursor: pointer;
`;

const History = styled.ol`
  margin: 0;
  padding: 4px 14px;
  list-style: none;
  min-width: 220px;
  max-width: 360px;
  li {
    padding: 6px 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  li + li {
    border-top: 1px solid ${({ theme }) => theme.border};
  }
  time {
    display: block;
    font-size: 11px;
    color: ${({ theme }) => theme.textSecondary};
  }
`;

export default function EditedMark({ message }: { message: Message }) {
  const { t } = useTranslation();
  if (!message.isEdited) return null;
  if (message.editHistory.length === 0) return <em>{t('web.inbox.messages.edited')}</em>;
  return (
    <Popover
      align={message.fromMe ? 'right' : 'left'}
      label={t('web.messageActions.history')}
      trigger={(toggle) => (
        <Mark type="button" onClick={toggle} aria-label={t('web.messageActions.history')} data-edited>
          {t('web.inbox.messages.edited')}
        </Mark>
      )}
    >
      <History data-edit-history>
        {message.editHistory.map((edit) => (
          <li key={edit.editedAt}>
            {formatWhatsapp(edit.body)}
            <time dateTime={edit.editedAt}>{formatTime(edit.editedAt)}</time>
          </li>
        ))}
      </History>
    </Popover>
  );
}
