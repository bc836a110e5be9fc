import type { Plugin, Request } from '@hapi/hapi';
import { chatCreateSchema, chatListQuery, chatMessageListQuery, chatMessageSchema, chatReadSchema, chatRefParams, chatUpdateSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { createChatService, type ChatInput } from './service.js';

export const chatsRoutes: Plugin<AppContext> = {
  name: 'chats',
  register(server, context) {
    const chats = createChatService(context.realtime);
    const tags = ['api', 'chats'];
    // Any profile may chat, when the company's plan allows it.
    const plugins = { access: { planFlag: 'useInternalChat' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/chats',
        options: { tags, plugins, description: "The user's chats, latest activity first, searched by title", validate: { query: chatListQuery } },
        handler: (request) => chats.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/chats/{id}',
        options: { tags, plugins, description: 'One chat, by id or uuid (members only)', validate: { params: chatRefParams } },
        handler: (request) => chats.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/chats',
        options: { tags, plugins, description: 'Create a chat with users of the company; the creator owns it and is a member', validate: { payload: chatCreateSchema } },
        handler: async (request, h) => h.response(await chats.create(actor(request), payload<Required<ChatInput>>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/chats/{id}',
        options: { tags, plugins, description: 'Rename a chat or change its members (owner only)', validate: { params: idParams, payload: chatUpdateSchema } },
        handler: (request) => chats.update(actor(request), byId(request), payload<ChatInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/chats/{id}',
        options: { tags, plugins, description: 'Delete a chat with its messages (owner only)', validate: { params: idParams } },
        handler: async (request, h) => {
          await chats.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/chats/{id}/read',
        options: { tags, plugins, description: "Clear the user's unread counter of a chat", validate: { params: idParams, payload: chatReadSchema } },
        handler: (request) => chats.read(actor(request), byId(request)),
      },
      {
        method: 'GET',
        path: '/chats/{id}/messages',
        options: { tags, plugins, description: 'Messages of a chat, newest page first, each page in chronological order', validate: { params: idParams, query: chatMessageListQuery } },
        handler: (request) => chats.messages(actor(request), byId(request), query<{ pageNumber: number }>(request).pageNumber),
      },
      {
        method: 'POST',
        path: '/chats/{id}/messages',
        options: { tags, plugins, description: 'Send a message to the chat (unread for the other members)', validate: { params: idParams, payload: chatMessageSchema } },
        handler: async (request, h) => h.response(await chats.send(actor(request), byId(request), payload<{ message: string }>(request).message)).code(201),
      },
    ]);
  },
};
