/** The typed API client: the session-aware core plus one group of calls per spec area. */
import type { HealthAnswer } from '../domain/entities.js';
import { announcementCalls } from './calls/announcements.js';
import { authCalls } from './calls/auth.js';
import { campaignCalls } from './calls/campaigns.js';
import { fileListCalls } from './calls/files.js';
import { chatCalls } from './calls/chats.js';
import { companyCalls } from './calls/companies.js';
import { contactCalls } from './calls/contacts.js';
import { contactListCalls } from './calls/contactLists.js';
import { dashboardCalls } from './calls/dashboard.js';
import { externalSendCalls } from './calls/externalSend.js';
import { flowEngineCalls } from './calls/flowEngine.js';
import { flowCalls } from './calls/flows.js';
import { helpCalls } from './calls/helps.js';
import { invoiceCalls } from './calls/invoices.js';
import { planCalls } from './calls/plans.js';
import { promptCalls } from './calls/prompts.js';
import { queueCalls } from './calls/queues.js';
import { queueIntegrationCalls } from './calls/queueIntegrations.js';
import { quickMessageCalls } from './calls/quickMessages.js';
import { scheduleCalls } from './calls/schedules.js';
import { settingCalls } from './calls/settings.js';
import { passwordResetCalls } from './calls/passwordReset.js';
import { tagCalls } from './calls/tags.js';
import { ticketNoteCalls } from './calls/ticketNotes.js';
import { messageCalls, ticketCalls } from './calls/tickets.js';
import { userCalls } from './calls/users.js';
import { sandboxCalls } from './calls/sandbox.js';
import { whatsappCalls } from './calls/whatsapp.js';
import { createHttp, type HttpOptions } from './http.js';

export type ApiClientOptions = HttpOptions;

export function createApiClient(options: ApiClientOptions) {
  const http = createHttp(options);
  return {
    session: options.session,
    /** Any other call of the API, relative to `/api` (e.g. `request('GET', '/tickets', { query })`). */
    request: http.request,
    auth: authCalls(http),
    companies: companyCalls(http),
    plans: planCalls(http),
    users: userCalls(http),
    settings: settingCalls(http),
    passwordReset: passwordResetCalls(http),
    helps: helpCalls(http),
    invoices: invoiceCalls(http),
    contacts: contactCalls(http),
    contactLists: contactListCalls(http),
    tickets: ticketCalls(http),
    messages: messageCalls(http),
    ticketNotes: ticketNoteCalls(http),
    queues: queueCalls(http),
    /** Queue integrations (document 3) and their delivery log. */
    queueIntegrations: queueIntegrationCalls(http),
    tags: tagCalls(http),
    quickMessages: quickMessageCalls(http),
    campaigns: campaignCalls(http),
    /** File lists (document 3, /files). */
    files: fileListCalls(http),
    announcements: announcementCalls(http),
    chats: chatCalls(http),
    schedules: scheduleCalls(http),
    whatsapp: whatsappCalls(http),
    sandbox: sandboxCalls(http),
    dashboard: dashboardCalls(http),
    externalSend: externalSendCalls(http),
    flowEngine: flowEngineCalls(http),
    /** Flows and phrase-triggered flow campaigns (document 3). */
    flows: flowCalls(http),
    /** AI prompts (document 3, /prompt). */
    prompts: promptCalls(http),
    health: () => http.anonymous<HealthAnswer>('GET', '/health'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
