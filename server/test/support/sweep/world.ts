/**
 * The world the sweeps attack: two companies on a plan with every feature, each with one of
 * every entity and a user of every profile; a third company whose plan has no feature; the
 * platform's own plan, help video and announcement. Everything is made through the real API.
 */
import { expect } from 'chai';
import mongoose from 'mongoose';
import { PLAN_FLAGS } from '@atende/shared';
import { CompanyModel } from '../../../src/domains/companies/model.js';
import { FlowRunModel } from '../../../src/automation/flows/runModel.js';
import { graphOf } from '../flowFixtures.js';
import { tenantModelNames } from '../../../src/platform/database/tenancy.js';
import type { TestApp } from '../app.js';
import { createMember, createPlan, createTenant, loginSuper, unique, type Session, type Tenant } from '../fixtures.js';
import { customerNumber, customerSays, eventually, ticketOf } from '../inboxFixtures.js';
import { connectedSandbox } from '../whatsappFixtures.js';
import type { Entity } from './routes.js';

export type Ids = Record<Entity, string> & { ticketUuid: string; whatsappToken: string };

export interface Company {
  companyId: string;
  admin: Session;
  supervisor: Session;
  user: Session;
  ids: Ids;
}

export interface World {
  superUser: Session;
  a: Company;
  b: Company;
  /** A company whose plan has no feature flag (its admin meets ERR_PLAN_FEATURE_DISABLED). */
  plain: Tenant;
}

async function created(answer: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await answer;
  expect(status, `${what}: ${JSON.stringify(body)}`).to.be.oneOf([200, 201]);
  return body;
}

async function company(t: TestApp, superUser: Session, platform: Pick<Ids, 'plan' | 'help' | 'announcement'>): Promise<Company> {
  const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true]));
  const tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { ...flags, users: 20 })).id });
  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { token: tenant.admin.token, ...(body === undefined ? {} : { body }) });
  const supervisor = await createMember(t, tenant, 'supervisor');
  const user = await createMember(t, tenant, 'user');
  const queue = await created(call('POST', '/queue', { name: unique('Queue '), color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}` }), 'queue');
  const queueOption = await created(call('POST', '/queue-options', { title: 'Billing', option: '1', queueId: queue.id }), 'queue option');
  const tag = await created(call('POST', '/tags', { name: unique('Lane '), kanban: 1 }), 'tag');
  const quickMessage = await created(call('POST', '/quick-messages', { shortcode: unique('hi'), message: 'Hello!' }), 'quick message');
  const contact = await created(call('POST', '/contacts', { name: unique('Contact '), number: customerNumber() }), 'contact');
  const connection = await connectedSandbox(t, tenant.admin, { name: unique('Line ') });
  const number = customerNumber();
  await customerSays(t, tenant.admin, connection.id as string, number, 'I need help');
  const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
  const messages = await created(call('GET', `/messages/${ticket.id}`), 'messages');
  const ticketNote = await created(call('POST', '/ticket-notes', { ticketId: ticket.id, contactId: ticket.contactId, note: 'Called back' }), 'ticket note');
  const chat = await created(call('POST', '/chats', { title: 'Team', users: [user.user.id] }), 'chat');
  // Due in a year: it stays PENDENTE (editable) while the sweeps run.
  const schedule = await created(call('POST', '/schedules', { body: 'Sweep reminder', contactId: contact.id, sendAt: new Date(Date.now() + 365 * 86_400_000).toISOString() }), 'schedule');
  const whatsapp = await created(call('GET', `/whatsapp/${connection.id}`), 'connection');
  const fileList = await created(call('POST', '/files', { name: unique('Files '), message: 'Our catalogue' }), 'file list');
  const campaign = await created(call('POST', '/campaigns', { name: unique('Campaign '), message1: 'Hello', whatsappId: connection.id, tagId: tag.id, fileListId: fileList.id }), 'campaign');
  const flow = await created(call('POST', '/flowbuilder', { name: unique('Flow ') }), 'flow');
  const prompt = await created(call('POST', '/prompt', { name: unique('Prompt '), prompt: 'You are the assistant of the company: answer in one short sentence.', apiKey: 'sk-world-0123456789abcdef', queueId: queue.id }), 'prompt');
  const flowCampaign = await created(call('POST', '/flowcampaign', { name: unique('Phrase '), flowId: flow.id, whatsappId: connection.id, phrase: unique('sweep phrase ') }), 'flow campaign');
  // Delivers nothing: no queue or connection uses it.
  const queueIntegration = await created(call('POST', '/queueIntegration', { type: 'webhook', name: unique('Hook '), urlN8N: 'http://127.0.0.1:9/sweep' }), 'queue integration');
  const contactList = await created(call('POST', '/contact-lists', { name: unique('List ') }), 'contact list');
  const contactListItem = await created(call('POST', '/contact-list-items', { name: 'Listed customer', number: customerNumber(), contactListId: contactList.id }), 'contact list item');
  // The list's WhatsApp check runs in the background: the world is at rest once it is done.
  await eventually(async () => (await call('GET', `/contact-list-items/${contactListItem.id}`)).body.isWhatsappValid !== null, 15_000, 'the list check');
  // The admin's simulation of that flow, waiting for an answer.
  const simulation = await created(call('POST', '/flowbuilder/simulator', { flowId: flow.id, ...graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Sweep?', answerKey: 'sweep' } }]], [['1', 'ask']]) }), 'flow simulation');
  await eventually(async () => (await FlowRunModel.findOne({ companyId: tenant.companyId, runKey: `s:${simulation.simulationId}` }).lean())?.waiting === 'answer', 5_000, 'the simulation waiting');
  // The first listing brings the trial's invoice into being (before the snapshot the sweeps compare).
  const invoices = await created(call('GET', '/invoices/all'), 'invoices');
  return {
    companyId: tenant.companyId,
    admin: tenant.admin,
    supervisor,
    user,
    ids: {
      company: tenant.companyId,
      user: user.user.id,
      contact: contact.id,
      ticket: ticket.id,
      ticketUuid: ticket.uuid,
      message: messages.messages[0].id,
      queue: queue.id,
      queueOption: queueOption.id,
      tag: tag.id,
      quickMessage: quickMessage.id,
      whatsapp: connection.id as string,
      whatsappToken: whatsapp.token,
      ticketNote: ticketNote.id,
      chat: chat.id,
      campaign: campaign.id,
      fileList: fileList.id,
      invoice: invoices.records[0].id,
      schedule: schedule.id,
      contactList: contactList.id,
      contactListItem: contactListItem.id,
      flow: flow.id,
      flowSimulation: simulation.simulationId,
      flowCampaign: flowCampaign.id,
      queueIntegration: queueIntegration.id,
      prompt: prompt.id,
      ...platform,
    },
  };
}

export async function buildWorld(t: TestApp): Promise<World> {
  const superUser = await loginSuper(t);
  const plan = await createPlan(t, superUser);
  const help = await created(t.call('POST', '/helps', { token: superUser.token, body: { title: 'Getting started' } }), 'help');
  const announcement = await created(t.call('POST', '/announcements', { token: superUser.token, body: { title: 'Welcome', text: 'Hello all' } }), 'announcement');
  const platform = { plan: plan.id, help: help.id, announcement: announcement.id };
  const a = await company(t, superUser, platform);
  const b = await company(t, superUser, platform);
  const plain = await createTenant(t, superUser);
  await created(t.call('GET', '/invoices/all', { token: plain.admin.token }), 'invoices');
  return { superUser, a, b, plain };
}

/** Fields that change without anyone writing the data: logins and presence. */
const VOLATILE = new Set(['online', 'lastSeenAt']);

/**
 * Everything the companies own (sessions aside) and the platform's own documents, as JSON:
 * equal before and after means no request changed anything.
 */
export async function snapshot(companyIds: string[]): Promise<string> {
  const parts: Record<string, unknown[]> = {};
  for (const name of [...tenantModelNames].sort()) {
    if (name === 'Session') continue;
    const rows = await mongoose.model(name).find({ companyId: { $in: companyIds } }).sort({ _id: 1 }).setOptions({ crossTenant: true }).lean();
    parts[name] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !VOLATILE.has(key))));
  }
  parts.Company = await CompanyModel.find({ _id: { $in: companyIds } }).sort({ _id: 1 }).lean();
  for (const name of ['Plan', 'Help', 'Announcement']) parts[name] = await mongoose.model(name).find({}).sort({ _id: 1 }).lean();
  return JSON.stringify(parts);
}
