/**
 * A stand-in for a Baileys socket: `ev` and `ws` are event emitters the test drives (the
 * connection.update / creds.update / messages.upsert ... a real socket emits), `end` emits the
 * close a real socket emits, and what the provider asks of WhatsApp is recorded. The factory
 * checks that no two sockets of one connection are ever live at once.
 */
import { EventEmitter } from 'node:events';
import { Boom } from '@hapi/boom';
import type { AnyMessageContent, BaileysEventMap, GroupMetadata, MiscMessageGenerationOptions, UserFacingSocketConfig, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import { numberKeyOf } from '@atende/shared';
import { baileys } from '../../../src/channels/baileys/library.js';
import type { SocketFactory, WaSocket } from '../../../src/channels/baileys/socket.js';

export interface SentRecord {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions | undefined;
}

let ids = 0;

export class SocketDouble implements WaSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void => {
      this.emitter.on(event, listener);
    },
  };
  readonly ws = new EventEmitter();
  user: { id: string; lid?: string } | undefined;
  ended = false;
  loggedOut = false;
  readonly sent: SentRecord[] = [];
  readonly rejectedCalls: string[] = [];
  /** LID (jid) -> phone-number jid, as Baileys' LID mapping store answers. */
  readonly lids = new Map<string, string>();
  groups: Record<string, string> = {};
  failSends = 0;
  /** On-demand history requests (backfill), as Baileys' fetchMessageHistory was called. */
  readonly historyRequests: { count: number; key: WAMessageKey; timestampMs: number }[] = [];
  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null } };

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): void {
    this.emitter.emit(event, arg);
  }

  end(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.end(new Boom('Intentional Logout', { statusCode: 401 }));
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> {
    if (this.failSends > 0) {
      this.failSends -= 1;
      throw new Boom('Connection Closed', { statusCode: 428 });
    }
    this.sent.push({ jid, content, options });
    ids += 1;
    const id = options?.messageId ?? `DOUBLE${ids}`;
    const message = 'text' in content ? { extendedTextMessage: { text: content.text } } : { conversation: '' };
    const { proto } = baileys();
    return { key: { remoteJid: jid, fromMe: true, id }, message: proto.Message.fromObject(message), status: proto.WebMessageInfo.Status.PENDING };
  }

  async rejectCall(callId: string): Promise<void> {
    this.rejectedCalls.push(callId);
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    return { id: jid, subject: this.groups[jid] ?? '', participants: [] } as unknown as GroupMetadata;
  }

  /**
   * WhatsApp's accounts (the user part of their JID), none unless a test adds them. As WhatsApp
   * does, onWhatsApp finds a Brazilian mobile account by either form of its number, lists only the
   * accounts it found, and answers their own JID.
   */
  readonly accounts = new Set<string>();
  /** The numbers asked of onWhatsApp, call by call. */
  readonly asked: string[][] = [];

  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    this.asked.push(numbers);
    return numbers.flatMap((number) => {
      const account = [...this.accounts].find((known) => numberKeyOf(known) === numberKeyOf(number));
      return account ? [{ jid: `${account}@s.whatsapp.net`, exists: true }] : [];
    });
  }

  async fetchMessageHistory(count: number, key: WAMessageKey, timestampMs: number): Promise<string> {
    this.historyRequests.push({ count, key, timestampMs });
    return `PDO${this.historyRequests.length}`;
  }

  // What WhatsApp would do, driven by the test.
  qr(code: string): void {
    this.emit('connection.update', { qr: code });
  }

  open(number: string): void {
    this.user = { id: `${number}:12@s.whatsapp.net` };
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode?: number): void {
    this.ended = true;
    const error = statusCode === undefined ? new Error('getaddrinfo ENOTFOUND web.whatsapp.com') : new Boom('closed', { statusCode });
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }

  frame(): void {
    this.ws.emit('frame', {});
  }

  upsert(messages: WAMessage[]): void {
    this.emit('messages.upsert', { messages, type: 'notify' });
  }

  /** WhatsApp's offline replay: what arrived while the session was down (Baileys: `node.attrs.offline ? 'append' : 'notify'`). */
  append(messages: WAMessage[]): void {
    this.emit('messages.upsert', { messages, type: 'append' });
  }

  /** The phone's answer to an on-demand history request. */
  history(messages: WAMessage[]): void {
    const { proto } = baileys();
    this.emit('messaging-history.set', { chats: [], contacts: [], messages, syncType: proto.HistorySync.HistorySyncType.ON_DEMAND, peerDataRequestSessionId: `PDO${this.historyRequests.length}` });
  }
}

export interface SocketBench {
  factory: SocketFactory;
  sockets: SocketDouble[];
  latest(): SocketDouble;
  /** When each socket was made (ms since the epoch). */
  madeAt: number[];
  /** Sockets made while an earlier one was still live (must stay 0). */
  overlaps: number;
  /** Resolves once `count` sockets were made. */
  waitFor(count: number, ms?: number): Promise<SocketDouble>;
}

export function socketBench(prepare?: (socket: SocketDouble) => void): SocketBench {
  const bench: SocketBench = {
    sockets: [],
    madeAt: [],
    overlaps: 0,
    factory: (config) => {
      if (bench.sockets.some((socket) => !socket.ended)) bench.overlaps += 1;
      const socket = new SocketDouble(config);
      prepare?.(socket);
      bench.sockets.push(socket);
      bench.madeAt.push(Date.now());
      return socket;
    },
    latest: () => {
      const socket = bench.sockets.at(-1);
      if (!socket) throw new Error('no socket was made');
      return socket;
    },
    async waitFor(count, ms = 3_000) {
      const started = Date.now();
      while (bench.sockets.length < count) {
        if (Date.now() - started > ms) throw new Error(`${count} sockets expected, ${bench.sockets.length} made`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return bench.sockets[count - 1]!;
    },
  };
  return bench;
}
