/** Scheduled messages (document 2 sections 3, 5 and 7); plan flag useSchedules. */
import type { Schedule, SchedulesPage } from '../../domain/schedules.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

/** The list (searchParam, pageNumber), or with from and to (ISO) every schedule due in that window. */
export type SchedulesQuery = PageQuery & {
  contactId?: string;
  from?: string;
  to?: string;
};

export interface ScheduleData {
  body: string;
  contactId: string;
  /** ISO date and time. */
  sendAt: string;
}

export function scheduleCalls(http: Http) {
  const one = (id: string) => `/schedules/${encodeURIComponent(id)}`;
  return {
    page: (query: SchedulesQuery = {}) => http.request<SchedulesPage>('GET', '/schedules', { query }),
    get: (id: string) => http.request<Schedule>('GET', one(id)),
    create: (data: ScheduleData) => http.request<Schedule>('POST', '/schedules', { body: data }),
    /** Refused with ERR_SCHEDULE_SENT once it was sent (or while it is being sent). */
    update: (id: string, data: Partial<ScheduleData>) => http.request<Schedule>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    /** Attaches an image (png, jpg, jpeg; checked by content and size on the server), replacing the previous one. */
    uploadMedia: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('file', file, fileName);
      return http.request<Schedule>('POST', `${one(id)}/media-upload`, { form });
    },
    removeMedia: (id: string) => http.request<void>('DELETE', `${one(id)}/media-upload`),
  };
}

export type ScheduleCalls = ReturnType<typeof scheduleCalls>;
