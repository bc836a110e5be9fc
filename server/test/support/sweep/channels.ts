/**
 * What each realtime channel may reach (issue 29), as the realtime sweep reads it: the routes that
 * read what the channel carries (a caller they all refuse must hear nothing of it) and, where
 * what a payload is about is visible per user, how to ask whether the receiver may see it. A
 * channel missing here fails the sweep; so does a channel nothing published on in the sweep,
 * unless its rule says why nothing can.
 */
import type { Session } from '../fixtures.js';
import type { SweepRoute } from './routes.js';

export interface Receiver {
  label: string;
  session: Session;
}

/** What the sweep learnt while it ran (who started which simulation). */
export interface Known {
  simulationAuthors: Map<string, string>;
}

/**
 * What the payload is about, for the receiver: a path (from /api) the receiver must be answered
 * 200, a yes or no, or null when the payload names nothing that is visible per user.
 */
export type ItemCheck = (payload: any, receiver: Receiver, known: Known) => string | boolean | null;

export interface ChannelRule {
  /** Route keys ("GET /api/x"): the channel may reach a caller one of them answers. */
  routes: string[];
  item?: ItemCheck;
  /** Why the sweep cannot make anything publish on it (then it need not). */
  silent?: string;
}

const aboutTicket: ItemCheck = (payload) => (payload.ticket?.id ? `/tickets/${payload.ticket.id}` : null);

export const CHANNEL_RULES: Record<string, ChannelRule> = {
  auth: { routes: ['GET /api/auth/me'], item: (payload, receiver) => payload.user?.id === receiver.session.user.id },
  user: { routes: ['GET /api/users', 'GET /api/users/list'] },
  company: { routes: ['GET /api/companies/{id}'] },
  settings: { routes: ['GET /api/settings'] },
  plan: { routes: ['GET /api/plans/all'] },
  help: { routes: ['GET /api/helps'], silent: 'nothing publishes on it (help videos are read when the page opens)' },
  ticket: { routes: ['GET /api/tickets', 'GET /api/tickets/{ref}'], item: aboutTicket },
  appMessage: { routes: ['GET /api/messages/{ticketId}'], item: aboutTicket },
  contact: { routes: ['GET /api/contacts', 'GET /api/contacts/{id}'] },
  whatsapp: { routes: ['GET /api/whatsapp', 'GET /api/whatsapp/{id}'] },
  whatsappSession: { routes: ['GET /api/whatsapp', 'GET /api/whatsapp/{id}'] },
  queue: { routes: ['GET /api/queue'] },
  tag: { routes: ['GET /api/tags', 'GET /api/tags/list'] },
  quickmessage: { routes: ['GET /api/quick-messages', 'GET /api/quick-messages/list'], item: (payload) => (payload.quickMessage?.id ? `/quick-messages/${payload.quickMessage.id}` : null) },
  ticketNote: { routes: ['GET /api/ticket-notes/list'], item: aboutTicket },
  sandbox: { routes: ['GET /api/sandbox/{whatsappId}/outbox'] },
  connectionAlert: { routes: ['GET /api/whatsapp/health'], silent: 'an alert needs a connection down for minutes (test/channels covers it)' },
  chat: {
    routes: ['GET /api/chats'],
    item: (payload, receiver) => (payload.action === 'delete' ? payload.userIds.includes(receiver.session.user.id) : `/chats/${payload.chat.id}`),
  },
  announcement: { routes: ['GET /api/announcements'] },
  payment: { routes: ['GET /api/invoices/all'] },
  campaign: { routes: ['GET /api/campaigns'] },
  schedule: { routes: ['GET /api/schedules'] },
  contactList: { routes: ['GET /api/contact-lists'] },
  contactListItem: { routes: ['GET /api/contact-list-items'] },
  flowSimulator: { routes: ['POST /api/flowbuilder/simulator'], item: (payload, receiver, known) => known.simulationAuthors.get(payload.simulationId) === receiver.session.user.id },
  flowbuilder: { routes: ['GET /api/flowbuilder'] },
  flowcampaign: { routes: ['GET /api/flowcampaign'] },
  file: { routes: ['GET /api/files'] },
  queueIntegration: { routes: ['GET /api/queueIntegration'] },
  prompt: { routes: ['GET /api/prompt'] },
};

/** Whether one of the rule's routes lets the caller through its declared access (the app's rule). */
export function routesAnswer(rule: ChannelRule, byKey: Map<string, SweepRoute>, caller: { super: boolean; profile: string; planFeatures: boolean }): boolean {
  if (caller.super) return true;
  return rule.routes.some((key) => {
    const access = byKey.get(key)?.access ?? { super: true };
    if (access.super) return false;
    if (access.profiles && !access.profiles.includes(caller.profile as never)) return false;
    return !access.planFlag || caller.planFeatures;
  });
}
