/**
 * POST /contacts/merge (admins): the company's contacts that are one person merged into one
 * (duplicates.ts); `dryRun` only lists the pairs. A plugin of its own: it is registered once the
 * inbox exists, whose flow engine ends the runs of the tickets a merge closes.
 */
import type { Plugin } from '@hapi/hapi';
import { contactMergeSchema, type FlowRunEndReason } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, payload } from '../../platform/http/routes.js';
import type { TicketDoc } from '../tickets/model.js';
import { createDuplicateService } from './duplicates.js';

export interface ContactMergeRoutesContext extends AppContext {
  leaveFlow: (companyId: string, ticketId: TicketDoc['_id'], reason: FlowRunEndReason) => Promise<boolean>;
}

export const contactMergeRoutes: Plugin<ContactMergeRoutesContext> = {
  name: 'contactMerge',
  register(server, context) {
    const duplicates = createDuplicateService({ realtime: context.realtime, language: context.config.language, leaveFlow: context.leaveFlow });
    server.route({
      method: 'POST',
      path: '/contacts/merge',
      options: {
        tags: ['api', 'contacts'],
        description: 'Merge the contacts that are one person (a Brazilian mobile number stored with and without its ninth digit, a merge a crash cut) with their tickets, messages and notes; dryRun only lists the pairs (admins)',
        plugins: { access: { profiles: ['admin'] } },
        validate: { payload: contactMergeSchema },
      },
      handler: (request) => duplicates.mergeDuplicates(actor(request), payload<{ dryRun?: boolean } | null>(request)?.dryRun ?? false),
    });
  },
};
