/**
 * A document or an audio in the conversation: a card with the file's type icon, its name and size,
 * opening or downloading it; a voice note or an audio file with its player inline, and its size.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Message } from '@atende/shared';
import { formatFileSize } from '../../../ui/fileSize.js';

const Card = styled.a`
  display: flex;
  align-items: center;
  gap: 10px;
  min-width: 200px;
  max-width: 320px;
  padding: 8px 10px;
  border-radius: 8px;
  background: rgba(127, 127, 127, 0.12);
  color: inherit;
  text-decoration: none;
  .icon {
    flex: 0 0 auto;
    font-size: 26px;
    line-height: 1;
  }
  .what {
    min-width: 0;
  }
  strong {
    display: block;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  small {
    color: ${({ theme }) => theme.textSecondary};
  }
`;

const Audio = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  audio {
    max-width: 100%;
  }
  small {
    color: ${({ theme }) => theme.textSecondary};
  }
`;

/** The icon and the short type name of a file, by its extension. */
const TYPES: Record<string, [string, string]> = {
  pdf: ['📕', 'PDF'],
  doc: ['📝', 'DOC'],
  docx: ['📝', 'DOCX'],
  xls: ['📊', 'XLS'],
  xlsx: ['📊', 'XLSX'],
  csv: ['📊', 'CSV'],
  zip: ['🗜️', 'ZIP'],
  txt: ['📄', 'TXT'],
};

function extensionOf(name: string): string {
  return /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** What the small line says: the type and the size, those known. */
function details(parts: (string | null)[]): string {
  return parts.filter(Boolean).join(' · ');
}

export function DocumentCard({ message, url }: { message: Message; url: string }) {
  const { t } = useTranslation();
  const name = message.mediaName || message.body || t('web.inbox.files.document');
  const ext = extensionOf(name);
  const [icon, type] = TYPES[ext] ?? ['📎', ext.toUpperCase() || null];
  const size = message.mediaSize !== null ? formatFileSize(message.mediaSize) : null;
  return (
    <Card href={url} target="_blank" rel="noreferrer" download={name} data-media="document" aria-label={t('web.inbox.files.download', { name })}>
      <span className="icon" aria-hidden>
        {icon}
      </span>
      <span className="what">
        <strong data-file-name>{name}</strong>
        <small data-file-details>{details([type, size]) || t('web.inbox.files.document')}</small>
      </span>
    </Card>
  );
}

export function AudioPlayer({ message, url }: { message: Message; url: string }) {
  const { t } = useTranslation();
  const size = message.mediaSize !== null ? formatFileSize(message.mediaSize) : null;
  return (
    <Audio>
      <audio controls preload="metadata" src={url} data-media="audio" aria-label={t('web.inbox.files.voice')} />
      <small data-file-details>{details([`🎤 ${t('web.inbox.files.voice')}`, size])}</small>
    </Audio>
  );
}
