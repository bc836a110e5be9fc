/**
 * Events of an XML part of a workbook, read as it is decoded (saxes, no DOM): tags by their local
 * name (some writers prefix every tag, `x:row`), attributes by their local name too.
 */
import { SaxesParser } from 'saxes';

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const CHUNK = 1 << 20;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function readXml(bytes: Buffer, handlers: XmlHandlers): void {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (!handlers.open) return;
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>)) attributes[localName(name)] = value;
    handlers.open(localName(tag.name), attributes);
  });
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)));
  // Decoded a piece at a time: the part's text is never held whole.
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < bytes.length; at += CHUNK) parser.write(decoder.decode(bytes.subarray(at, at + CHUNK), { stream: true }));
  parser.write(decoder.decode());
  parser.close();
}
