import type { Plugin, Request } from '@hapi/hapi';
import { idParams, promptCreateSchema, promptUpdateSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload } from '../../platform/http/routes.js';
import { createPromptService, type PromptInput } from './service.js';

/**
 * AI prompts (document 3): the plan's useOpenAi on every call, and admins only (reading too: a
 * prompt's instructions and endpoint are the company's configuration; the queue and connection
 * dialogs that pick a prompt are admins' as well).
 */
export const promptsRoutes: Plugin<AppContext> = {
  name: 'prompts',
  register(server, context) {
    const prompts = createPromptService({ realtime: context.realtime, sealer: context.sealer });
    const tags = ['api', 'prompts'];
    const plugins = { access: { profiles: ['admin' as const], planFlag: 'useOpenAi' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/prompt',
        options: { tags, plugins, description: "The company's prompts by name, as { prompts }, each with its queue ({ id, name }) and its API key masked" },
        handler: (request) => prompts.list(actor(request)),
      },
      {
        method: 'GET',
        path: '/prompt/{id}',
        options: { tags, plugins, description: 'One prompt (API key masked)', validate: { params: idParams } },
        handler: (request) => prompts.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/prompt',
        options: {
          tags,
          plugins,
          description:
            'Create a prompt: name 5-100, prompt at least 50 characters, apiKey and queueId (a queue of the company: "a sector must be chosen") required; model, maxTokens, temperature (0-1), maxMessages default to the spec\'s; baseURL and humanPhrase optional. The queue answers with it from now on',
          validate: { payload: promptCreateSchema },
        },
        handler: async (request, h) => h.response(await prompts.create(actor(request), payload<PromptInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/prompt/{id}',
        options: { tags, plugins, description: 'Update a prompt; an apiKey equal to the masked one keeps the stored key; a new queueId moves it to that queue', validate: { params: idParams, payload: promptUpdateSchema } },
        handler: (request) => prompts.update(actor(request), byId(request), payload<PromptInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/prompt/{id}',
        options: { tags, plugins, description: 'Delete a prompt: queues and connections that named it answer without one; answers { message }', validate: { params: idParams } },
        handler: (request) => prompts.remove(actor(request), byId(request)),
      },
    ]);
  },
};
