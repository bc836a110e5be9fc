/**
 * The notification line and the bell (document 1 section 4, notifications) for each new message
 * the rules let through; the line stays until the agent opens that ticket or another one comes.
 */
import type { Message, Ticket, TicketViewer } from '@atende/shared';
import { useState } from 'react';
import { describeMessage, labelledText } from '../format/messages.js';
import { firstLine } from '../format/text.js';
import { shouldNotify } from '../state/notifications.js';
import { useFeedEvent, type Feed } from '../state/useFeed.js';
import { useTexts } from './i18n.js';

export interface Notification {
  ticketId: string;
  text: string;
}

export function useNotification(feed: Feed, viewer: TicketViewer, viewingTicketId: string | null, server: string, bell: () => void) {
  const texts = useTexts();
  const [notification, setNotification] = useState<Notification | null>(null);

  useFeedEvent(feed, 'appMessage', (event) => {
    const message = event.message as Message | undefined;
    const ticket = event.ticket as Ticket | undefined;
    if (event.action !== 'create' || !message || !ticket || !shouldNotify(message, ticket, viewer, viewingTicketId)) return;
    const body = firstLine(labelledText(describeMessage(message, texts, server)));
    setNotification({ ticketId: ticket.id, text: texts.t('tui.notification', { name: ticket.contact?.name || ticket.contact?.number || '', body }) });
    bell();
  });

  /** The agent opened this ticket: its notification is read. */
  function seen(ticketId: string) {
    if (notification?.ticketId === ticketId) setNotification(null);
  }

  return { notification, seen };
}
