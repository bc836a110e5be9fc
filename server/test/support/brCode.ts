/**
 * An independent reader of Pix BR Codes for the tests: splits the EMV TLV fields (two-digit id,
 * two-digit length, value), checks that they cover the whole text, and recomputes the CRC16
 * bit by bit (CRC-16/CCITT-FALSE), so a wrong length, order or checksum fails the test.
 */
export interface Tlv {
  id: string;
  value: string;
}

export function parseTlv(text: string): Tlv[] {
  const fields: Tlv[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(lengthText)) throw new Error(`bad TLV header at ${at}: ${text.slice(at, at + 4)}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} runs past the end`);
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE: check value of "123456789" is 29B1. */
export function crcCcitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const inBit = (byte >> bit) & 1;
      const top = (crc >> 15) & 1;
      crc = (crc << 1) & 0xffff;
      if (top ^ inBit) crc ^= 0x1021;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface DecodedBrCode {
  fields: Map<string, string>;
  order: string[];
  account: Map<string, string>;
  additional: Map<string, string>;
  crcValid: boolean;
}

export function decodeBrCode(payload: string): DecodedBrCode {
  const fields = parseTlv(payload);
  const last = fields[fields.length - 1];
  if (!last || last.id !== '63') throw new Error('the CRC field 63 is not last');
  const crcValid = crcCcitt(payload.slice(0, -4)) === last.value;
  const map = new Map(fields.map((field) => [field.id, field.value]));
  return {
    fields: map,
    order: fields.map((field) => field.id),
    account: new Map(parseTlv(map.get('26') ?? '').map((field) => [field.id, field.value])),
    additional: new Map(parseTlv(map.get('62') ?? '').map((field) => [field.id, field.value])),
    crcValid,
  };
}
