/**
 * What a message shows (document 1 section 3): text with WhatsApp's marks rendered, image (opens
 * the viewer), audio with its player, video, document card (message/MediaFile.tsx), location
 * (pipe-separated body) and vcard, and the quoted message. A signed text shows without its
 * signature: the bubble names its author once, above it.
 */
import type { KeyboardEvent, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { unsignedText, type Message, type QuotedMessage } from '@atende/shared';
import { formatWhatsapp } from '../../ui/whatsappText.js';
import { AudioPlayer, DocumentCard } from './message/MediaFile.js';
import { parseLocation, parseVcard } from './ticketRules.js';

const Media = styled.img`
  display: block;
  max-width: 260px;
  max-height: 260px;
  border-radius: 6px;
  cursor: zoom-in;
`;

const Quote = styled.blockquote<{ $fromMe: boolean }>`
  margin: 0 0 6px;
  padding: 4px 8px;
  border-left: 4px solid ${({ $fromMe, theme }) => ($fromMe ? theme.accent : theme.success)};
  border-radius: 4px;
  background: rgba(127, 127, 127, 0.12);
  font-size: 13px;
  strong {
    display: block;
    font-size: 12px;
  }
`;

export const Text = styled.span`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Text with WhatsApp's marks and its links clickable; without the signature (the author is named above). */
function LinkedText({ message }: { message: Pick<Message, 'body' | 'signed'> }) {
  return <Text data-body>{formatWhatsapp(unsignedText(message))}</Text>;
}

/** The quoted message of a reply; with `onOpen`, a click (or Enter) brings the original into view. */
export function QuotedBody({ quoted, onOpen }: { quoted: QuotedMessage; onOpen?(messageId: string): void }) {
  const { t } = useTranslation();
  // The quote is inside a bubble that may be picked by a click: opening it is not a pick.
  const open = (event: SyntheticEvent) => {
    event.stopPropagation();
    onOpen?.(quoted.id);
  };
  const opening = onOpen
    ? { role: 'button', tabIndex: 0, style: { cursor: 'pointer' }, onClick: open, onKeyDown: (event: KeyboardEvent) => event.key === 'Enter' && open(event) }
    : {};
  return (
    <Quote $fromMe={quoted.fromMe} data-quoted={quoted.id} {...opening}>
      <strong>{quoted.fromMe ? t('web.inbox.messages.you') : (quoted.contact?.name ?? '')}</strong>
      {quoted.mediaType === 'image' && quoted.mediaUrl ? <img src={quoted.mediaUrl} alt="" height={48} /> : <Text>{formatWhatsapp(quoted.body)}</Text>}
    </Quote>
  );
}

interface MessageBodyProps {
  message: Message;
  onViewImage(url: string): void;
}

export function MessageBody({ message, onViewImage }: MessageBodyProps) {
  const { t } = useTranslation();
  if (message.isDeleted) return <Text as="em">{t('web.inbox.messages.deleted')}</Text>;
  const url = message.mediaUrl;
  // A file sent without a caption has its name as its body: that is no caption.
  const caption = message.body && message.body !== message.mediaName ? <LinkedText message={message} /> : null;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      if (!url) break;
      return (
        <>
          <Media src={url} alt={message.body} data-media="image" onClick={() => onViewImage(url)} />
          {caption}
        </>
      );
    case 'audio':
      if (!url) break;
      return <AudioPlayer message={message} url={url} />;
    case 'video':
      if (!url) break;
      return (
        <>
          <video controls src={url} width={260} data-media="video" />
          {caption}
        </>
      );
    case 'application':
    case 'document':
      if (!url) break;
      return <DocumentCard message={message} url={url} />;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      return (
        <a href={location.link} target="_blank" rel="noreferrer" data-media="location">
          {location.image ? <Media as="img" src={location.image} alt="" /> : null}
          <Text>{location.description || t('web.inbox.messages.location')}</Text>
        </a>
      );
    }
    case 'vcard':
    case 'contactMessage': {
      const card = parseVcard(message.body);
      return (
        <div data-media="vcard">
          <strong>{t('web.inbox.messages.vcard')}: {card.name}</strong>
          {card.numbers.map((number) => (
            <div key={number}>{number}</div>
          ))}
        </div>
      );
    }
    case 'call_log':
      return <Text as="em">{t('web.inbox.messages.callLog')}</Text>;
    default:
      return <LinkedText message={message} />;
  }
  // Media announced but missing (download failed or refused).
  return <Text as="em">{t('web.inbox.messages.mediaMissing')}</Text>;
}
