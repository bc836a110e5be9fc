/**
 * The part of a Baileys socket the provider uses, so tests can hand it a double (an event
 * emitter standing for `ev`, with end/logout/ws) instead of a connection to WhatsApp.
 */
import type { AnyMessageContent, BaileysEventMap, GroupMetadata, MiscMessageGenerationOptions, UserFacingSocketConfig, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { baileys } from './library.js';

export interface SocketEvents {
  on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
}

export interface WaSocket {
  ev: SocketEvents;
  /** The websocket: every frame received, keep-alive answers included, feeds the watchdog. */
  ws: { on(event: 'frame', listener: () => void): unknown };
  user?: { id: string; lid?: string } | undefined;
  end(error: Error | undefined): void | Promise<void>;
  logout(message?: string): Promise<void>;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  updateMediaMessage(message: WAMessage): Promise<WAMessage>;
  groupMetadata(jid: string): Promise<GroupMetadata>;
  /** Asks the phone for `count` messages of a chat before the given one (answered on messaging-history.set, ON_DEMAND). */
  fetchMessageHistory(count: number, oldestMsgKey: WAMessageKey, oldestMsgTimestamp: number): Promise<string>;
  /** The accounts WhatsApp has among these numbers (only the found ones are listed). */
  onWhatsApp(...phoneNumber: string[]): Promise<{ jid: string; exists: boolean }[] | undefined>;
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
}

export type SocketFactory = (config: UserFacingSocketConfig) => WaSocket;

/** A real WhatsApp socket (Baileys loaded). */
export const defaultSocketFactory: SocketFactory = (config) => baileys().makeWASocket(config);
