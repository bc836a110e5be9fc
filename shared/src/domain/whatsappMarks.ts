/**
 * WhatsApp's text marks, written once for every place that shows a message: *bold*, _italic_,
 * ~strike~ and ```monospace```. A mark opens at a word's start and closes at a word's end, on one
 * line (as the customer's phone reads them); monospace may span lines.
 */

/** The kinds of mark, in the order of WHATSAPP_MARKS' groups. */
export const WHATSAPP_MARK_KINDS = ['monospace', 'bold', 'italic', 'strike'] as const;
export type WhatsappMarkKind = (typeof WHATSAPP_MARK_KINDS)[number];

/** One group per kind (WHATSAPP_MARK_KINDS' order) holding the marked text. Global: use with matchAll. */
export const WHATSAPP_MARKS = /```([^`]+?)```|(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)([^_\n]+?)(?<!\s)_(?![\w_])|(?<![\w~])~(?!\s)([^~\n]+?)(?<!\s)~(?![\w~])/g;

/** A piece of marked text: plain, or a mark around its own pieces (monospace holds plain text only). */
export type WhatsappPiece = string | { kind: WhatsappMarkKind; pieces: WhatsappPiece[] };

/** The text cut into plain and marked pieces (never HTML: each client builds its own elements). */
export function parseWhatsappMarks(text: string): WhatsappPiece[] {
  const pieces: WhatsappPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(WHATSAPP_MARKS)) {
    const at = match.index;
    if (at > last) pieces.push(text.slice(last, at));
    const group = match.slice(1).findIndex((value) => value !== undefined);
    const kind = WHATSAPP_MARK_KINDS[group]!;
    const inner = match[group + 1]!;
    pieces.push({ kind, pieces: kind === 'monospace' ? [inner] : parseWhatsappMarks(inner) });
    last = at + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/** The text without its marks (previews, notifications): `*Ana*: oi` -> `Ana: oi`. */
export function stripWhatsappMarks(text: string): string {
  return stripPieces(parseWhatsappMarks(text));
}

function stripPieces(pieces: WhatsappPiece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : stripPieces(piece.pieces))).join('');
}
