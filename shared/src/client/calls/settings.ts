/** Company settings (document 1 section 3): key/value toggles. */
import type { Setting } from '../../domain/entities.js';
import type { MailSettings } from '../../domain/mailSettings.js';
import type { Http } from '../http.js';

export function settingCalls(http: Http) {
  return {
    list: () => http.request<Setting[]>('GET', '/settings'),
    update: (key: string, value: string) =>
      http.request<Setting>('PUT', `/settings/${encodeURIComponent(key)}`, { body: { value } }),
    /** The outgoing e-mail server (super users); `password` absent keeps the stored one. */
    smtp: () => http.request<MailSettings>('GET', '/settings/smtp'),
    setSmtp: (data: Omit<MailSettings, 'passwordSet' | 'source'> & { password?: string }) => http.request<MailSettings>('PUT', '/settings/smtp', { body: data }),
  };
}

export type SettingCalls = ReturnType<typeof settingCalls>;
