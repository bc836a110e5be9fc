/**
 * The composer (document 1 sections 4 and 5): only on open tickets; Enter sends, Alt+Enter or
 * Ctrl+J breaks the line; "/" suggests quick answers (with their attachment); Ctrl+O attaches a file by its path; a quoted
 * message goes with the text; empty text without a file is not sent.
 */
import type { Message, QuickMessage, Ticket } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import { Box, Text } from 'ink';
import { useReducer, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { absoluteUrl } from '../format/messages.js';
import { filterQuickAnswers, quickAnswerLabel, quickAnswerQuery } from '../format/quickAnswers.js';
import { truncate } from '../format/text.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { attachmentAt, attachmentBlob, type Attachment } from '../state/media.js';
import { LineText } from '../ui/lines.js';
import { PickList } from '../ui/PickList.js';
import { TextField } from '../ui/TextField.js';
import { clamp } from '../ui/window.js';
import { composerLines } from './composerLines.js';
import { useKeys } from '../ui/keys.js';

const SUGGESTIONS_MAX = 5;
const PROMPT = '> ';

export interface ComposerProps {
  api: ApiClient;
  /** The server's address, for the quick answers' attachments. */
  server: string;
  ticket: Ticket;
  quote: Message | null;
  onClearQuote(): void;
  focused: boolean;
  width: number;
  quickMessages: QuickMessage[];
  onLeave(): void;
  onNotice(text: string): void;
  onError(error: unknown): void;
}

export function Composer({ api, server, ticket, quote, onClearQuote, focused, width, quickMessages, onLeave, onNotice, onError }: ComposerProps) {
  const { t } = useTexts();
  const [editor, edit] = useReducer(editorReducer, emptyEditor);
  const [pathEditor, editPath] = useReducer(editorReducer, emptyEditor);
  const [askingPath, setAskingPath] = useState(false);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [suggestion, setSuggestion] = useState(0);
  const [sending, setSending] = useState(false);
  const open = ticket.status === 'open';
  const query = quickAnswerQuery(editor.text);
  const suggestions = query === null ? [] : filterQuickAnswers(quickMessages, query).slice(0, SUGGESTIONS_MAX);
  const current = clamp(suggestion, suggestions.length);

  async function send() {
    const body = editor.text.trim();
    if (!body && !attachment) return;
    setSending(true);
    try {
      const medias = attachment ? [await attachmentBlob(attachment)] : undefined;
      await api.messages.send(ticket.id, { body, quotedMsg: quote ? { id: quote.id } : null, medias });
      edit({ type: 'set', text: '' });
      setAttachment(null);
      onClearQuote();
    } catch (error) {
      onError(error);
    } finally {
      setSending(false);
    }
  }

  async function choosePath() {
    const found = await attachmentAt(pathEditor.text);
    if (found) setAttachment(found);
    else onNotice(t('tui.composer.fileNotFound', { path: pathEditor.text.trim() }));
    setAskingPath(false);
    editPath({ type: 'set', text: '' });
  }

  useKeys(
    (input, key) => {
      // The ticket may stop being open while the agent writes (resolved elsewhere): only Esc is left.
      if (!open) {
        if (key.escape) onLeave();
        return;
      }
      if (sending) return;
      if (askingPath) {
        if (key.return) void choosePath();
        else if (key.escape) setAskingPath(false);
        else {
          const action = editorActionFor(input, key, false);
          if (action) editPath(action);
        }
        return;
      }
      if (suggestions.length > 0 && (key.upArrow || key.downArrow)) setSuggestion(clamp(current + (key.upArrow ? -1 : 1), suggestions.length));
      else if (suggestions.length > 0 && (key.tab || (key.return && !key.meta))) {
        const chosen = suggestions[current]!;
        edit({ type: 'set', text: chosen.message });
        if (chosen.mediaUrl) setAttachment({ url: absoluteUrl(chosen.mediaUrl, server), fileName: chosen.mediaName ?? chosen.shortcode });
        setSuggestion(0);
      } else if (key.escape) onLeave();
      else if (key.ctrl && input === 'o') setAskingPath(true);
      else if (key.ctrl && input === 'x') {
        setAttachment(null);
        onClearQuote();
      } else if (key.return && !key.meta) void send();
      else {
        const action = editorActionFor(input, key, true);
        if (action) {
          edit(action);
          setSuggestion(0);
        }
      }
    },
    { isActive: focused },
  );

  if (!open) return <Text color="yellow">{t(ticket.status === 'pending' ? 'tui.composer.acceptFirst' : 'tui.composer.reopenFirst')}</Text>;
  const inner = width - PROMPT.length;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {quote ? <Text dimColor wrap="truncate">{`↪ ${t('tui.composer.quoting')} ${truncate(quote.body.replace(/\s+/g, ' '), inner - 12)}`}</Text> : null}
      {attachment ? <Text color="magenta" wrap="truncate">{`📎 ${attachment.fileName}`}</Text> : null}
      {query !== null ? <PickList items={suggestions.map((quick) => ({ id: quick.id, label: quickAnswerLabel(quick) }))} cursor={current} height={SUGGESTIONS_MAX} empty={t('tui.composer.noQuickAnswers')} /> : null}
      {editor.text === '/' ? <Text dimColor>{t('tui.composer.quickAnswersHint')}</Text> : null}
      {askingPath ? <TextField label={t('tui.composer.attachPrompt')} state={pathEditor} focused /> : null}
      {sending ? <Text dimColor>{t('tui.composer.sending')}</Text> : null}
      {!askingPath && !sending && !focused && !editor.text ? <Text dimColor>{t('tui.composer.placeholder')}</Text> : null}
      {!askingPath && !sending && (focused || editor.text)
        ? composerLines(editor, inner, focused).map((line, index) => (
            <Box key={index}>
              <Text color="cyan">{index === 0 ? PROMPT : '  '}</Text>
              <LineText line={line} />
            </Box>
          ))
        : null}
    </Box>
  );
}
