/** Wire shape of quick messages (document 2 sections 3, 5 and 7). */

export const SHORTCODE_MAX = 50;
export const QUICK_MESSAGE_MAX = 4096;

export interface QuickMessage {
  id: string;
  companyId: string;
  userId: string;
  shortcode: string;
  message: string;
  /** Shared with everyone of the company. */
  geral: boolean;
  isMedia: boolean;
  /** Stored file name of the attachment (null without one). */
  mediaPath: string | null;
  /** Original (sanitised) name of the attachment. */
  mediaName: string | null;
  /** Where the attachment is served, relative to the server origin. */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface QuickMessagesPage {
  records: QuickMessage[];
  count: number;
  hasMore: boolean;
}

/** Payloads of the `quickmessage` realtime channel (personal ones reach their owner and admins only). */
export type QuickMessageEvent =
  | { action: 'create' | 'update'; quickMessage: QuickMessage }
  | { action: 'delete'; quickMessageId: string; userId: string; geral: boolean };
