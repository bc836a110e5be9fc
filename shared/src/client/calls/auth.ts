/** Authentication calls (document 1 section 7). */
import type { User } from '../../domain/entities.js';
import type { Http } from '../http.js';

export function authCalls(http: Http) {
  return {
    login: http.login,
    refresh: http.refresh,
    logout: http.logout,
    me: () => http.request<User>('GET', '/auth/me'),
  };
}

export type AuthCalls = ReturnType<typeof authCalls>;
