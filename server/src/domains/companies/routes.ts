import type { Plugin } from '@hapi/hapi';
import {
  companyCreateSchema,
  companyListQuery,
  companyUpdateSchema,
  id,
  idParams,
  Joi,
  schedulesSchema,
  signupSchema,
  type ScheduleRow,
} from '@atende/shared';
import type { SessionControl } from '../whatsapp/sessionControl.js';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload, query } from '../../platform/http/routes.js';
import { createCompanyService, type CompanyInput, type SignupInput } from './service.js';

export const companiesRoutes: Plugin<AppContext & { sessions: SessionControl }> = {
  name: 'companies',
  register(server, context) {
    const companies = createCompanyService(context.realtime, context.sessions, context.emailProbes);
    const tags = ['api', 'companies'];
    const superOnly = { access: { super: true } };
    const byId = (request: Parameters<typeof params>[0]) => params<{ id: string }>(request).id;

    server.route([
      {
        method: 'POST',
        path: '/companies/cadastro',
        options: {
          auth: false,
          tags,
          description: 'Public sign-up: company on a 3-day trial plus its first admin',
          validate: { payload: signupSchema },
        },
        handler: async (request, h) => h.response(await companies.signup(payload<SignupInput>(request), request.info.remoteAddress)).code(201),
      },
      {
        method: 'GET',
        path: '/companies',
        options: { tags, description: 'Companies, paged and searched', plugins: superOnly, validate: { query: companyListQuery } },
        handler: (request) => companies.list(query(request)),
      },
      {
        method: 'GET',
        path: '/companies/list',
        options: { tags, description: 'Every company', plugins: superOnly },
        handler: () => companies.listAll(),
      },
      {
        method: 'POST',
        path: '/companies',
        options: { tags, description: 'Create a company (and its admin when e-mail and password are given)', plugins: superOnly, validate: { payload: companyCreateSchema } },
        handler: async (request, h) => h.response(await companies.create(payload<CompanyInput>(request))).code(201),
      },
      {
        method: 'GET',
        path: '/companies/{id}',
        options: { tags, description: 'One company with plan and settings (own company or super)', validate: { params: idParams } },
        handler: (request) => companies.get(actor(request), byId(request)),
      },
      {
        method: 'PUT',
        path: '/companies/{id}',
        options: { tags, description: 'Update a company', plugins: superOnly, validate: { params: idParams, payload: companyUpdateSchema } },
        handler: (request) => companies.update(byId(request), payload<CompanyInput>(request)),
      },
      {
        method: 'POST',
        path: '/companies/{id}/renew',
        options: { tags, description: 'Move dueDate forward by the recurrence', plugins: superOnly, validate: { params: idParams } },
        handler: (request) => companies.renew(byId(request)),
      },
      {
        method: 'DELETE',
        path: '/companies/{id}',
        options: { tags, description: 'Delete a company and everything it owns', plugins: superOnly, validate: { params: idParams } },
        handler: async (request, h) => {
          await companies.remove(actor(request), byId(request));
          return h.response().code(204);
        },
      },
      {
        method: 'PUT',
        path: '/companies/{id}/schedules',
        options: {
          tags,
          description: "Company working hours (used when scheduleType is company)",
          plugins: { access: { profiles: ['admin'] } },
          validate: { params: idParams, payload: schedulesSchema },
        },
        handler: (request) => companies.updateSchedules(actor(request), byId(request), payload<{ schedules: ScheduleRow[] }>(request).schedules),
      },
      {
        method: 'GET',
        path: '/companies/listPlan/{companyId}',
        options: { tags, description: "The company's plan and its flags", validate: { params: Joi.object({ companyId: id.required() }) } },
        handler: (request) => companies.listPlan(actor(request), params<{ companyId: string }>(request).companyId),
      },
    ]);
  },
};
