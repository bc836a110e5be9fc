/** Above the composer: the message being replied to, with a way to cancel (the button or Escape). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { unsignedText, type Message } from '@atende/shared';
import { IconButton } from '../../../ui/controls.js';
import { formatWhatsapp } from '../../../ui/whatsappText.js';

const Preview = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  width: 100%;
  padding: 4px 8px;
  border-left: 4px solid ${({ theme }) => theme.accent};
  border-radius: 4px;
  background: ${({ theme }) => theme.hover};
  font-size: 13px;
  > div {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  strong {
    display: block;
    font-size: 12px;
    color: ${({ theme }) => theme.accent};
  }
`;

export default function ReplyPreview({ message, onCancel }: { message: Message; onCancel(): void }) {
  const { t } = useTranslation();
  const name = message.fromMe ? t('web.inbox.messages.you') : (message.contact?.name ?? '');
  return (
    <Preview data-reply-to={message.id}>
      <div>
        <strong>{t('web.messageActions.replyingTo', { name })}</strong>
        {formatWhatsapp(unsignedText(message) || message.mediaName || message.mediaType)}
      </div>
      <IconButton icon="close" label={t('web.messageActions.cancelReply')} onClick={onCancel} data-cancel-reply />
    </Preview>
  );
}
