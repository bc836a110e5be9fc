import type { Plugin, Request } from '@hapi/hapi';
import { idParams, scheduleCreateSchema, scheduleListQuery, scheduleMediaSchema, scheduleUpdateSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { filePart, multipartPayload } from '../../platform/uploads.js';
import type { ScheduleSender } from './sender.js';
import { createScheduleService, type ScheduleInput, type ScheduleQuery } from './service.js';

export interface SchedulesContext extends AppContext {
  scheduleSender: ScheduleSender;
}

export const schedulesRoutes: Plugin<SchedulesContext> = {
  name: 'schedules',
  register(server, context) {
    const schedules = createScheduleService(context.realtime, context.scheduleSender);
    const tags = ['api', 'schedules'];
    const plugins = { access: { planFlag: 'useSchedules' as const } };
    const byId = (request: Request) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'GET',
        path: '/schedules',
        options: {
          tags,
          plugins,
          description: 'Scheduled messages: paged and searched by text or contact (newest sendAt first), or every one due in a from..to window (the calendar), by sendAt',
          validate: { query: scheduleListQuery },
        },
        handler: (request) => schedules.page(actor(request), query<ScheduleQuery>(request)),
      },
      {
        method: 'GET',
        path: '/schedules/{id}',
        options: { tags, plugins, description: 'One scheduled message', validate: { params: idParams } },
        handler: (request) => schedules.get(actor(request), byId(request)),
      },
      {
        method: 'POST',
        path: '/schedules',
        options: { tags, plugins, description: "Schedule a message to one of the company's contacts", validate: { payload: scheduleCreateSchema } },
        handler: async (request, h) => h.response(await schedules.create(actor(request), payload<Required<ScheduleInput>>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/schedules/{id}',
        options: { tags, plugins, description: 'Change a scheduled message not sent yet (a failed one is retried at its sendAt)', validate: { params: idParams, payload: scheduleUpdateSchema } },
        handler: (request) => schedules.update(actor(request), byId(request), payload<ScheduleInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/schedules/{id}',
        options: { tags, plugins, description: 'Delete a scheduled message (its send is cancelled) and its attachment', validate: { params: idParams } },
        handler: async (request, h) => {
          await schedules.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'POST',
        path: '/schedules/{id}/media-upload',
        options: {
          tags,
          plugins,
          description: 'Attach an image (multipart: file; png, jpg, jpeg), checked by content and size, replacing the previous one',
          payload: multipartPayload(),
          validate: { params: idParams, payload: scheduleMediaSchema },
        },
        handler: async (request) => schedules.attach(actor(request), byId(request), await filePart(request.payload, 'file')),
      },
      {
        method: 'DELETE',
        path: '/schedules/{id}/media-upload',
        options: { tags, plugins, description: 'Remove the attachment (the file too)', validate: { params: idParams } },
        handler: async (request, h) => {
          await schedules.detach(actor(request), byId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
