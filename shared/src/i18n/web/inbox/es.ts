/** Spanish texts of the web console's ticket inbox and conversationinbox; same keys as ./pt.ts. */
import type { InboxTranslation } from './pt.js';

export const inboxEs: InboxTranslation = {
  title: 'Atenciones',
};
