/** The sandbox phone: stands for WhatsApp in demos and tests (admins of the company). */
import type { SandboxCustomerMessage, SandboxDevice, SandboxInjected, SandboxOutbox, SandboxReplayOptions, Whatsapp } from '../../domain/whatsapp.js';
import type { Http } from '../http.js';

export function sandboxCalls(http: Http) {
  const base = (whatsappId: string) => `/sandbox/${encodeURIComponent(whatsappId)}`;
  return {
    /** Confirms the pairing shown as a QR (the scan); `token` is the QR's content. */
    pair: (whatsappId: string, data: { number?: string; token?: string } = {}) => http.request<Whatsapp>('POST', `${base(whatsappId)}/pair`, { body: data }),
    /** A customer writes: resolves once the platform stored the message, or held it (`queued`) while the phone is offline. */
    send: (whatsappId: string, message: SandboxCustomerMessage) => http.request<SandboxInjected>('POST', `${base(whatsappId)}/messages`, { body: message }),
    /** What the customers received, with acks; `after` is the last seen outbox id (or an ISO date). */
    outbox: (whatsappId: string, query: { to?: string; after?: string; limit?: number } = {}) => http.request<SandboxOutbox>('GET', `${base(whatsappId)}/outbox`, { query }),
    /** The customer read these messages (ack 3). */
    read: (whatsappId: string, providerMessageIds: string[]) => http.request<SandboxOutbox>('POST', `${base(whatsappId)}/read`, { body: { providerMessageIds } }),
    /** Numbers starting with one of these prefixes are answered "not on WhatsApp". */
    absentNumbers: (whatsappId: string, prefixes: string[]) => http.request<SandboxDevice>('PUT', `${base(whatsappId)}/absent-numbers`, { body: { prefixes } }),
    /** Brazilian mobile numbers starting with one of these prefixes (with the ninth digit) are WhatsApp accounts without it. */
    legacyNumbers: (whatsappId: string, prefixes: string[]) => http.request<SandboxDevice>('PUT', `${base(whatsappId)}/legacy-numbers`, { body: { prefixes } }),
    /** The next `count` sends fail. */
    failNext: (whatsappId: string, count: number) => http.request<SandboxDevice>('POST', `${base(whatsappId)}/failures`, { body: { count } }),
    /** The phone loses (TIMEOUT) or regains (CONNECTED) its connection; back, it replays what was held (`replay`: repeat, shuffle). */
    connectivity: (whatsappId: string, online: boolean, replay?: SandboxReplayOptions) =>
      http.request<SandboxDevice>('POST', `${base(whatsappId)}/connectivity`, { body: replay ? { online, replay } : { online } }),
  };
}

export type SandboxCalls = ReturnType<typeof sandboxCalls>;
