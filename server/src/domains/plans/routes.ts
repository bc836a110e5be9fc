import type { Plugin } from '@hapi/hapi';
import { idParams, planCreateSchema, planUpdateSchema } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { params, payload } from '../../platform/http/routes.js';
import { createPlanService, type PlanInput } from './service.js';

export const plansRoutes: Plugin<AppContext> = {
  name: 'plans',
  register(server, context) {
    const plans = createPlanService(context.realtime);
    const superOnly = { plugins: { access: { super: true } }, tags: ['api', 'plans'] };

    server.route([
      {
        method: 'GET',
        path: '/plans/list',
        options: { auth: false, tags: ['api', 'plans'], description: 'Public list of plans (sign-up form)' },
        handler: () => plans.list(),
      },
      {
        method: 'GET',
        path: '/plans/all',
        options: { tags: ['api', 'plans'], description: 'Every plan' },
        handler: () => plans.list(),
      },
      {
        method: 'GET',
        path: '/plans/{id}',
        options: { ...superOnly, description: 'One plan', validate: { params: idParams } },
        handler: (request) => plans.get(params<{ id: string }>(request).id),
      },
      {
        method: 'POST',
        path: '/plans',
        options: { ...superOnly, description: 'Create a plan (name must be unique)', validate: { payload: planCreateSchema } },
        handler: async (request, h) => h.response(await plans.create(payload<PlanInput>(request))).code(201),
      },
      {
        method: 'PUT',
        path: '/plans/{id}',
        options: { ...superOnly, description: 'Update a plan', validate: { params: idParams, payload: planUpdateSchema } },
        handler: (request) => plans.update(params<{ id: string }>(request).id, payload<PlanInput>(request)),
      },
      {
        method: 'DELETE',
        path: '/plans/{id}',
        options: { ...superOnly, description: 'Delete a plan no company uses', validate: { params: idParams } },
        handler: async (request, h) => {
          await plans.remove(params<{ id: string }>(request).id);
          return h.response().code(204);
        },
      },
    ]);
  },
};
