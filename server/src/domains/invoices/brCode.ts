/**
 * The Pix "copia e cola" payload: an EMV QR Code (BR Code) built from TLV fields, each an id of two
 * digits, a length of two digits and the value, ending with a CRC16 of everything before it.
 */
import { PIX_CITY_MAX, PIX_MERCHANT_NAME_MAX, PIX_TXID_MAX } from '@atende/shared';

export interface BrCodeInput {
  key: string;
  merchantName: string;
  city: string;
  amount: number;
  txid: string;
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The BR Code character set is ASCII: accents go, other characters become spaces. */
function plain(text: string, max: number): string {
  const ascii = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7E]/g, ' ');
  return ascii.trim().slice(0, max).trim();
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF, no reflection), 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function brCode(input: BrCodeInput): string {
  const txid = input.txid.replace(/[^0-9A-Za-z]/g, '').slice(0, PIX_TXID_MAX) || '***';
  const body = [
    field('00', '01'),
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)),
    field('52', '0000'),
    field('53', '986'),
    field('54', input.amount.toFixed(2)),
    field('58', 'BR'),
    field('59', plain(input.merchantName, PIX_MERCHANT_NAME_MAX)),
    field('60', plain(input.city, PIX_CITY_MAX)),
    field('62', field('05', txid)),
  ].join('');
  const signed = `${body}6304`;
  return signed + crc16(signed);
}
