/**
 * A Typebot answer as WhatsApp messages: text bubbles as text (markdown's **bold** as WhatsApp's
 * *bold*), image, audio and video bubbles as files, a choice input as numbered options (the
 * customer answers with the number or the words), and what WhatsApp cannot show (embeds, payment,
 * file or card inputs) as the integration's unknown-message text. A text bubble holding a command
 * `#{"transfer": true, "queue": "Sales"}` (or `"queueId"`) is not sent: it hands the ticket over.
 * An answer without an input is the end of the bot's flow: the ticket is handed over after it.
 */
import type { OutgoingItem } from './outgoing.js';
import type { QueueRef } from './ticketState.js';
import type { TypebotBubble, TypebotInput, TypebotReply } from './typebotApi.js';

export interface RenderedReply {
  items: OutgoingItem[];
  /** The options shown for a choice input, in their numbered order ([] without one). */
  choices: string[];
  /** A hand-over the bot asked for with a command bubble. */
  handOver: QueueRef | null;
  /** No input to wait for: the bot's flow ended. */
  ended: boolean;
}

interface RichNode {
  text?: string;
  bold?: boolean;
  italic?: boolean;
  type?: string;
  url?: string;
  children?: RichNode[];
}

/** Slate rich text (older Typebot servers) as WhatsApp text. */
function richTextOf(nodes: unknown): string {
  const leaf = (node: RichNode): string => {
    if (typeof node.text === 'string') {
      if (!node.text.trim()) return node.text;
      return node.bold ? `*${node.text}*` : node.italic ? `_${node.text}_` : node.text;
    }
    const inner = (node.children ?? []).map(leaf).join('');
    return node.type === 'a' && node.url && node.url !== inner ? `${inner} (${node.url})` : inner;
  };
  return Array.isArray(nodes) ? (nodes as RichNode[]).map(leaf).join('\n') : '';
}

/** Markdown as WhatsApp writes it: **bold** -> *bold*, ~~strike~~ -> ~strike~, [text](url) -> text (url). */
export function whatsappText(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '*$1*')
    .replace(/~~(.+?)~~/g, '~$1~')
    .replace(/\[([^\]]+)\]\((\S+?)\)/g, (_all, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1');
}

function textOf(bubble: TypebotBubble): string {
  const content = bubble.content ?? {};
  if (typeof content.markdown === 'string') return whatsappText(content.markdown);
  return richTextOf(content.richText);
}

/** `#{...}` with a transfer, queue or queueId: a hand-over asked by the bot. */
function commandOf(text: string): QueueRef | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#{') || !trimmed.endsWith('}')) return null;
  try {
    const command = JSON.parse(trimmed.slice(1)) as { transfer?: unknown; queue?: unknown; queueId?: unknown };
    if (!command.transfer && !command.queue && !command.queueId) return null;
    return { queue: typeof command.queue === 'string' ? command.queue : null, queueId: typeof command.queueId === 'string' || typeof command.queueId === 'number' ? String(command.queueId) : null };
  } catch {
    return null;
  }
}

function numbered(choices: string[]): string {
  return choices.map((choice, index) => `*${index + 1}* - ${choice}`).join('\n');
}

/** Inputs the customer answers by typing (the bubbles before them asked the question). */
const TYPED_INPUTS = new Set(['text input', 'number input', 'email input', 'url input', 'phone number input', 'date input', 'time input', 'rating input']);

function inputItems(input: TypebotInput, unknownMessage: string): { items: OutgoingItem[]; choices: string[] } {
  if (input.type === 'choice input' || input.type === 'picture choice input') {
    const choices = (input.items ?? []).map((item) => (item.content ?? item.title ?? '').trim()).filter(Boolean);
    return { items: choices.length > 0 ? [{ text: numbered(choices) }] : [], choices };
  }
  if (TYPED_INPUTS.has(input.type)) return { items: [], choices: [] };
  return { items: unknownMessage ? [{ text: unknownMessage }] : [], choices: [] };
}

export function renderReply(reply: TypebotReply, unknownMessage: string): RenderedReply {
  const items: OutgoingItem[] = [];
  let handOver: QueueRef | null = null;
  for (const bubble of reply.messages) {
    const url = typeof bubble.content?.url === 'string' ? bubble.content.url : '';
    switch (bubble.type) {
      case 'text': {
        const text = textOf(bubble);
        const command = commandOf(text);
        if (command) handOver = command;
        else if (text.trim()) items.push({ text });
        break;
      }
      case 'image':
        if (url) items.push({ mediaUrl: url, kind: 'image', fallback: unknownMessage || url });
        break;
      case 'audio':
        if (url) items.push({ mediaUrl: url, kind: 'audio', fallback: unknownMessage || url });
        break;
      case 'video':
        // A file is sent as one; YouTube, Vimeo and the like go as their link.
        if (url && (!bubble.content?.type || bubble.content.type === 'url')) items.push({ mediaUrl: url, kind: 'video', fallback: unknownMessage || url });
        else if (url) items.push({ text: url });
        break;
      default:
        if (unknownMessage) items.push({ text: unknownMessage });
    }
  }
  const input = reply.input ? inputItems(reply.input, unknownMessage) : { items: [], choices: [] };
  return { items: [...items, ...input.items], choices: input.choices, handOver, ended: !reply.input };
}

/** The customer's answer to the shown choices: "2" is the second option's words; anything else as typed. */
export function answerTo(choices: string[], body: string): string {
  const picked = /^\s*(\d{1,3})\s*$/.exec(body)?.[1];
  const choice = picked ? choices[Number(picked) - 1] : undefined;
  return choice ?? body;
}
