import type { Plugin } from '@hapi/hapi';
import { settingKeyParams, settingUpdateSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload } from '../../platform/http/routes.js';
import { createSettingService } from './service.js';

export const settingsRoutes: Plugin<AppContext> = {
  name: 'settings',
  register(server, context) {
    const settings = createSettingService(context.realtime);
    server.route([
      {
        method: 'GET',
        path: '/settings',
        options: { tags: ['api', 'settings'], description: "The company's settings (key, value)" },
        handler: (request) => settings.list(actor(request)),
      },
      {
        method: 'PUT',
        path: '/settings/{key}',
        options: {
          tags: ['api', 'settings'],
          description: 'Change one setting (admins; platform keys super users only)',
          plugins: { access: { profiles: ['admin'] } },
          validate: { params: settingKeyParams, payload: settingUpdateSchema },
        },
        handler: (request) =>
          settings.update(actor(request), params<{ key: string }>(request).key, payload<{ value: string }>(request).value),
      },
    ]);
  },
};
