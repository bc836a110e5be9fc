/**
 * The composer (document 1 sections 4 and 5): only on open tickets; Enter hands the message to the
 * outbox and the composer is free at once (what is typed meanwhile is the next message), Alt+Enter
 * or Ctrl+J breaks the line, a paste comes in whole; "/" suggests quick answers (with their
 * attachment); Ctrl+O attaches a file by its path; a quoted message goes with the text; empty text
 * without a file is not sent. Messages not sent yet show above the prompt; a failed one is retried
 * with Ctrl+R or taken back to edit with ↑ in an empty composer. Ctrl+S turns the signature (the
 * agent's name in bold before the text) on and off; the placeholder's row says which, and while
 * writing a row above the prompt. It also edits one of the agent's sent texts (useComposerEdit).
 * What is written and not sent is the ticket's draft: it comes back when the ticket is opened again.
 */
import { unsignedText, type Message, type QuickMessage, type Ticket } from '@atende/shared';
import { Box, Text } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { useTexts } from '../app/i18n.js';
import { absoluteUrl } from '../format/messages.js';
import { filterQuickAnswers, quickAnswerLabel, quickAnswerQuery } from '../format/quickAnswers.js';
import { firstLine, textWidth, truncate } from '../format/text.js';
import { editorActionFor, editorReducer, emptyEditor } from '../state/editor.js';
import { attachmentAt, type Attachment } from '../state/media.js';
import type { OutboxItem } from '../state/outbox.js';
import { useOutboxLine, type Outbox } from '../state/useOutbox.js';
import { LineText } from '../ui/lines.js';
import { PickList } from '../ui/PickList.js';
import { TextField } from '../ui/TextField.js';
import { clamp } from '../ui/window.js';
import { composerLines } from './composerLines.js';
import { useComposerEdit } from './useComposerEdit.js';
import { useKeys } from '../ui/keys.js';

const SUGGESTIONS_MAX = 5;
const UNSENT_SHOWN = 3;
const PROMPT = '> ';

export interface ComposerProps {
  /** The server's address, for the quick answers' attachments. */
  server: string;
  ticket: Ticket;
  outbox: Outbox;
  /** The ticket's draft when the composer opens, and each change of the text (not while editing a sent message). */
  draft: string;
  onDraft(text: string): void;
  quote: Message | null;
  /** The quote changes: cleared (sent, Ctrl+X) or given back with a failed message. */
  onQuote(message: Message | null): void;
  focused: boolean;
  width: number;
  quickMessages: QuickMessage[];
  onLeave(): void;
  onNotice(text: string): void;
  /** signOption: sends go signed with `signer`'s name. */
  sign: boolean;
  signer: string;
  onSign(): void;
  /** The agent's own text being edited, or null. */
  editing: Message | null;
  onSaveEdit(message: Message, body: string): Promise<boolean>;
  /** A message was handed to the outbox. */
  onSend(): void;
  onEditEnd(): void;
}

function UnsentLine({ item, width }: { item: OutboxItem; width: number }) {
  const { t } = useTexts();
  const text = firstLine(item.body) || item.attachment?.fileName || '';
  if (item.state === 'failed') {
    const prefix = `⚠ ${t('tui.composer.notSent')} `;
    const hint = ` · ${t('tui.composer.failedHint')}`;
    return <Text color="red" wrap="truncate">{`${prefix}${truncate(text, Math.max(4, width - textWidth(prefix) - textWidth(hint)))}${hint}`}</Text>;
  }
  return <Text dimColor wrap="truncate">{`◷ ${truncate(text, width - 2)}`}</Text>;
}

function EditingLine({ message, width }: { message: Message; width: number }) {
  const { t } = useTexts();
  const prefix = `✎ ${t('tui.composer.editing')} `;
  const hint = ` · ${t('tui.composer.editHint')}`;
  const room = Math.max(4, width - textWidth(prefix) - textWidth(hint));
  return <Text color="yellow" wrap="truncate">{`${prefix}${truncate(firstLine(unsignedText(message)), room)}${hint}`}</Text>;
}

export function Composer(props: ComposerProps) {
  const { server, ticket, outbox, quote, onQuote, focused, width, quickMessages, onLeave, onNotice } = props;
  const { t } = useTexts();
  const [editor, edit] = useReducer(editorReducer, props.draft, (text) => ({ text, cursor: text.length }));
  const editMode = useComposerEdit({ editing: props.editing, editor, edit, onSave: props.onSaveEdit, onEnd: props.onEditEnd });
  const { onDraft } = props;
  useEffect(() => {
    if (!editMode.active) onDraft(editor.text);
  }, [editor.text, editMode.active, onDraft]);
  const [pathEditor, editPath] = useReducer(editorReducer, emptyEditor);
  const [askingPath, setAskingPath] = useState(false);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [suggestion, setSuggestion] = useState(0);
  const unsent = useOutboxLine(outbox, ticket.id);
  const open = ticket.status === 'open';
  const query = quickAnswerQuery(editor.text);
  const suggestions = query === null ? [] : filterQuickAnswers(quickMessages, query).slice(0, SUGGESTIONS_MAX);
  const current = clamp(suggestion, suggestions.length);

  function send() {
    const body = editor.text.trim();
    if (!body && !attachment) return;
    outbox.enqueue(ticket.id, { body, attachment, quote, sign: props.sign });
    edit({ type: 'set', text: '' });
    setAttachment(null);
    onQuote(null);
    props.onSend();
  }

  function takeBack() {
    const draft = outbox.takeBack(ticket.id);
    if (!draft) return;
    edit({ type: 'set', text: draft.body });
    setAttachment(draft.attachment);
    onQuote(draft.quote);
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
      if (editMode.active) {
        if (key.return && !key.meta) editMode.save();
        else if (key.escape) editMode.end();
        else {
          const action = editorActionFor(input, key, true);
          if (action) edit(action);
        }
        return;
      }
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
      else if (key.ctrl && input === 'r') outbox.retry(ticket.id);
      else if (key.ctrl && input === 's') props.onSign();
      else if (key.upArrow && !editor.text && !attachment) takeBack();
      else if (key.ctrl && input === 'x') {
        setAttachment(null);
        onQuote(null);
      } else if (key.return && !key.meta) send();
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
  // On the placeholder's row; while writing, on a row of its own above the prompt.
  const signing = props.sign ? t('tui.composer.signing', { name: props.signer }) : t('tui.composer.notSigning');
  const hidden = unsent.length - UNSENT_SHOWN;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {unsent.slice(0, UNSENT_SHOWN).map((item) => (
        <UnsentLine key={item.key} item={item} width={width} />
      ))}
      {hidden > 0 ? <Text dimColor>{t('tui.composer.moreUnsent', { count: hidden })}</Text> : null}
      {props.editing ? <EditingLine message={props.editing} width={width} /> : null}
      {focused && !props.editing ? <Text dimColor wrap="truncate">{signing}</Text> : null}
      {quote && !props.editing ? <Text dimColor wrap="truncate">{`↪ ${t('tui.composer.quoting')} ${truncate(quote.body.replace(/\s+/g, ' '), inner - 12)}`}</Text> : null}
      {attachment && !props.editing ? <Text color="magenta" wrap="truncate">{`📎 ${truncate(attachment.fileName, width - 3)}`}</Text> : null}
      {query !== null ? <PickList items={suggestions.map((quick) => ({ id: quick.id, label: quickAnswerLabel(quick) }))} cursor={current} height={SUGGESTIONS_MAX} empty={t('tui.composer.noQuickAnswers')} /> : null}
      {editor.text === '/' ? <Text dimColor>{t('tui.composer.quickAnswersHint')}</Text> : null}
      {askingPath ? <TextField label={t('tui.composer.attachPrompt')} state={pathEditor} focused /> : null}
      {!askingPath && !focused && !editor.text ? <Text dimColor wrap="truncate">{`${t('tui.composer.placeholder')} · ${signing}`}</Text> : null}
      {!askingPath && (focused || editor.text)
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
