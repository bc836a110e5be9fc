/**
 * Every query the inbox sends on its hot paths is served from an index (issue 20). The test plays
 * a company's working day through the API (customers writing, agents on every list, tab and
 * filter, conversations, replies, acks, quick answers, contacts, the dashboard, internal chat,
 * then the back office: a contact list, a scheduled message sent, a campaign run, the invoices),
 * records each database command the server sent (the driver's command monitoring), and runs the
 * filter of each distinct query shape through `explain`.
 * - Embedded engine: FerretDB must push the filter down, and one of its equalities must be on a
 *   field with a GIN index. PostgreSQL plans a sequential scan on a table of a few rows whatever its
 *   indexes, so the tickets, messages and contacts tables first get another company's thousands of
 *   rows, and there the plan itself must read an index.
 * - MongoDB: the winning plan reads an index, never COLLSCAN.
 * The few shapes allowed to read more are listed with their reason.
 */
import { expect } from 'chai';
import mongoose from 'mongoose';
import type { Document } from 'mongodb';
import { Types } from 'mongoose';
import { monitorDatabaseCommands, recordCommands, type CommandLog } from '../../src/platform/database/commandLog.js';
import { analyzeFerretdbTables, ginIndexedFields } from '../../src/platform/database/tuning.js';
import { findPhraseCampaign } from '../../src/domains/flows/campaigns.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection } from '../support/inboxFixtures.js';
import { graphOf, storeCampaign, storeFlow } from '../support/flowFixtures.js';

interface Query {
  collection: string;
  command: string;
  filter: Document;
  sort?: Document;
}

/** Collections whose queries may read past an index, and why. */
const EXCEPTIONS: Record<string, string> = {
  agendaJobs: "Agenda's polling ($or on lock times, not pushed down): the collection holds only jobs still to run, finished one-off jobs are removed",
};

function shapeOf(query: Query): string {
  return `${query.collection}:${Object.keys(query.filter).sort().join(',')}`;
}

/** The queries (collection, filter, sort) of a recorded command. */
function queriesOf(command: Document, name: string): Query[] {
  const collection = command[name] as string;
  if (name === 'find') return [{ collection, command: name, filter: command.filter ?? {}, sort: command.sort }];
  if (name === 'count') return [{ collection, command: name, filter: command.query ?? {} }];
  if (name === 'findAndModify') return [{ collection, command: name, filter: command.query ?? {} }];
  if (name === 'update') return (command.updates as Document[]).map((each) => ({ collection, command: name, filter: each.q }));
  if (name === 'delete') return (command.deletes as Document[]).map((each) => ({ collection, command: name, filter: each.q }));
  if (name === 'aggregate') {
    const match = (command.pipeline as Document[])[0]?.$match as Document | undefined;
    return [{ collection, command: name, filter: match ?? {} }];
  }
  return [];
}

/** Collections whose plan must read an index once they hold another company's rows. */
const LARGE = { tickets: 4_000, contacts: 4_000, messages: 20_000 };

/** Another company's rows in the large collections, with keys of the same shapes, then fresh statistics. */
async function fillLargeCollections(postgresUrl: string, database: string): Promise<void> {
  const db = mongoose.connection.db!;
  const companyId = new Types.ObjectId();
  const key = (n: number) => `${new Types.ObjectId().toHexString().slice(-10)}.${n % 400}`;
  const batches = async (collection: string, total: number, doc: (n: number) => Document) => {
    for (let start = 0; start < total; start += 2_000) {
      await db.collection(collection).insertMany(Array.from({ length: Math.min(2_000, total - start) }, (_, i) => doc(start + i)));
    }
  };
  await batches('contacts', LARGE.contacts, (n) => ({ companyId, name: `Filler ${n}`, nameKey: `filler ${n}`, number: `5599${String(n).padStart(9, '0')}`, numberKey: `5599${String(n).padStart(9, '0')}`, searchKeys: [`^fi`, `f${String(n).padStart(3, '0').slice(-3)}`] }));
  await batches('tickets', LARGE.tickets, (n) => ({ companyId, status: 'closed', contactId: new Types.ObjectId(), uuid: `filler-${n}`, listKeys: [key(n)], activeKey: `filler-${n}`, tagIds: [], createdDay: `2025-01-${String((n % 28) + 1).padStart(2, '0')}` }));
  await batches('messages', LARGE.messages, (n) => ({ companyId, ticketId: new Types.ObjectId(), pageKey: key(n), providerMessageId: `filler:${n}`, words: [`w${n % 5000}`], body: `filler ${n}` }));
  await analyzeFerretdbTables(postgresUrl, database);
}

/** A top-level equality on a scalar (an id, a key, a word): what a GIN expression index serves. */
function equalityFields(filter: Document): string[] {
  return Object.entries(filter)
    .filter(([field, value]) => !field.startsWith('$') && value !== null && (typeof value !== 'object' || value instanceof Types.ObjectId || value instanceof Date || value?._bsontype === 'ObjectId'))
    .map(([field]) => field);
}

/** Whether an explained plan reads from an index, and what it says (for the failure message). */
function indexedPlan(answer: Document): { indexed: boolean; pushdown: boolean; summary: string } {
  const planner = answer.queryPlanner as Document;
  if ('filterPushdown' in answer) {
    const nodes = [...JSON.stringify(planner).matchAll(/"Node Type":"([^"]+)"(?:[^{}]*?"Index Name":"([^"]+)")?/g)].map((match) => (match[2] ? `${match[1]} on ${match[2]}` : match[1]));
    return { pushdown: answer.filterPushdown === true, indexed: nodes.some((node) => /Index (Only )?Scan/.test(node!)), summary: nodes.join(' > ') };
  }
  const stages = [...JSON.stringify(planner.winningPlan).matchAll(/"stage":"([A-Z_]+)"/g)].map((match) => match[1]!);
  return { pushdown: true, indexed: stages.includes('IXSCAN') && !stages.includes('COLLSCAN'), summary: stages.join(' > ') };
}

describe('hot queries: every one served from an index', function () {
  this.timeout(120_000);
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session;
  let log: CommandLog;
  const ferretdb = () => t.config.ferretdbPostgresUrl;

  before(async () => {
    monitorDatabaseCommands();
    t = await startTestApp('hot');
    log = recordCommands();
  });
  after(async () => {
    log?.stop();
    monitorDatabaseCommands(false);
    await t?.stop();
  });

  it('a working day of the inbox sends no query that reads past an index', async () => {
    const superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 10, useKanban: true, useInternalChat: true, useCampaigns: true, useSchedules: true })).id });
    const { admin } = tenant;
    const queue = await createQueue(t, admin);
    agent = await createMember(t, tenant, 'user', { queueIds: [queue.id] });
    const whatsapp = await sandboxConnection(t, admin);
    const tag = (await t.call('POST', '/tags', { token: admin.token, body: { name: 'vip', color: '#7c3aed', kanban: 1 } })).body;
    await t.call('POST', '/quick-messages', { token: admin.token, body: { shortcode: 'oi', message: 'Olá! Como posso ajudar?' } });
    const flowId = await storeFlow(tenant.companyId, graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Qual o pedido?', answerKey: 'pedido' } }], ['ok', 'message', { label: 'Pedido {{pedido}} anotado' }]], [['1', 'ask'], ['ask', 'ok']]));
    await storeCampaign(tenant.companyId, flowId, whatsapp.id, 'quero pedir');
    // Only the day's work is examined, not the set-up above.
    log.clear();

    const customers = [customerNumber(), customerNumber(), customerNumber()];
    for (const [n, number] of customers.entries()) await customerSays(t, admin, whatsapp.id, number, `Bom dia, pedido ${n}`);
    const pending = await eventually(async () => {
      const answer = await t.call('GET', '/tickets?status=pending&showAll=true', { token: admin.token });
      return answer.body.tickets?.length === customers.length ? answer.body.tickets : null;
    });
    const ticket = pending[0];
    // A customer known by LID first, then by number and LID (found by the LID, then by the number's key).
    const lidCustomer = customerNumber();
    const lid = `2${Date.now()}00`;
    await customerSays(t, admin, whatsapp.id, lidCustomer, 'Oi, sou eu', { lid, hideNumber: true });
    await customerSays(t, admin, whatsapp.id, lidCustomer, 'Agora com meu número', { lid });
    // A customer goes through a phrase-triggered flow (a run looked up by its ticket at each message).
    const flowCustomer = customerNumber();
    await customerSays(t, admin, whatsapp.id, flowCustomer, 'Quero pedir');
    await eventually(async () => (await outboxOf(t, admin, whatsapp.id, flowCustomer)).length === 1, 5_000, 'the flow asked');
    await customerSays(t, admin, whatsapp.id, flowCustomer, '42');
    await eventually(async () => (await outboxOf(t, admin, whatsapp.id, flowCustomer)).length === 2, 5_000, 'the flow answered');
    // The admin hands the first customer to the agent's queue and the agent.
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: admin.token, body: { status: 'open', userId: agent.user.id, queueId: queue.id } })).status).to.equal(200);
    await customerSays(t, admin, whatsapp.id, ticket.contact.number, 'Ainda aguardo');
    await t.call('POST', `/tags/sync`, { token: admin.token, body: { ticketId: ticket.id, tags: [{ id: tag.id }] } });

    const lists = [
      'status=open',
      'status=pending',
      'status=closed',
      'status=open&showAll=true',
      'status=closed&showAll=true&pageNumber=2',
      `status=open&queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}`,
      `tags=${encodeURIComponent(JSON.stringify([tag.id]))}&showAll=true`,
      `users=${encodeURIComponent(JSON.stringify([agent.user.id]))}&showAll=true`,
      'withUnreadMessages=true&showAll=true',
      `date=${new Date().toISOString().slice(0, 10)}&showAll=true`,
      `updatedAt=${new Date().toISOString().slice(0, 10)}&status=open&showAll=true`,
      'searchParam=pedido&showAll=true',
      `searchParam=${ticket.contact.number.slice(-6)}`,
    ];
    for (const session of [agent, admin]) for (const query of lists) expect((await t.call('GET', `/tickets?${query}`, { token: session.token })).status, query).to.equal(200);
    expect((await t.call('GET', `/tickets/u/${ticket.uuid}`, { token: agent.token })).status).to.equal(200);
    expect((await t.call('GET', `/ticket/kanban`, { token: admin.token })).status).to.equal(200);

    // The conversation, a reply (sent, then read by the customer), quick answers.
    expect((await t.call('GET', `/messages/${ticket.id}`, { token: agent.token })).status).to.equal(200);
    expect((await t.call('GET', `/messages/${ticket.id}?pageNumber=2`, { token: agent.token })).status).to.equal(200);
    expect((await t.call('POST', `/messages/${ticket.id}`, { token: agent.token, body: { body: 'Já verifico, um momento' } })).status).to.equal(201);
    const sent = await eventually(async () => (await outboxOf(t, admin, whatsapp.id, ticket.contact.number))[0]);
    await t.call('POST', `/sandbox/${whatsapp.id}/read`, { token: admin.token, body: { providerMessageIds: [sent.providerMessageId] } });
    expect((await t.call('GET', '/quick-messages/list', { token: agent.token })).status).to.equal(200);
    expect((await t.call('GET', '/quick-messages?searchParam=oi', { token: agent.token })).status).to.equal(200);

    // Contacts: the list, a search by name fragment and by number.
    for (const query of ['', '?searchParam=custom', `?searchParam=${customers[1]}`, '?pageNumber=2']) expect((await t.call('GET', `/contacts${query}`, { token: agent.token })).status).to.equal(200);
    expect((await t.call('GET', `/contacts/${ticket.contact.id}`, { token: agent.token })).status).to.equal(200);

    // The dashboard, and the internal chat.
    for (const path of ['/dashboard', '/dashboard?days=30', `/dashboard/ticketsDay?initialDate=${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)}&finalDate=${new Date().toISOString().slice(0, 10)}`]) {
      expect((await t.call('GET', path, { token: admin.token })).status, path).to.equal(200);
    }
    const chat = (await t.call('POST', '/chats', { token: admin.token, body: { title: 'Turno', users: [agent.user.id] } })).body;
    expect((await t.call('POST', `/chats/${chat.id}/messages`, { token: admin.token, body: { message: 'Cubra a fila, por favor' } })).status).to.equal(201);
    expect((await t.call('GET', `/chats/${chat.id}/messages`, { token: agent.token })).status).to.equal(200);
    expect((await t.call('GET', '/chats', { token: agent.token })).status).to.equal(200);
    await t.call('POST', `/chats/${chat.id}/read`, { token: agent.token, body: {} });

    // Resolving closes the ticket into the closed lists.
    expect((await t.call('PUT', `/tickets/${ticket.id}`, { token: agent.token, body: { status: 'closed' } })).status).to.equal(200);

    // The back office of the day: a contact list and its items, a scheduled message, a small
    // campaign run to the end, the invoices.
    const list = (await t.call('POST', '/contact-lists', { token: admin.token, body: { name: 'Clientes' } })).body;
    for (const number of [customerNumber(), customerNumber()]) {
      expect((await t.call('POST', '/contact-list-items', { token: admin.token, body: { name: 'Cliente da lista', number, contactListId: list.id } })).status).to.equal(201);
    }
    for (const path of ['/contact-lists', '/contact-lists/list', `/contact-list-items?contactListId=${list.id}`, `/contact-list-items?contactListId=${list.id}&searchParam=clien`]) {
      expect((await t.call('GET', path, { token: admin.token })).status, path).to.equal(200);
    }
    const sendAt = new Date(Date.now() + 1_000).toISOString();
    const schedule = (await t.call('POST', '/schedules', { token: admin.token, body: { body: 'Lembrete do pedido', contactId: ticket.contact.id, sendAt } })).body;
    expect((await t.call('GET', '/schedules', { token: admin.token })).status).to.equal(200);
    await eventually(async () => (await t.call('GET', `/schedules/${schedule.id}`, { token: admin.token })).body.status === 'ENVIADA', 15_000, 'the schedule sent');
    await t.call('POST', '/campaign-settings', { token: admin.token, body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 } } });
    const campaign = (await t.call('POST', '/campaigns', { token: admin.token, body: { name: 'Promo', message1: 'Oferta do dia', whatsappId: whatsapp.id, contactListId: list.id, scheduledAt: new Date(Date.now() + 500).toISOString() } })).body;
    await eventually(async () => (await t.call('GET', `/campaigns/${campaign.id}`, { token: admin.token })).body.status === 'FINALIZADA', 20_000, 'the campaign finished');
    expect((await t.call('GET', '/campaigns', { token: admin.token })).status).to.equal(200);
    expect((await t.call('GET', '/invoices/all', { token: admin.token })).status).to.equal(200);

    // The flow builder: the list, a flow's graph, phrase campaigns, and the phrase lookup the
    // inbound path makes for every customer message.
    const flow = (await t.call('POST', '/flowbuilder', { token: admin.token, body: { name: 'Boas-vindas' } })).body;
    const start = { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} };
    expect((await t.call('POST', '/flowbuilder/flow', { token: admin.token, body: { idFlow: flow.id, nodes: [start], connections: [] } })).status).to.equal(200);
    for (const path of ['/flowbuilder', '/flowbuilder?searchParam=boas', `/flowbuilder/flow/${flow.id}`, '/flowcampaign']) expect((await t.call('GET', path, { token: agent.token })).status, path).to.equal(200);
    expect((await t.call('POST', '/flowcampaign', { token: admin.token, body: { name: 'Promo', flowId: flow.id, whatsappId: whatsapp.id, phrase: 'Quero a promoção' } })).status).to.equal(201);
    expect(await findPhraseCampaign(tenant.companyId, whatsapp.id, 'quero a PROMOCAO')).to.not.equal(null);

    const queries = new Map<string, Query>();
    for (const event of log.commands) for (const query of queriesOf(event.command, event.commandName)) if (!queries.has(shapeOf(query))) queries.set(shapeOf(query), query);
    expect(queries.size, 'queries recorded').to.be.greaterThan(20);
    const examined = new Set([...queries.values()].map((query) => query.collection));
    for (const collection of ['contactlists', 'contactlistitems', 'schedules', 'campaigns', 'campaignshippings', 'invoices', 'flows', 'flowcampaigns', 'flowruns']) expect(examined.has(collection), collection).to.equal(true);

    const db = mongoose.connection.db!;
    const postgresUrl = ferretdb();
    const indexed = postgresUrl ? await ginIndexedFields(postgresUrl, t.databaseName) : null;
    if (postgresUrl) await fillLargeCollections(postgresUrl, t.databaseName);
    const failures: string[] = [];
    for (const [shape, query] of queries) {
      if (EXCEPTIONS[query.collection]) continue;
      const answer = await db.command({ explain: { find: query.collection, filter: query.filter, ...(query.sort ? { sort: query.sort } : {}) }, verbosity: 'queryPlanner' });
      const plan = indexedPlan(answer);
      const keys = indexed ? equalityFields(query.filter).filter((field) => field === '_id' || indexed.get(query.collection)?.has(field)) : [];
      const served = indexed ? plan.pushdown && keys.length > 0 && (!(query.collection in LARGE) || plan.indexed) : plan.indexed;
      if (!served) failures.push(`${shape} (${query.command}): pushdown ${plan.pushdown}, indexed keys [${keys}], plan ${plan.summary}, filter ${JSON.stringify(query.filter)}`);
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
