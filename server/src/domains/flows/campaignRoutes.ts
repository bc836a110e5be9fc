import type { Plugin, Request } from '@hapi/hapi';
import { FLOW_WRITE_PROFILES, flowCampaignCreateSchema, flowCampaignUpdateSchema, idParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload } from '../../platform/http/routes.js';
import { createFlowCampaignService, type FlowCampaignInput } from './campaigns.js';

/**
 * Phrase-triggered flow campaigns (document 3 section 7). Read by every user of the company;
 * written by admins and supervisors, the profiles that may delete contacts (section 6 ties the
 * delete action to that permission; creating and editing follow the flows' rule, the same one).
 */
export const flowCampaignsRoutes: Plugin<AppContext> = {
  name: 'flowCampaigns',
  register(server, context) {
    const campaigns = createFlowCampaignService(context.realtime);
    const tags = ['api', 'flowCampaigns'];
    const plugins = { access: { profiles: [...FLOW_WRITE_PROFILES] } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/flowcampaign',
        options: { tags, description: 'Phrase campaigns of the company in name order, as { flow } (the spec\'s key)' },
        handler: (request) => campaigns.list(actor(request)),
      },
      {
        method: 'GET',
        path: '/flowcampaign/{id}',
        options: { tags, description: 'One phrase campaign as { details }', validate: { params: idParams } },
        handler: (request) => campaigns.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/flowcampaign',
        options: { tags, plugins, description: 'Create a phrase campaign; one active campaign per connection and phrase (409 ERR_DUPLICATED_PHRASE)', validate: { payload: flowCampaignCreateSchema } },
        handler: async (request, h) => h.response(await campaigns.create(actor(request), payload<FlowCampaignInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/flowcampaign',
        options: { tags, plugins, description: 'Update a phrase campaign (all fields, with its id)', validate: { payload: flowCampaignUpdateSchema } },
        handler: (request) => campaigns.update(actor(request), payload<FlowCampaignInput & { id: string }>(request)),
      },
      {
        method: 'DELETE',
        path: '/flowcampaign/{id}',
        options: { tags, plugins, description: 'Delete a phrase campaign (profiles that may delete contacts: admins and supervisors)', validate: { params: idParams } },
        handler: async (request, h) => {
          await campaigns.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
