/**
 * WhatsApp's text marks as the customer's phone shows them (*bold*, _italic_, ~strike~,
 * ```monospace```, parsed by the shared rule), with links clickable: the conversation, the flow
 * simulator and every other place of the console that shows a message. Built as elements, never
 * as HTML, so a customer's text can inject nothing.
 */
import Linkify from 'linkify-react';
import type { ReactNode } from 'react';
import { parseWhatsappMarks, type WhatsappMarkKind, type WhatsappPiece } from '@atende/shared';

const TAGS: Record<WhatsappMarkKind, 'code' | 'strong' | 'em' | 's'> = { monospace: 'code', bold: 'strong', italic: 'em', strike: 's' };

/** Links, e-mail addresses and www. names open in a new tab, never with this page as opener. */
const LINK_OPTIONS = { target: '_blank', rel: 'noopener noreferrer', defaultProtocol: 'https' };

function render(pieces: WhatsappPiece[], keyPrefix: string): ReactNode[] {
  return pieces.map((piece, index) => {
    const key = `${keyPrefix}${index}`;
    if (typeof piece === 'string') {
      return (
        <Linkify key={key} options={LINK_OPTIONS}>
          {piece}
        </Linkify>
      );
    }
    const Tag = TAGS[piece.kind];
    return <Tag key={key}>{piece.kind === 'monospace' ? piece.pieces.join('') : render(piece.pieces, `${key}.`)}</Tag>;
  });
}

export function formatWhatsapp(text: string): ReactNode[] {
  return render(parseWhatsappMarks(text), '');
}
