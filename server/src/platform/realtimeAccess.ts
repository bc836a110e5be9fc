/**
 * Who hears each realtime channel: the callers the route that reads the same data answers (its
 * profiles, super and plan flag), so a socket never hears what its HTTP calls would be refused.
 * Each channel names its route; the route's own declaration is read from the route table, so the
 * two cannot drift. Per-item visibility (a ticket's queue, a chat's members, a simulation's author)
 * is the channel's filter, applied after this.
 */
import type { Server } from '@hapi/hapi';
import type { AuthCredentials } from './auth/credentials.js';
import { accessRefusal, type Access, type PlanFlagsResolver } from './http/access.js';
import type { Channel } from './realtime.js';

/** A route as the route table names it, or an access of the channel's own (with the reason). */
type Readers = `${'GET' | 'POST'} /api/${string}` | { access: Access; reason: string };

export const CHANNEL_READERS: Record<Channel, Readers> = {
  auth: 'GET /api/auth/me',
  user: 'GET /api/users/list',
  company: 'GET /api/companies/{id}',
  settings: 'GET /api/settings',
  plan: 'GET /api/plans/all',
  help: 'GET /api/helps',
  ticket: 'GET /api/tickets',
  appMessage: 'GET /api/messages/{ticketId}',
  contact: 'GET /api/contacts',
  whatsapp: 'GET /api/whatsapp',
  whatsappSession: 'GET /api/whatsapp',
  queue: 'GET /api/queue',
  tag: 'GET /api/tags',
  quickmessage: 'GET /api/quick-messages',
  ticketNote: 'GET /api/ticket-notes/list',
  sandbox: 'GET /api/sandbox/{whatsappId}/outbox',
  connectionAlert: { access: { profiles: ['admin'] }, reason: "the alerts are the admins' (they are e-mailed to them too)" },
  chat: 'GET /api/chats',
  announcement: 'GET /api/announcements',
  payment: 'GET /api/invoices/all',
  campaign: 'GET /api/campaigns',
  schedule: 'GET /api/schedules',
  contactList: 'GET /api/contact-lists',
  contactListItem: 'GET /api/contact-list-items',
  flowSimulator: 'POST /api/flowbuilder/simulator',
  flowbuilder: 'GET /api/flowbuilder',
  flowcampaign: 'GET /api/flowcampaign',
  file: 'GET /api/files',
  queueIntegration: 'GET /api/queueIntegration',
  prompt: 'GET /api/prompt',
};

export interface ChannelAccess {
  /** Whether the caller may hear the channel of `companyId` (the subscription's company). */
  allows(channel: Channel, credentials: AuthCredentials, companyId: string): Promise<boolean>;
}

/** Reads each channel's route once (a route named here that does not exist stops the start). */
export function channelAccess(server: Server, channels: readonly Channel[], planFlagsOf: PlanFlagsResolver): ChannelAccess {
  const resolved = new Map<Channel, Access>();
  function accessOf(channel: Channel): Access {
    const known = resolved.get(channel);
    if (known) return known;
    const readers = CHANNEL_READERS[channel];
    let access: Access;
    if (typeof readers === 'string') {
      const [method, path] = readers.split(' ') as [string, string];
      const route = server.table().find((each) => each.method === method.toLowerCase() && each.path === path);
      if (!route) throw new Error(`realtime channel ${channel}: no route ${readers}`);
      access = route.settings.plugins?.access ?? {};
    } else access = readers.access;
    resolved.set(channel, access);
    return access;
  }
  server.ext('onPreStart', () => {
    for (const channel of channels) accessOf(channel);
  });
  return {
    async allows(channel, credentials, companyId) {
      return !(await accessRefusal(accessOf(channel), credentials, companyId, planFlagsOf));
    },
  };
}
