/**
 * What the product asks of a connection's WhatsApp session. The channels implement it
 * (channels/sessions.ts) and app.ts hands it to the domains: a domain never imports a channel, and
 * a new channel touches no domain.
 */
import type { WhatsappDoc } from './model.js';

export interface SessionControl {
  /** Starts (or starts again: "try again") the session: restored credentials or a new QR. */
  start(companyId: string, whatsappId: string): Promise<WhatsappDoc>;
  /** New QR: forgets the credentials and starts a new pairing. */
  restart(companyId: string, whatsappId: string): Promise<WhatsappDoc>;
  /** Disconnect: forgets the credentials; DISCONNECTED until started again. */
  logout(companyId: string, whatsappId: string): Promise<WhatsappDoc>;
  /** The connection is being deleted: session closed, credentials and provider state removed. */
  remove(companyId: string, whatsappId: string): Promise<void>;
  /** Writes the traffic counted in memory to the connection's health record (before reading it). */
  flushHealth(whatsappId: string): Promise<void>;
  /** Who is on WhatsApp, asked through the connection's live session; null while it is not running. */
  directory(whatsappId: string): NumberDirectory | null;
}

/** Whether numbers have a WhatsApp account. */
export interface NumberDirectory {
  /** In the order asked; `jid` is the network's address of an existing one. Throws when the session is not connected. */
  onWhatsApp(numbers: string[]): Promise<WhatsappPresence[]>;
}

export interface WhatsappPresence {
  number: string;
  exists: boolean;
  jid: string | null;
}
