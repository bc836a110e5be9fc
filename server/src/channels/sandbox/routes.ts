import type { Plugin } from '@hapi/hapi';
import {
  type SandboxReplayOptions,
  sandboxAbsentSchema,
  sandboxConnectivitySchema,
  sandboxFailuresSchema,
  sandboxLegacySchema,
  sandboxMessageSchema,
  sandboxOutboxQuery,
  sandboxPairSchema,
  sandboxParams,
  sandboxReadSchema,
  SANDBOX_MEDIA_MAX_BYTES,
} from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import type { SessionManager } from '../sessions.js';
import { createSandboxService, type OutboxQuery, type SandboxMessageInput } from './api.js';

/** The sandbox phone's own API (a channel's, not a product area): driven by admins, tests and demos. */
export const sandboxRoutes: Plugin<AppContext & { sessions: SessionManager }> = {
  name: 'sandbox',
  register(server, options) {
    const sandbox = createSandboxService(options.sessions, options.config.language);
    const tags = ['api', 'sandbox'];
    const plugins = { access: { profiles: ['admin' as const] } };
    const whatsappId = (request: Parameters<typeof params>[0]) => params<{ whatsappId: string }>(request).whatsappId;

    server.route([
      {
        method: 'POST',
        path: '/sandbox/{whatsappId}/pair',
        options: {
          tags,
          description: 'Confirm the pairing of a sandbox connection showing its QR (stands for the scan); optional number and QR token',
          plugins,
          validate: { params: sandboxParams, payload: sandboxPairSchema },
        },
        handler: (request) => sandbox.pair(actor(request), whatsappId(request), payload<{ number?: string; token?: string } | null>(request) ?? {}),
      },
      {
        method: 'POST',
        path: '/sandbox/{whatsappId}/messages',
        options: {
          tags,
          description: "A customer's message arrives on the sandbox connection (text, media as base64, group, quote)",
          plugins,
          // Base64 media up to the largest upload, plus the JSON around it.
          payload: { maxBytes: Math.ceil((SANDBOX_MEDIA_MAX_BYTES * 4) / 3) + 64 * 1024 },
          validate: { params: sandboxParams, payload: sandboxMessageSchema },
        },
        handler: async (request, h) => {
          const injected = await sandbox.inject(actor(request), whatsappId(request), payload<SandboxMessageInput>(request));
          // Held by "WhatsApp" while the phone is offline: accepted, delivered later.
          return h.response(injected).code(injected.queued ? 202 : 201);
        },
      },
      {
        method: 'GET',
        path: '/sandbox/{whatsappId}/outbox',
        options: {
          tags,
          description: 'What the customers received through the sandbox connection, with acks (to: one customer; after: cursor)',
          plugins,
          validate: { params: sandboxParams, query: sandboxOutboxQuery },
        },
        handler: (request) => sandbox.outbox(actor(request), whatsappId(request), query<OutboxQuery>(request)),
      },
      {
        method: 'POST',
        path: '/sandbox/{whatsappId}/read',
        options: { tags, description: 'The customer read these messages (ack 3)', plugins, validate: { params: sandboxParams, payload: sandboxReadSchema } },
        handler: (request) => sandbox.read(actor(request), whatsappId(request), payload<{ providerMessageIds: string[] }>(request).providerMessageIds),
      },
      {
        method: 'PUT',
        path: '/sandbox/{whatsappId}/absent-numbers',
        options: {
          tags,
          description: 'Numbers starting with one of these prefixes are "not on WhatsApp" for this phone (the contact lists\' check)',
          plugins,
          validate: { params: sandboxParams, payload: sandboxAbsentSchema },
        },
        handler: (request) => sandbox.setAbsentPrefixes(actor(request), whatsappId(request), payload<{ prefixes: string[] }>(request).prefixes),
      },
      {
        method: 'PUT',
        path: '/sandbox/{whatsappId}/legacy-numbers',
        options: {
          tags,
          description: 'Brazilian mobile numbers starting with one of these prefixes (with the ninth digit) are WhatsApp accounts without it: they write from that form and onWhatsApp answers it',
          plugins,
          validate: { params: sandboxParams, payload: sandboxLegacySchema },
        },
        handler: (request) => sandbox.setLegacyPrefixes(actor(request), whatsappId(request), payload<{ prefixes: string[] }>(request).prefixes),
      },
      {
        method: 'POST',
        path: '/sandbox/{whatsappId}/failures',
        options: { tags, description: 'Make the next sends fail (tests of the sender retry)', plugins, validate: { params: sandboxParams, payload: sandboxFailuresSchema } },
        handler: (request) => sandbox.failNext(actor(request), whatsappId(request), payload<{ count: number }>(request).count),
      },
      {
        method: 'POST',
        path: '/sandbox/{whatsappId}/connectivity',
        options: {
          tags,
          description: 'The sandbox phone loses (status TIMEOUT) or regains (CONNECTED) its connection; back, it replays the messages held meanwhile (replay: repeat some, shuffle)',
          plugins,
          validate: { params: sandboxParams, payload: sandboxConnectivitySchema },
        },
        handler: (request) => {
          const { online, replay } = payload<{ online: boolean; replay?: SandboxReplayOptions }>(request);
          return sandbox.setOnline(actor(request), whatsappId(request), online, replay);
        },
      },
    ]);
  },
};
