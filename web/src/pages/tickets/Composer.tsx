/**
 * The message input (document 1 sections 4 and 5): enabled only while the ticket is open; Enter
 * sends (Shift+Enter breaks the line), empty text is not sent, at most 5 rows, "/" suggests the
 * quick answers (a quick answer's attachment comes along), files are attached and sent as media, and with no text the mic button records a
 * voice message (sent as an attachment too).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { QuickMessage, QuickMessageEvent, Ticket } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { MenuItem } from '../../ui/Popover.js';
import { useErrorToast } from '../../ui/toast.js';
import { RecordingBar, useAudioRecorder } from './AudioRecorder.js';
import { composerRows, quickAnswers } from './ticketRules.js';

const Bar = styled.form`
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px;
  padding: 8px 12px;
  border-top: 1px solid ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.paper};
  textarea {
    flex: 1;
    min-width: 0;
    resize: none;
    padding: 9px 10px;
    border: 1px solid ${({ theme }) => theme.border};
    border-radius: 18px;
    background: ${({ theme }) => theme.paper};
    font: inherit;
  }
`;

const Suggestions = styled.ul`
  position: absolute;
  left: 12px;
  right: 12px;
  bottom: calc(100% + 4px);
  margin: 0;
  padding: 4px 0;
  list-style: none;
  max-height: 240px;
  overflow-y: auto;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  box-shadow: ${({ theme }) => theme.shadow};
`;

const Files = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  width: 100%;
`;

export function Composer({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [quick, setQuick] = useState<QuickMessage[]>([]);
  const [sending, setSending] = useState(false);
  const enabled = ticket.status === 'open';
  const recorder = useAudioRecorder(enabled, async (file) => {
    await api.messages.send(ticket.id, { body: '', medias: [{ blob: file, fileName: file.name }] });
  });

  useEffect(() => {
    api.quickMessages.list({ userId: user.id }).then(setQuick).catch(showError);
  }, [api, user.id, showError]);

  // The user's own quick answers and the shared ones, kept as they change elsewhere.
  useChannel<QuickMessageEvent>('quickmessage', (event) => {
    const id = event.action === 'delete' ? event.quickMessageId : event.quickMessage.id;
    const others = (current: QuickMessage[]) => current.filter((item) => item.id !== id);
    if (event.action === 'delete') setQuick(others);
    else if (event.quickMessage.geral || event.quickMessage.userId === user.id) setQuick((current) => [...others(current), event.quickMessage]);
    else setQuick(others);
  });

  const suggestions = enabled ? quickAnswers(text, quick) : [];
  const hasContent = text.trim() !== '' || files.length > 0;

  const send = async () => {
    const body = text.trim();
    if (!enabled || sending || (!body && files.length === 0)) return;
    setSending(true);
    try {
      await api.messages.send(ticket.id, files.length > 0 ? { body, medias: files.map((file) => ({ blob: file, fileName: file.name })) } : { body });
      setText('');
      setFiles([]);
    } catch (error) {
      showError(error);
    }
    setSending(false);
  };

  const pickQuickAnswer = async (id: string, message: string) => {
    setText(message);
    const chosen = quick.find((item) => item.id === id);
    if (!chosen?.mediaUrl) return;
    try {
      const response = await fetch(chosen.mediaUrl);
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      const blob = await response.blob();
      setFiles((current) => [...current, new File([blob], chosen.mediaName ?? chosen.shortcode, { type: blob.type })]);
    } catch (error) {
      showError(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Bar
      aria-label={t('web.inbox.composer.send')}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {suggestions.length > 0 ? (
        <Suggestions role="listbox" aria-label={t('web.inbox.composer.quickAnswers')}>
          {suggestions.map((suggestion) => (
            <li key={suggestion.id}>
              <MenuItem type="button" role="option" onClick={() => void pickQuickAnswer(suggestion.id, suggestion.message)}>
                {suggestion.label}
              </MenuItem>
            </li>
          ))}
        </Suggestions>
      ) : null}
      {files.length > 0 ? (
        <Files>
          {files.map((file, index) => (
            <Chip key={`${index}:${file.name}`} data-file={file.name}>
              {file.name}{' '}
              <button type="button" aria-label={t('web.inbox.composer.removeFile')} onClick={() => setFiles((current) => current.filter((item) => item !== file))}>
                ×
              </button>
            </Chip>
          ))}
        </Files>
      ) : null}
      {recorder.state === 'idle' ? (
        <>
          <input ref={fileInput} type="file" multiple hidden name="medias" onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
          <IconButton icon="plus" label={t('web.inbox.composer.attach')} disabled={!enabled} onClick={() => fileInput.current?.click()} />
          <textarea
            name="body"
            rows={composerRows(text)}
            value={text}
            disabled={!enabled}
            placeholder={enabled ? t('web.inbox.composer.placeholder') : t('web.inbox.composer.disabled')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {hasContent ? (
            <Button type="submit" disabled={!enabled || sending}>
              {t('web.inbox.composer.send')}
            </Button>
          ) : (
            <IconButton icon="mic" label={t('web.inbox.composer.audio.record')} disabled={!enabled} onClick={recorder.start} />
          )}
        </>
      ) : (
        <RecordingBar recorder={recorder} />
      )}
    </Bar>
  );
}
