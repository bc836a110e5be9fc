/** Company settings (document 1 section 3): key/value toggles. */
import type { Setting } from '../../domain/entities.js';
import type { Http } from '../http.js';

export function settingCalls(http: Http) {
  return {
    list: () => http.request<Setting[]>('GET', '/settings'),
    update: (key: string, value: string) =>
      http.request<Setting>('PUT', `/settings/${encodeURIComponent(key)}`, { body: { value } }),
  };
}

export type SettingCalls = ReturnType<typeof settingCalls>;
