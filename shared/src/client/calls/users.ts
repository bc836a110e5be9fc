/** Users (document 1 sections 2 and 7). */
import type { AllTicket, Language, Profile } from '../../domain/enums.js';
import type { User, UsersPage } from '../../domain/entities.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface UserData {
  name: string;
  email: string;
  /** Required on creation; empty on edit keeps the current one. */
  password?: string;
  profile: Profile;
  queueIds?: string[];
  whatsappId?: string | null;
  allTicket?: AllTicket;
  language?: Language | null;
  /** Super users only: another company or the super flag. */
  companyId?: string;
  super?: boolean;
}

export function userCalls(http: Http) {
  const one = (id: string) => `/users/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<UsersPage>('GET', '/users', { query }),
    list: (query: { companyId?: string } = {}) => http.request<User[]>('GET', '/users/list', { query }),
    get: (id: string) => http.request<User>('GET', one(id)),
    create: (data: UserData) => http.request<User>('POST', '/users', { body: data }),
    update: (id: string, data: Partial<UserData>) => http.request<User>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    setLanguage: (lang: Language) => http.request<void>('POST', `/users/set-language/${lang}`),
  };
}

export type UserCalls = ReturnType<typeof userCalls>;
