/**
 * The route table as the sweeps read it (issue 13): every API route with its declared access,
 * auth mode and joi schemas, and what each path parameter names.
 */
import type { Server } from '@hapi/hapi';
import type { Schema } from 'joi';
import type { Access } from '../../../src/platform/http/access.js';

export interface SweepRoute {
  method: string;
  path: string;
  /** 'required' (bearer), 'none', 'try', or 'connection' (connection API token). */
  auth: 'required' | 'none' | 'try' | 'connection';
  access: Access;
  params: string[];
  schemas: { params?: Schema; query?: Schema; payload?: Schema };
  /** Only multipart bodies are parsed. */
  multipartOnly: boolean;
  /** Multipart bodies are parsed (an upload route). */
  acceptsMultipart: boolean;
}

/** Every route under /api except the description and health pages. */
export function sweepRoutes(server: Server): SweepRoute[] {
  return server
    .table()
    .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/docs') && route.path !== '/api/health')
    .map((route) => {
      const settings = route.settings as {
        auth?: false | { mode?: string; strategies?: string[] };
        plugins?: { access?: Access };
        validate?: { params?: Schema; query?: Schema; payload?: Schema };
        payload?: { allow?: string[] | string };
      };
      const auth = settings.auth === false ? 'none' : settings.auth?.strategies?.includes('connectionToken') ? 'connection' : settings.auth?.mode === 'try' ? 'try' : 'required';
      const allow = settings.payload?.allow;
      const allowed = Array.isArray(allow) ? allow : allow ? [allow] : [];
      const validate = settings.validate ?? {};
      return {
        method: route.method.toUpperCase(),
        path: route.path,
        auth,
        access: settings.plugins?.access ?? {},
        params: [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        schemas: { params: validate.params ?? undefined, query: validate.query ?? undefined, payload: validate.payload ?? undefined },
        multipartOnly: allowed.length > 0 && allowed.every((type) => type === 'multipart/form-data'),
        acceptsMultipart: allowed.includes('multipart/form-data'),
      };
    });
}

export function routeKey(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/** The entities a company owns, by the name the sweeps give them. */
export const TENANT_ENTITIES = ['company', 'user', 'contact', 'ticket', 'message', 'queue', 'queueOption', 'tag', 'quickMessage', 'whatsapp', 'ticketNote', 'chat', 'campaign', 'fileList', 'invoice', 'schedule', 'contactList', 'contactListItem', 'flow', 'flowSimulation', 'flowCampaign', 'queueIntegration', 'prompt'] as const;
/** Platform entities (plans, help videos, announcements): managed by super users, not owned by a company. */
export const PLATFORM_ENTITIES = ['plan', 'help', 'announcement'] as const;
export type Entity = (typeof TENANT_ENTITIES)[number] | (typeof PLATFORM_ENTITIES)[number];

const BY_SEGMENT: Record<string, Entity> = {
  users: 'user',
  contacts: 'contact',
  tickets: 'ticket',
  messages: 'message',
  queue: 'queue',
  'queue-options': 'queueOption',
  tags: 'tag',
  'quick-messages': 'quickMessage',
  whatsapp: 'whatsapp',
  whatsappsession: 'whatsapp',
  sandbox: 'whatsapp',
  'ticket-notes': 'ticketNote',
  chats: 'chat',
  campaigns: 'campaign',
  files: 'fileList',
  schedules: 'schedule',
  'contact-lists': 'contactList',
  'contact-list-items': 'contactListItem',
  companies: 'company',
  plans: 'plan',
  helps: 'help',
  announcements: 'announcement',
  invoices: 'invoice',
  flowbuilder: 'flow',
  flowcampaign: 'flowCampaign',
  queueIntegration: 'queueIntegration',
  prompt: 'prompt',
};

const BY_PARAM: Record<string, Entity> = { ticketId: 'ticket', messageId: 'message', tagId: 'tag', whatsappId: 'whatsapp', companyId: 'company', simulationId: 'flowSimulation' };

/** Path parameters that name no entity, with the value the sweeps send. */
export const PLAIN_PARAMS: Record<string, string> = { key: 'userRating', lang: 'en', email: 'nobody@sweep.test', token: '123456', newPassword: 'Sweep-pass1' };

/** Which entity a path parameter names (undefined: none the sweeps know; the sweep says so). */
export function entityOf(route: SweepRoute, param: string): Entity | undefined {
  if (BY_PARAM[param]) return BY_PARAM[param];
  const segment = route.path.split('/')[2] ?? '';
  return param === 'id' || param === 'ref' ? BY_SEGMENT[segment] : undefined;
}

/** Query keys that name entities (lists filtered by them). */
export const QUERY_ENTITIES: Record<string, { entity: Entity; list?: boolean }> = {
  companyId: { entity: 'company' },
  queueId: { entity: 'queue' },
  ticketId: { entity: 'ticket' },
  contactId: { entity: 'contact' },
  contactListId: { entity: 'contactList' },
  userId: { entity: 'user' },
  newDefaultId: { entity: 'whatsapp' },
  users: { entity: 'user', list: true },
  queueIds: { entity: 'queue', list: true },
  tags: { entity: 'tag', list: true },
};

/** The path with its parameters filled in (values are URL-encoded unless `raw`). */
export function fillPath(route: SweepRoute, values: Record<string, string>, raw = false): string {
  return route.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no value for {${name}}`);
    return raw ? value : encodeURIComponent(value);
  });
}
