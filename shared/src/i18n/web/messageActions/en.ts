/** English texts of what agents do to a message (issue 23). */
import type { MessageActionsTranslation } from './pt.js';

export const messageActionsEn: MessageActionsTranslation = {
  reply: 'Reply',
  react: 'React',
  moreReactions: 'More emoji',
  edit: 'Edit',
  select: 'Select',
  forward: 'Forward',
  forwarded: 'Forwarded',
  replyingTo: 'Replying to {{name}}',
  cancelReply: 'Cancel reply',
  sign: 'Sign with my name',
  history: 'Earlier versions',
  editTitle: 'Edit message',
  selected_one: '{{count}} selected',
  selected_other: '{{count}} selected',
  forwardTitle_one: 'Forward {{count}} message',
  forwardTitle_other: 'Forward {{count}} messages',
  forwardedTo_one: 'Forwarded to {{name}}',
  forwardedTo_other: 'Forwarded to {{name}}',
  openForwarded: 'Open chat',
  originalMissing: 'The original message is no longer in this conversation',
  keys: { title: 'On a focused message', move: 'Previous / next message' },
};
