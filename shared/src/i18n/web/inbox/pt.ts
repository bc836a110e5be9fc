/** Portuguese texts of the web console's ticket inbox and conversationinbox; the reference shape of en and es. */
export const inboxPt = {
  title: 'Atendimentosinbox',
};

export type InboxTranslation = typeof inboxPt;
