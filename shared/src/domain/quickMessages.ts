/** Wire shape of quick messages (document 2 sections 3, 5 and 7). */

export const SHORTCODE_MAX = 50;
export const QUICK_MESSAGE_MAX = 4096;

export interface QuickMessage {
  id: string;
  companyId: string;
  userId: string;
  shortcode: string;
  message: string;
  /** Shared with everyone of the company (set by admins). */
  geral: boolean;
  /** Active: offered in the composer's "/" list; an inactive one is kept but not offered. */
  status: boolean;
  /** A personal quick message its owner lets colleagues see and use (read-only unless allowEdit). */
  allowView: boolean;
  /** Colleagues who see it (shared, or allowView) may also edit its text and attachment. */
  allowEdit: boolean;
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
  | { action: 'delete'; quickMessageId: string; userId: string; geral: boolean; allowView: boolean };

/** Whether a user who is not an admin sees a quick message: their own, a shared one, or one its owner lets them see. */
export function quickMessageVisibleTo(message: Pick<QuickMessage, 'userId' | 'geral' | 'allowView'>, userId: string): boolean {
  return message.userId === userId || message.geral || message.allowView;
}

/**
 * What a user may do to a quick message they see: `edit` its shortcode, text and attachment (their
 * own personal one, or any with allowEdit); `manage` it: delete it and set its flags (its owner
 * while it is personal). Admins may do both to any.
 */
export function quickMessageRights(
  message: Pick<QuickMessage, 'userId' | 'geral' | 'allowEdit'>,
  user: { userId: string; admin: boolean },
): { edit: boolean; manage: boolean } {
  const manage = user.admin || (message.userId === user.userId && !message.geral);
  return { edit: manage || message.allowEdit, manage };
}
