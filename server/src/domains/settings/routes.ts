import type { Plugin } from '@hapi/hapi';
import { mailSettingsSchema, settingKeyParams, settingUpdateSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload } from '../../platform/http/routes.js';
import { createMailSettings, type MailSettingsInput } from './mailSettings.js';
import { createSettingService } from './service.js';

export const settingsRoutes: Plugin<AppContext> = {
  name: 'settings',
  register(server, context) {
    const settings = createSettingService(context.realtime, context.outbound);
    const mail = createMailSettings(context.config.mail, context.sealer);
    const superOnly = { access: { super: true } };
    server.route([
      {
        method: 'GET',
        path: '/settings/smtp',
        options: { tags: ['api', 'settings'], description: 'The outgoing e-mail server (super users; the password is never answered)', plugins: superOnly },
        handler: () => mail.get(),
      },
      {
        method: 'PUT',
        path: '/settings/smtp',
        options: {
          tags: ['api', 'settings'],
          description: 'Set the outgoing e-mail server (super users); an empty host falls back to ATENDE_SMTP_URL',
          plugins: superOnly,
          validate: { payload: mailSettingsSchema },
        },
        handler: (request) => mail.set(payload<MailSettingsInput>(request)),
      },
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
