/** Announcements (document 2): read by every signed-in user, managed by super users. */
import type { Announcement, AnnouncementPriority, AnnouncementsPage } from '../../domain/announcements.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface AnnouncementData {
  title: string;
  text: string;
  priority?: AnnouncementPriority;
  status?: boolean;
}

export function announcementCalls(http: Http) {
  const one = (id: string) => `/announcements/${encodeURIComponent(id)}`;
  return {
    /** Super users get every announcement; others the active ones. Highest priority, then newest, first. */
    page: (query: PageQuery = {}) => http.request<AnnouncementsPage>('GET', '/announcements', { query }),
    get: (id: string) => http.request<Announcement>('GET', one(id)),
    create: (data: AnnouncementData) => http.request<Announcement>('POST', '/announcements', { body: data }),
    update: (id: string, data: Partial<AnnouncementData>) => http.request<Announcement>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Attaches an image (png, jpg, jpeg; checked by content and size on the server), replacing the previous one. */
    uploadMedia: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.request<Announcement>('POST', `${one(id)}/media-upload`, { form });
    },
    removeMedia: (id: string) => http.request<void>('DELETE', `${one(id)}/media-upload`),
  };
}

export type AnnouncementCalls = ReturnType<typeof announcementCalls>;
