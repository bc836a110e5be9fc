/**
 * The message input (document 1 sections 4 and 5): enabled only while the ticket is open; Enter
 * sends (Shift+Enter breaks the line), empty text is not sent, at most 5 rows, "/" suggests the
 * quick answers, picked with the arrows and Enter or Tab (QuickAnswerList.tsx; a quick answer's
 * attachment comes along), files are attached and sent as media, and with no text the mic button
 * records a voice message (sent as an attachment too). What is sent goes to the outbox and leaves
 * the input at once: typing never waits for a send. What is typed and not sent stays as the
 * ticket's draft (drafts.ts). A reply shows the quoted message above the input (cancelled by its
 * button or Escape); the signature toggle (signOption) sends the text with the agent's name.
 */
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { quickMessageVisibleTo, type Message, type QuickMessage, type QuickMessageEvent, type Ticket } from '@atende/shared';
import { useApi, useUser } from '../../app/api.js';
import { useChannel } from '../../app/realtime.js';
import { Button, Chip, IconButton } from '../../ui/controls.js';
import { Popover } from '../../ui/Popover.js';
import { useErrorToast } from '../../ui/toast.js';
import { useSignOption } from './actions/signOption.js';
import { RecordingBar, useAudioRecorder } from './AudioRecorder.js';
import { readDraft, writeDraft } from './drafts.js';
import type { Draft, Outbox } from './outbox.js';
import { QuickAnswerList, useQuickAnswerPicker } from './QuickAnswerList.js';
import { composerRows, type QuickAnswer } from './ticketRules.js';

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
  button[aria-pressed='true'] {
    color: ${({ theme }) => theme.accent};
    background: ${({ theme }) => theme.selected};
  }
`;

const EmojiPanel = lazy(() => import('./EmojiPanel.js'));
const ReplyPreview = lazy(() => import('./actions/ReplyPreview.js'));

const Files = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  width: 100%;
`;

interface ComposerProps {
  ticket: Ticket;
  outbox: Outbox;
  /** A failed message taken back from the outbox, put before what is being typed. */
  draft: Draft | null;
  /** The message the next send replies to. */
  replyTo?: Message | null;
  onCancelReply?(): void;
}

export function Composer({ ticket, outbox, draft, replyTo = null, onCancelReply }: ComposerProps) {
  const { t } = useTranslation();
  const { api } = useApi();
  const user = useUser();
  const showError = useErrorToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(() => readDraft(user.id, ticket.id));
  const [files, setFiles] = useState<File[]>([]);
  const [quick, setQuick] = useState<QuickMessage[]>([]);
  const enabled = ticket.status === 'open';
  const [sign, setSign] = useSignOption();
  const recorder = useAudioRecorder(enabled, async (file) => outbox.enqueue(ticket.id, { body: '', files: [file] }));

  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  useEffect(() => {
    if (!draft) return;
    setText((current) => (current ? `${draft.body}\n${current}` : draft.body));
    setFiles((current) => [...draft.files, ...current]);
    input.current?.focus();
  }, [draft]);

  useEffect(() => writeDraft(user.id, ticket.id, text), [user.id, ticket.id, text]);

  useEffect(() => {
    api.quickMessages.list({ userId: user.id }).then(setQuick).catch(showError);
  }, [api, user.id, showError]);

  // The active quick answers the user sees (own, shared, viewable), kept as they change elsewhere.
  useChannel<QuickMessageEvent>('quickmessage', (event) => {
    const id = event.action === 'delete' ? event.quickMessageId : event.quickMessage.id;
    const others = (current: QuickMessage[]) => current.filter((item) => item.id !== id);
    if (event.action === 'delete') setQuick(others);
    else if (event.quickMessage.status && quickMessageVisibleTo(event.quickMessage, user.id)) setQuick((current) => [...others(current), event.quickMessage]);
    else setQuick(others);
  });

  const hasContent = text.trim() !== '' || files.length > 0;

  const send = () => {
    // What the input holds at this keystroke, not at the last render: that is what goes out.
    const typed = input.current?.value ?? text;
    const body = typed.trim();
    if (!enabled || (!body && files.length === 0)) return;
    outbox.enqueue(ticket.id, { body, files, quotedMsgId: replyTo?.id ?? null, sign });
    if (replyTo) onCancelReply?.();
    // Only what was sent leaves the input.
    setText((current) => (current.startsWith(typed) ? current.slice(typed.length) : current));
    setFiles((current) => current.filter((file) => !files.includes(file)));
  };

  /** Puts an emoji where the caret is (or over the selection), and the caret after it. */
  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    setText((current) => current.slice(0, start) + emoji + current.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const pickQuickAnswer = async ({ id, message }: QuickAnswer) => {
    setText(message);
    input.current?.focus();
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

  const picker = useQuickAnswerPicker(text, quick, enabled, (answer) => void pickQuickAnswer(answer));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter that ends an IME composition picks the word; it does not send.
    if (event.nativeEvent.isComposing) return;
    if (picker.onKey(event)) {
      event.preventDefault();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && replyTo) {
      event.preventDefault();
      onCancelReply?.();
    }
  };

  return (
    <Bar
      aria-label={t('web.inbox.composer.send')}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <QuickAnswerList picker={picker} onPick={(answer) => void pickQuickAnswer(answer)} />
      {replyTo && enabled ? (
        <Suspense fallback={null}>
          <ReplyPreview message={replyTo} onCancel={() => onCancelReply?.()} />
        </Suspense>
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
          <Popover
            align="left"
            above
            label={t('web.inbox.composer.emoji')}
            trigger={(toggle) => <IconButton icon="smile" label={t('web.inbox.composer.emoji')} disabled={!enabled} onClick={toggle} data-emoji-button />}
          >
            <Suspense fallback={null}>
              <EmojiPanel onPick={insertEmoji} />
            </Suspense>
          </Popover>
          <IconButton icon="pen" label={t('web.messageActions.sign')} aria-pressed={sign} disabled={!enabled} onClick={() => setSign(!sign)} data-sign={sign} />
          <textarea
            ref={input}
            name="body"
            rows={composerRows(text)}
            value={text}
            disabled={!enabled}
            placeholder={enabled ? t('web.inbox.composer.placeholder') : t('web.inbox.composer.disabled')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            {...picker.inputProps}
          />
          {hasContent ? (
            <Button type="submit" disabled={!enabled}>
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
