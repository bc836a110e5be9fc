/** Quick messages (document 2 sections 3, 5 and 7). */
import type { QuickMessage, QuickMessagesPage } from '../../domain/quickMessages.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface QuickMessageData {
  shortcode: string;
  message?: string;
  /** Shared with everyone of the company (admins only). */
  geral?: boolean;
  /** Offered in the composer's "/" list (default true). */
  status?: boolean;
  /** A personal one colleagues may see and use / also edit (set by its owner). */
  allowView?: boolean;
  allowEdit?: boolean;
}

export function quickMessageCalls(http: Http) {
  const one = (id: string) => `/quick-messages/${encodeURIComponent(id)}`;
  return {
    /** userId: admins may look at one user's own plus the shared ones. */
    page: (query: PageQuery & { userId?: string } = {}) => http.request<QuickMessagesPage>('GET', '/quick-messages', { query }),
    /** The composer's "/" suggestions: the user's own plus the shared ones. */
    list: (query: { userId?: string } = {}) => http.request<QuickMessage[]>('GET', '/quick-messages/list', { query }),
    get: (id: string) => http.request<QuickMessage>('GET', one(id)),
    create: (data: QuickMessageData) => http.request<QuickMessage>('POST', '/quick-messages', { body: data }),
    update: (id: string, data: Partial<QuickMessageData>) => http.request<QuickMessage>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Attaches a file (checked by content and size on the server), replacing the previous one. */
    uploadMedia: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('typeArch', 'quickMessage');
      form.append('file', file, fileName);
      return http.request<QuickMessage>('POST', `${one(id)}/media-upload`, { form });
    },
    removeMedia: (id: string) => http.request<void>('DELETE', `${one(id)}/media-upload`),
  };
}

export type QuickMessageCalls = ReturnType<typeof quickMessageCalls>;
