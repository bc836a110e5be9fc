/** Wire shape of bulk campaigns, their settings and file lists (document 2 sections 3, 4, 9; document 3 file lists). */

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** message1..message5 and confirmationMessage1..5. */
export const CAMPAIGN_VARIANTS = [1, 2, 3, 4, 5] as const;
export const CAMPAIGN_MESSAGE_MAX = 4096;
/** A PROGRAMADA campaign stays editable while its start is more than this far away. */
export const CAMPAIGN_EDITABLE_AHEAD_MS = 60 * 60 * 1000;

export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTINGS_DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 } as const;

export interface CampaignVariable {
  key: string;
  value: string;
}

export interface CampaignSettings {
  /** Seconds between two messages. */
  messageInterval: number;
  /** Every this many messages, a longer pause (0: never). */
  longerIntervalAfter: number;
  /** Seconds of that longer pause. */
  greaterInterval: number;
  variables: CampaignVariable[];
}

/** GET /campaign-settings: key/value entries, each value JSON. */
export interface CampaignSettingEntry {
  key: keyof CampaignSettings;
  value: string;
}

export interface CampaignCounters {
  /** Shipping entries made for the audience (one per number). */
  contacts: number;
  /** Of those, with a number on WhatsApp (not known to be invalid). */
  valid: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
}

export interface Campaign {
  id: string;
  companyId: string;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  status: CampaignStatus;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: string | null;
  contactListId: string | null;
  tagId: string | null;
  fileListId: string | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  /** Whether the rule of document 2 section 4 lets it be saved now. */
  editable: boolean;
  counters: CampaignCounters;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignsPage {
  records: Campaign[];
  count: number;
  hasMore: boolean;
}

/** Payloads of the `campaign` realtime channel; `progress` is throttled while a campaign runs. */
export type CampaignEvent = { action: 'create' | 'update' | 'progress'; record: Campaign } | { action: 'delete'; id: string };

/** The editability rule of document 2 section 4. */
export function isCampaignEditable(campaign: { status: CampaignStatus; scheduledAt: string | Date | null }, now = Date.now()): boolean {
  if (campaign.status === 'INATIVA' || campaign.status === 'CANCELADA') return true;
  if (campaign.status !== 'PROGRAMADA' || !campaign.scheduledAt) return false;
  return new Date(campaign.scheduledAt).getTime() - now > CAMPAIGN_EDITABLE_AHEAD_MS;
}

export const FILE_LIST_NAME_MIN = 3;
/** Options of one list: a campaign or a send never drags an unbounded tail of files. */
export const FILE_LIST_MAX_OPTIONS = 10;

/** One named file of a list; `path` is '' until its file is uploaded (the dialog's second call). */
export interface FileListOption {
  id: string;
  name: string;
  path: string;
  mediaType: string;
  /** The sender's file name, '' before the upload. */
  originalName?: string;
  /** A signed link to the stored file (GET /public/...), null before the upload. */
  mediaUrl?: string | null;
}

export interface FileList {
  id: string;
  companyId: string;
  name: string;
  message: string;
  options: FileListOption[];
  /** Who saved it last (null for lists made before it was recorded). */
  userId?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FileListsPage {
  files: FileList[];
  count: number;
  hasMore: boolean;
}

/** Payloads of the company's `file` realtime channel. */
export type FileListEvent = { action: 'create' | 'update'; fileList: FileList } | { action: 'delete'; fileListId: string };
