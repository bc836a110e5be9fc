/** Connections and their sessions (document 1 sections 4 and 7). */
import type { ConnectionHealth } from '../../domain/health.js';
import type { Whatsapp, WhatsappData } from '../../domain/whatsapp.js';
import type { Http } from '../http.js';

export function whatsappCalls(http: Http) {
  const one = (id: string) => `/whatsapp/${encodeURIComponent(id)}`;
  const session = (id: string) => `/whatsappsession/${encodeURIComponent(id)}`;
  return {
    /** Every connection of the company (`session: 0` as the spec's client sends it; same safe shape). */
    list: (query: { session?: 0 | 1; companyId?: string } = {}) => http.request<Whatsapp[]>('GET', '/whatsapp', { query }),
    get: (id: string) => http.request<Whatsapp>('GET', one(id)),
    create: (data: WhatsappData) => http.request<Whatsapp>('POST', '/whatsapp', { body: data }),
    update: (id: string, data: Partial<WhatsappData>) => http.request<Whatsapp>('PUT', one(id), { body: data }),
    /** Deleting the default while others exist names the new default. */
    remove: (id: string, query: { newDefaultId?: string } = {}) => http.request<void>('DELETE', one(id), { query }),
    /** Start the session ("try again"). */
    startSession: (id: string) => http.request<Whatsapp>('POST', session(id)),
    /** New QR code: the pairing starts over. */
    newQrCode: (id: string) => http.request<Whatsapp>('PUT', session(id)),
    /** Disconnect: a new scan is needed afterwards. */
    disconnect: (id: string) => http.request<Whatsapp>('DELETE', session(id)),
    /** Health of every connection: status timeline, traffic, reconnects, recovered messages. */
    healthAll: () => http.request<ConnectionHealth[]>('GET', '/whatsapp/health'),
    health: (id: string) => http.request<ConnectionHealth>('GET', `${one(id)}/health`),
  };
}

export type WhatsappCalls = ReturnType<typeof whatsappCalls>;
