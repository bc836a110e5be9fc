/** Help videos (document 2): listed by everyone, managed by super users. */
import type { Help, HelpsPage } from '../../domain/entities.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface HelpData {
  title: string;
  description?: string;
  /** A video id or URL, embedded by the help modal. */
  video?: string;
}

export function helpCalls(http: Http) {
  const one = (id: string) => `/helps/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<HelpsPage>('GET', '/helps', { query }),
    list: () => http.request<Help[]>('GET', '/helps/list'),
    create: (data: HelpData) => http.request<Help>('POST', '/helps', { body: data }),
    update: (id: string, data: Partial<HelpData>) => http.request<Help>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
  };
}

export type HelpCalls = ReturnType<typeof helpCalls>;
