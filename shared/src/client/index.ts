/** @atende/shared/client: the typed API client and the realtime client. */
export { createApiClient, type ApiClient, type ApiClientOptions } from './api.js';
export type { Credentials, HttpOptions } from './http.js';
export type { AnnouncementCalls, AnnouncementData } from './calls/announcements.js';
export type { ScheduleCalls, ScheduleData, SchedulesQuery } from './calls/schedules.js';
export type { AuthCalls } from './calls/auth.js';
export type { ChatCalls, ChatData } from './calls/chats.js';
export type { CompanyCalls, CompanyData, CompanyPlan, CompanySignup } from './calls/companies.js';
export type { ContactCalls, ContactData, ContactsQuery } from './calls/contacts.js';
export type { DashboardCalls, DashboardChartQuery, DashboardQuery } from './calls/dashboard.js';
export type { ExternalSend, ExternalSendAnswer, ExternalSendCalls } from './calls/externalSend.js';
export type { FlowEngineCalls, FlowSimulationData } from './calls/flowEngine.js';
export type { FlowCalls, FlowCampaignData, FlowSaveAnswer, FlowSaveData, FlowUpdateData, FlowUploadAnswer, FlowUploadFile, FlowUploadKind } from './calls/flows.js';
export type { HelpCalls, HelpData } from './calls/helps.js';
export type { CheckoutData, InvoiceCalls, InvoiceQuery, PixSettingsData } from './calls/invoices.js';
export type { PageQuery } from './calls/page.js';
export type { PlanCalls, PlanData } from './calls/plans.js';
export type { PromptCalls } from './calls/prompts.js';
export type { QueueCalls, QueueData, QueueOptionData } from './calls/queues.js';
export type { QueueIntegrationCalls, QueueIntegrationData, QueueIntegrationTestData } from './calls/queueIntegrations.js';
export type { QuickMessageCalls, QuickMessageData } from './calls/quickMessages.js';
export type { CampaignCalls, CampaignData } from './calls/campaigns.js';
export { settingsFromEntries } from './calls/campaigns.js';
export type { FileListCalls, FileListData, FileListUpload } from './calls/files.js';
export type { ContactListCalls, ContactListItemData } from './calls/contactLists.js';
export type { SettingCalls } from './calls/settings.js';
export type { TagCalls, TagData } from './calls/tags.js';
export type { TicketNoteCalls, TicketNoteData } from './calls/ticketNotes.js';
export type { UserCalls, UserData } from './calls/users.js';
export type { SandboxCalls } from './calls/sandbox.js';
export type { WhatsappCalls } from './calls/whatsapp.js';
export { ApiError, NetworkError } from './errors.js';
export { memorySession, type Session, type SessionStore } from './session.js';
export { REFRESH_COOKIE } from './cookie.js';
export type { Fetch, HttpMethod, Query, QueryValue, RequestOptions } from './transport.js';
export {
  createRealtimeClient,
  type AccountOpenedElsewhere,
  type RealtimeApi,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeOptions,
  type RealtimeStatus,
  type Unsubscribe,
  type WebSocketConstructor,
} from './realtime.js';
export type { MessageCalls, MessageSend, TicketCalls } from './calls/tickets.js';
export { forwardRequestId } from './calls/tickets.js';
