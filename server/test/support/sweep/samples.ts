/**
 * One valid request per route that takes a body or a required query, built from a company's ids:
 * the sweeps send it as another company (it must be refused) and spoil one field of it at a time
 * (the spoiled field must be refused). A route missing here fails the sweeps, which say so.
 */
import { messageSendSchema } from '@atende/shared';
import type { Schema } from 'joi';
import type { Ids } from './world.js';

export interface Sample {
  query?: Record<string, string>;
  payload?: unknown;
  /** Sent as multipart/form-data with a small PNG as `file` (or `fileField`). */
  multipart?: Record<string, string>;
  fileField?: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export const SAMPLES: Record<string, (ids: Ids) => Sample> = {
  'GET /api/queue-options': (ids) => ({ query: { queueId: ids.queue } }),
  'GET /api/dashboard/ticketsDay': () => ({ query: { initialDate: day(-7), finalDate: day(0) } }),
  'GET /api/dashboard/ticketsUsers': () => ({ query: { initialDate: day(-7), finalDate: day(0) } }),
  'GET /api/ticket-notes/list': (ids) => ({ query: { ticketId: ids.ticket, contactId: ids.contact } }),
  'POST /api/announcements': () => ({ payload: { title: 'Sweep', text: 'Sweep text' } }),
  'GET /api/contact-list-items': (ids) => ({ query: { contactListId: ids.contactList } }),
  'POST /api/contact-lists': () => ({ payload: { name: 'Sweep list' } }),
  'PUT /api/contact-lists/{id}': () => ({ payload: { name: 'Sweep list' } }),
  'POST /api/contact-lists/{id}/upload': () => ({ multipart: {} }),
  'POST /api/contact-list-items': (ids) => ({ payload: { name: 'Sweep item', number: '5511900000002', contactListId: ids.contactList } }),
  'PUT /api/contact-list-items/{id}': () => ({ payload: { name: 'Sweep item' } }),
  'PUT /api/sandbox/{whatsappId}/absent-numbers': () => ({ payload: { prefixes: ['55119'] } }),
  'PUT /api/sandbox/{whatsappId}/legacy-numbers': () => ({ payload: { prefixes: ['55319'] } }),
  'POST /api/contacts/merge': () => ({ payload: { dryRun: true } }),
  'POST /api/campaigns': (ids) => ({ payload: { name: 'Sweep campaign', message1: 'Sweep', whatsappId: ids.whatsapp, tagListId: ids.tag } }),
  'POST /api/campaign-settings': () => ({ payload: { settings: { messageInterval: 5, variables: [{ key: 'sweep', value: 'Sweep' }] } } }),
  'POST /api/files': () => ({ payload: { name: 'Sweep files', message: 'Sweep', options: [{ name: 'Sweep option' }] } }),
  'POST /api/campaigns/{id}/media-upload': () => ({ multipart: { typeArch: 'campaign' } }),
  'POST /api/files/uploadList/{id}': (ids) => ({ multipart: { fileId: ids.fileList, typeArch: 'fileList', name: 'Sweep file', id: '' }, fileField: 'files' }),
  'PUT /api/campaigns/{id}': () => ({ payload: { name: 'Sweep campaign' } }),
  'PUT /api/files/{id}': () => ({ payload: { name: 'Sweep files' } }),
  'POST /api/prompt': (ids) => ({ payload: { name: 'Sweep prompt', prompt: 'You are the sweep assistant: answer every question in one short line.', apiKey: 'sk-sweep', queueId: ids.queue } }),
  'PUT /api/prompt/{id}': () => ({ payload: { name: 'Sweep prompt' } }),
  'POST /api/subscription': (ids) => ({ payload: { invoiceId: ids.invoice, firstName: 'Sweep', lastName: 'Sweep', address2: 'Rua 1', city: 'Recife', state: 'PE', zipcode: '50000-000', country: 'BR' } }),
  'PUT /api/settings/smtp': () => ({ payload: { host: 'smtp.sweep.test', port: 587, user: 'sweep', password: 'sweep-secret', from: 'Sweep <sweep@sweep.test>' } }),
  'PUT /api/settings/pix': () => ({ payload: { key: 'sweep@sweep.test', merchantName: 'Sweep', city: 'Recife' } }),
  'POST /api/chats': (ids) => ({ payload: { title: 'Sweep', users: [ids.user] } }),
  'POST /api/companies': (ids) => ({ payload: { name: 'Sweep company', planId: ids.plan } }),
  'POST /api/contacts': () => ({ payload: { name: 'Sweep contact', number: '5511900000001' } }),
  'POST /api/helps': () => ({ payload: { title: 'Sweep help' } }),
  'POST /api/plans': () => ({ payload: { name: 'Sweep plan' } }),
  'POST /api/queue': () => ({ payload: { name: 'Sweep queue', color: '#0a0b0c' } }),
  'POST /api/queue-options': (ids) => ({ payload: { title: 'Sweep', option: '9', queueId: ids.queue } }),
  'POST /api/quick-messages': () => ({ payload: { shortcode: 'sweep', message: 'Sweep' } }),
  'POST /api/schedules': (ids) => ({ payload: { body: 'Sweep schedule', contactId: ids.contact, sendAt: new Date(Date.now() + 365 * 86_400_000).toISOString() } }),
  'POST /api/tags': () => ({ payload: { name: 'Sweep tag' } }),
  'POST /api/ticket-notes': (ids) => ({ payload: { ticketId: ids.ticket, contactId: ids.contact, note: 'Sweep' } }),
  'POST /api/tickets': (ids) => ({ payload: { contactId: ids.contact } }),
  'POST /api/users': (ids) => ({ payload: { name: 'Sweep user', email: 'sweep@sweep.test', password: 'sweep-pass', profile: 'user', queueIds: [ids.queue], whatsappId: ids.whatsapp } }),
  'POST /api/whatsapp': () => ({ payload: { name: 'Sweep line', provider: 'sandbox' } }),
  'POST /api/auth/login': () => ({ payload: { email: 'sweep@sweep.test', password: 'sweep-pass' } }),
  'POST /api/resetpasswords': () => ({ payload: { email: 'nobody@sweep.test', token: '123456', newPassword: 'Sweep-pass1' } }),
  'POST /api/companies/cadastro': (ids) => ({ payload: { name: 'Sweep signup', email: 'signup@sweep.test', password: 'sweep-pass', planId: ids.plan } }),
  'POST /api/contacts/import': () => ({ multipart: {} }),
  'POST /api/contacts/upload': () => ({ payload: [{ name: 'Sweep row', number: '5511900000002' }] }),
  'POST /api/messages/send': (ids) => ({ payload: { number: '5511900000003', body: 'Sweep', fileListId: ids.fileList } }),
  'POST /api/messages/{ticketId}': () => ({ payload: { body: 'Sweep' } }),
  'POST /api/messages/{messageId}/reaction': () => ({ payload: { emoji: '👍' } }),
  'PUT /api/messages/{messageId}': () => ({ payload: { body: 'Sweep' } }),
  'POST /api/messages/forward': (ids) => ({ payload: { messageIds: [ids.message], contactId: ids.contact, requestId: 'sweep-request-1' } }),
  'POST /api/tags/sync': (ids) => ({ payload: { ticketId: ids.ticket, tags: [{ id: ids.tag }] } }),
  'POST /api/announcements/{id}/media-upload': () => ({ multipart: {} }),
  'POST /api/chats/{id}/read': () => ({ payload: {} }),
  'POST /api/chats/{id}/messages': () => ({ payload: { message: 'Sweep' } }),
  'POST /api/quick-messages/{id}/media-upload': () => ({ multipart: { typeArch: 'quickMessage' } }),
  'POST /api/schedules/{id}/media-upload': () => ({ multipart: {} }),
  'POST /api/sandbox/{whatsappId}/connectivity': () => ({ payload: { online: true } }),
  'POST /api/sandbox/{whatsappId}/read': () => ({ payload: { providerMessageIds: ['sweep'] } }),
  'POST /api/sandbox/{whatsappId}/pair': () => ({ payload: {} }),
  'POST /api/sandbox/{whatsappId}/messages': () => ({ payload: { from: '5511900000004', body: 'Sweep' } }),
  'POST /api/sandbox/{whatsappId}/failures': () => ({ payload: { count: 0 } }),
  'PUT /api/announcements/{id}': () => ({ payload: { title: 'Sweep' } }),
  'PUT /api/chats/{id}': () => ({ payload: { title: 'Sweep' } }),
  'PUT /api/companies/{id}': () => ({ payload: { name: 'Sweep company' } }),
  'PUT /api/contacts/{id}': () => ({ payload: { name: 'Sweep contact' } }),
  'PUT /api/helps/{id}': () => ({ payload: { title: 'Sweep' } }),
  'PUT /api/plans/{id}': () => ({ payload: { name: 'Sweep plan' } }),
  'PUT /api/queue/{id}': () => ({ payload: { name: 'Sweep queue' } }),
  'PUT /api/queue-options/{id}': () => ({ payload: { title: 'Sweep' } }),
  'PUT /api/quick-messages/{id}': () => ({ payload: { shortcode: 'sweep' } }),
  'PUT /api/schedules/{id}': () => ({ payload: { body: 'Sweep schedule' } }),
  'PUT /api/settings/{key}': () => ({ payload: { value: 'enabled' } }),
  'PUT /api/tags/{id}': () => ({ payload: { name: 'Sweep tag' } }),
  'PUT /api/tickets/{ref}': () => ({ payload: { status: 'closed' } }),
  'PUT /api/users/{id}': () => ({ payload: { name: 'Sweep user' } }),
  'PUT /api/whatsapp/{id}': () => ({ payload: { name: 'Sweep line' } }),
  'POST /api/flowbuilder/simulator': (ids) => ({ payload: { flowId: ids.flow, nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} }], connections: [] } }),
  'POST /api/flowbuilder/simulator/{simulationId}/message': () => ({ payload: { body: 'Sweep' } }),
  'POST /api/flowbuilder': () => ({ payload: { name: 'Sweep flow' } }),
  'PUT /api/flowbuilder': (ids) => ({ payload: { flowId: ids.flow, name: 'Sweep flow' } }),
  'POST /api/flowbuilder/duplicate': (ids) => ({ payload: { flowId: ids.flow } }),
  'POST /api/flowbuilder/flow': (ids) => ({ payload: { idFlow: ids.flow, nodes: [{ id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} }], connections: [] } }),
  'POST /api/flowbuilder/import': () => ({ payload: { format: 'atende-flow', version: 1, name: 'Sweep import', active: true, flow: null } }),
  'POST /api/flowcampaign': (ids) => ({ payload: { name: 'Sweep phrase', flowId: ids.flow, whatsappId: ids.whatsapp, phrase: 'sweep' } }),
  'PUT /api/flowcampaign': (ids) => ({ payload: { id: ids.flowCampaign, name: 'Sweep phrase', flowId: ids.flow, whatsappId: ids.whatsapp, phrase: 'sweep' } }),
  'POST /api/queueIntegration': () => ({ payload: { type: 'webhook', name: 'Sweep hook', urlN8N: 'http://127.0.0.1:9/sweep' } }),
  'PUT /api/queueIntegration/{id}': () => ({ payload: { name: 'Sweep hook' } }),
  // Names the company's integration: another company's caller is refused before any call to Dialogflow.
  'POST /api/queueIntegration/testSession': (ids) => ({ payload: { id: ids.queueIntegration, projectName: 'sweep-project', jsonContent: '{}', language: 'en' } }),
  'PUT /api/companies/{id}/schedules': () => ({ payload: { schedules: [{ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] } }),
};

/** Routes that validate their body inside the handler (multipart or JSON): the schema it uses. */
export const HANDLER_SCHEMAS: Record<string, Schema> = {
  'POST /api/messages/{ticketId}': messageSendSchema,
};
