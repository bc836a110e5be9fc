/** Campaigns, their settings and the file lists they pick (document 2 section 7). */
import type { Campaign, CampaignSettingEntry, CampaignSettings, CampaignsPage, FileList, FileListsPage } from '../../domain/campaigns.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface CampaignData {
  name: string;
  message1?: string;
  message2?: string;
  message3?: string;
  message4?: string;
  message5?: string;
  confirmationMessage1?: string;
  confirmationMessage2?: string;
  confirmationMessage3?: string;
  confirmationMessage4?: string;
  confirmationMessage5?: string;
  confirmation?: boolean;
  /** ISO date; null or '' for none. A schedule makes the campaign PROGRAMADA. */
  scheduledAt?: string | null;
  whatsappId?: string | null;
  contactListId?: string | null;
  /** The form's name of tagId. */
  tagListId?: string | null;
  fileListId?: string | null;
}

export function campaignCalls(http: Http) {
  const one = (id: string) => `/campaigns/${encodeURIComponent(id)}`;
  return {
    page: (query: PageQuery = {}) => http.request<CampaignsPage>('GET', '/campaigns', { query }),
    get: (id: string) => http.request<Campaign>('GET', one(id)),
    create: (data: CampaignData) => http.request<Campaign>('POST', '/campaigns', { body: data }),
    update: (id: string, data: Partial<CampaignData>) => http.request<Campaign>('PUT', one(id), { body: data }),
    remove: (id: string) => http.request<void>('DELETE', one(id)),
    cancel: (id: string) => http.request<Campaign>('POST', `${one(id)}/cancel`),
    restart: (id: string) => http.request<Campaign>('POST', `${one(id)}/restart`),
    uploadMedia: (id: string, file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('typeArch', 'campaign');
      form.append('file', file, fileName);
      return http.request<Campaign>('POST', `${one(id)}/media-upload`, { form });
    },
    removeMedia: (id: string) => http.request<void>('DELETE', `${one(id)}/media-upload`),
    settings: () => http.request<CampaignSettingEntry[]>('GET', '/campaign-settings'),
    saveSettings: (settings: Partial<CampaignSettings>) => http.request<CampaignSettingEntry[]>('POST', '/campaign-settings', { body: { settings } }),
    fileLists: (query: PageQuery = {}) => http.request<FileListsPage>('GET', '/files', { query }),
    fileList: (id: string) => http.request<FileList>('GET', `/files/${encodeURIComponent(id)}`),
  };
}

export type CampaignCalls = ReturnType<typeof campaignCalls>;

/** The settings as values (each entry's value is JSON). */
export function settingsFromEntries(entries: CampaignSettingEntry[]): Partial<CampaignSettings> {
  return Object.fromEntries(entries.map((entry) => [entry.key, JSON.parse(entry.value) as unknown]));
}
