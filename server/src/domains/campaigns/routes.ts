import type { Plugin, Request } from '@hapi/hapi';
import { campaignCreateSchema, campaignListQuery, campaignMediaSchema, campaignSettingsSchema, campaignUpdateSchema, idParams, type CampaignSettings } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { filePart, multipartPayload } from '../../platform/uploads.js';
import type { CampaignRunner } from './runner.js';
import { createCampaignService, type CampaignInput } from './service.js';
import { campaignSettingsOf, saveCampaignSettings, settingEntries } from './settings.js';

/** Campaigns and their settings (document 2 section 7), for companies whose plan has useCampaigns. */
export const campaignsRoutes: Plugin<AppContext & { runner: CampaignRunner }> = {
  name: 'campaigns',
  register(server, context) {
    const campaigns = createCampaignService(context.realtime, context.runner);
    const tags = ['api', 'campaigns'];
    const plugins = { access: { planFlag: 'useCampaigns' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/campaigns',
        options: { tags, plugins, description: 'Campaigns of the company, newest first, searched by name, as { records, hasMore }', validate: { query: campaignListQuery } },
        handler: (request) => campaigns.page(actor(request), query(request)),
      },
      {
        method: 'GET',
        path: '/campaigns/{id}',
        options: { tags, plugins, description: 'One campaign with the counters of its report', validate: { params: idParams } },
        handler: (request) => campaigns.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/campaigns',
        options: { tags, plugins, description: 'Create a campaign (INATIVA; with scheduledAt: PROGRAMADA, started then)', validate: { payload: campaignCreateSchema } },
        handler: async (request, h) => h.response(await campaigns.create(actor(request), payload<CampaignInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/campaigns/{id}',
        options: { tags, plugins, description: 'Update a campaign: only INATIVA, CANCELADA, or PROGRAMADA more than 1 hour ahead (ERR_CAMPAIGN_NOT_EDITABLE)', validate: { params: idParams, payload: campaignUpdateSchema } },
        handler: (request) => campaigns.update(actor(request), byId(request), payload<CampaignInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/campaigns/{id}',
        options: { tags, plugins, description: 'Delete a campaign and its shippings (a running one stops)', validate: { params: idParams } },
        handler: async (request, h) => {
          await campaigns.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/campaigns/{id}/media-upload',
        options: {
          tags,
          plugins,
          description: 'Attach a file sent with the message (multipart: typeArch, file), replacing the previous one',
          payload: multipartPayload(),
          validate: { params: idParams, payload: campaignMediaSchema },
        },
        handler: async (request) => campaigns.attach(actor(request), byId(request), await filePart(request.payload, 'file')),
      },
      {
        method: 'DELETE',
        path: '/campaigns/{id}/media-upload',
        options: { tags, plugins, description: 'Remove the attachment', validate: { params: idParams } },
        handler: async (request, h) => {
          await campaigns.detach(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/campaigns/{id}/cancel',
        options: { tags, plugins, description: 'Cancel a running or scheduled campaign (CANCELADA); the run stops within one interval', validate: { params: idParams } },
        handler: (request) => campaigns.cancel(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/campaigns/{id}/restart',
        options: { tags, plugins, description: 'Run a cancelled campaign again from where it stopped (EM_ANDAMENTO)', validate: { params: idParams } },
        handler: (request) => campaigns.restart(actor(request), byId(request)),
      },
      {
        method: 'GET',
        path: '/campaign-settings',
        options: { tags, plugins, description: 'Campaign settings as key/value entries with JSON values' },
        handler: async (request) => settingEntries(await campaignSettingsOf(actor(request).companyId)),
      },
      {
        method: 'POST',
        path: '/campaign-settings',
        options: { tags, plugins: { access: { ...plugins.access, profiles: ['admin' as const, 'supervisor' as const] } }, description: 'Save campaign settings (intervals from their option lists, variables with unique keys)', validate: { payload: campaignSettingsSchema } },
        handler: async (request) => settingEntries(await saveCampaignSettings(actor(request).companyId, payload<{ settings: Partial<CampaignSettings> }>(request).settings)),
      },
    ]);
  },
};
