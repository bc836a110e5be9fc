/**
 * Who a JID is, as the platform numbers contacts. WhatsApp addresses people by phone number
 * (5511...@s.whatsapp.net) or, more and more, by LID (a private id, ...@lid). A contact is
 * numbered by its phone number whenever it is known (the message's alternate JID, or Baileys' LID
 * mapping store); a LID-only contact is numbered by its LID until its number shows up, and the
 * company remembers that this number is a LID so that replies go to @lid.
 */
import { numberKeyOf } from '@atende/shared';
import { baileys } from './library.js';
import { BaileysLidModel } from './model.js';
import type { WaSocket } from './socket.js';

export interface Person {
  /** Phone number digits; the LID digits when the number is unknown. */
  number: string;
  /** The LID digits, when known. */
  lid?: string;
}

function userOf(jid: string | null | undefined): string {
  return baileys().jidDecode(jid ?? undefined)?.user ?? '';
}

function isLid(jid: string | null | undefined): boolean {
  const { isLidUser, isHostedLidUser } = baileys();
  return Boolean(jid && (isLidUser(jid) || isHostedLidUser(jid)));
}

function isPhone(jid: string | null | undefined): boolean {
  const { isPnUser, isHostedPnUser } = baileys();
  return Boolean(jid && (isPnUser(jid) || isHostedPnUser(jid)));
}

export type LidMapping = WaSocket['signalRepository']['lidMapping'];

/** The person behind a JID, given the alternate JID WhatsApp sent along (remoteJidAlt / participantAlt). */
export async function personOf(jid: string, alt: string | null | undefined, lidMapping: LidMapping): Promise<Person> {
  if (isLid(jid)) {
    const lid = userOf(jid);
    const phone = isPhone(alt) ? alt : await lidMapping.getPNForLID(jid).catch(() => null);
    return phone ? { number: userOf(phone), lid } : { number: lid, lid };
  }
  const lid = isLid(alt) ? userOf(alt) : undefined;
  return { number: userOf(jid), ...(lid ? { lid } : {}) };
}

/** Remembers that a contact of the company is numbered by its LID (replies go to @lid). */
export async function rememberLid(companyId: string, person: Person): Promise<void> {
  if (!person.lid || person.lid !== person.number) return;
  if (await BaileysLidModel.exists({ companyId, lid: person.lid })) return;
  // Two messages of the same new LID at once: the unique index keeps one, the other may fail.
  await BaileysLidModel.updateOne({ companyId, lid: person.lid }, { $setOnInsert: { lid: person.lid } }, { upsert: true }).catch(() => undefined);
}

/** The JID to send to, for a contact number (digits) or a group id. */
export async function jidOf(companyId: string, to: { id: string; isGroup: boolean }): Promise<string> {
  if (to.isGroup) return `${to.id}@g.us`;
  if (await BaileysLidModel.exists({ companyId, lid: to.id })) return `${to.id}@lid`;
  return `${to.id}@s.whatsapp.net`;
}

export function isGroupJid(jid: string | null | undefined): boolean {
  return Boolean(jid && baileys().isJidGroup(jid));
}

/** A group's id as contacts number it (the user part of 1203...@g.us). */
export function groupId(jid: string): string {
  return userOf(jid);
}

/**
 * onWhatsApp's answer per number asked, in the order asked. WhatsApp lists only the accounts it
 * found, by JID, and a Brazilian account may be registered without the ninth digit.
 */
export function presenceOf(numbers: string[], found: { jid: string; exists: boolean }[]): { number: string; exists: boolean; jid: string | null }[] {
  const byUser = new Map(found.filter((entry) => entry.exists).map((entry) => [numberKeyOf(entry.jid.split('@')[0]!.split(':')[0]!), entry.jid]));
  return numbers.map((number) => {
    const jid = byUser.get(numberKeyOf(number)) ?? null;
    return { number, exists: jid !== null, jid };
  });
}
