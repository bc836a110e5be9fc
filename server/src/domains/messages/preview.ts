/**
 * The text lists show for a message (a ticket's lastMessage and lastCustomerMessage), in the
 * company's language (ATENDE_LANGUAGE, as the automatic messages): one line, WhatsApp's marks
 * taken out, a signed message as "Ana: text", media named by kind ("Voice message", "Document:
 * contrato.pdf") rather than by file, and a message deleted for everyone as the deleted notice.
 * Every client shows it as it is: the web console, the kanban, the terminal inbox and the CLI.
 */
import { createI18n, signatureName, stripWhatsappMarks, unsignedText, type Language } from '@atende/shared';
import type { i18n } from 'i18next';
import type { MediaType } from './model.js';

/** The spec's lastMessage is cut at 255 characters. */
const PREVIEW_MAX = 255;

const textsByLanguage = new Map<Language, i18n>();

function textsOf(language: Language): i18n {
  let texts = textsByLanguage.get(language);
  if (!texts) {
    texts = createI18n(language);
    textsByLanguage.set(language, texts);
  }
  return texts;
}

export interface Previewed {
  body: string;
  mediaType: MediaType;
  /** The file's name: a media message without a caption carries it as its body too (the spec's send). */
  mediaName?: string | null;
  signed?: boolean;
  isDeleted?: boolean;
}

/** The text, one line, without marks; a signature becomes "Name: ". */
function plainText(message: Pick<Previewed, 'body' | 'signed'>): string {
  const signed = { body: message.body, signed: Boolean(message.signed) };
  const name = signatureName(signed);
  const text = name === null ? message.body : `${name}: ${unsignedText(signed)}`;
  return stripWhatsappMarks(text).replace(/\s+/g, ' ').trim();
}

/** FN of a vCard (the first one), else the body's first line. */
function contactName(body: string): string {
  return /^FN[^:]*:(.*)$/im.exec(body)?.[1]?.trim() ?? body.split('\n')[0]!.trim();
}

export function messagePreview(message: Previewed, language: Language): string {
  const { t } = textsOf(language);
  if (message.isDeleted) return t('inbox.preview.deleted');
  // A file sent without a caption has its name as its body: that is not a caption.
  const caption = message.body && message.body !== message.mediaName ? plainText(message) : '';
  const withCaption = (label: string) => (caption ? `${label}: ${caption}` : label);
  let text: string;
  switch (message.mediaType) {
    case 'chat':
    case 'call_log':
    case 'reaction':
      text = plainText(message);
      break;
    case 'image':
      text = withCaption(t('inbox.preview.image'));
      break;
    case 'video':
      text = withCaption(t('inbox.preview.video'));
      break;
    case 'audio':
      text = t('inbox.preview.voice');
      break;
    case 'sticker':
      text = t('inbox.preview.sticker');
      break;
    case 'application':
    case 'document':
      text = t('inbox.preview.document', { name: message.mediaName || message.body });
      break;
    case 'locationMessage': {
      const description = message.body.split('|').slice(2).join('|').trim();
      text = description ? `${t('inbox.preview.location')}: ${description}` : t('inbox.preview.location');
      break;
    }
    case 'vcard':
    case 'contactMessage':
      text = t('inbox.preview.contact', { name: contactName(message.body) });
      break;
  }
  return text.slice(0, PREVIEW_MAX);
}
