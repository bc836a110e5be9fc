/**
 * The realtime sweep (issue 29): a user, a supervisor, an admin of a company and a super user
 * listen on every channel of the company while something happens on each; no payload may reach
 * a caller the channel's routes refuse (profile, super, plan feature), nor one who may not see
 * what it is about (a ticket, a chat, a personal quick message, a simulation). Then the company's
 * plan loses its features and everything published is published again: the features' channels
 * must fall silent. The rules are test/support/sweep/channels.ts.
 */
import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { CHANNELS } from '../../src/platform/realtime.js';
import { startTestApp, type TestApp } from '../support/app.js';
import type { Session } from '../support/fixtures.js';
import { customerNumber, customerSays, eventually, ticketOf } from '../support/inboxFixtures.js';
import { CHANNEL_RULES, routesAnswer, type Known, type Receiver } from '../support/sweep/channels.js';
import { routeKey, sweepRoutes, type SweepRoute } from '../support/sweep/routes.js';
import { SAMPLES } from '../support/sweep/samples.js';
import { buildWorld, type World } from '../support/sweep/world.js';

type Client = InstanceType<typeof Nes.Client>;

interface Published {
  path: string;
  channel: string;
  message: unknown;
  options: unknown;
  done: Promise<unknown>;
}

interface Heard {
  receiver: Receiver;
  channel: string;
  payload: any;
  round: 1 | 2;
  checked: boolean;
}

type Publish = (path: string, message: unknown, options?: unknown) => Promise<unknown> | undefined;

function report(line: string): void {
  process.stdout.write(`      ${line}\n`);
}

describe('realtime sweep: every channel reaches only the callers its routes answer (issue 29)', function () {
  this.timeout(300_000);
  let t: TestApp;
  let world: World;
  let byKey: Map<string, SweepRoute>;
  let publishAsBefore: Publish;
  let round: 1 | 2 = 1;
  const published: Published[] = [];
  const heard: Heard[] = [];
  const listeners: { receiver: Receiver; client: Client }[] = [];
  const known: Known = { simulationAuthors: new Map() };
  const companyPath = () => `/company/${world.a.companyId}/`;

  before(async () => {
    t = await startTestApp('realtimeSweep', { ATENDE_SANDBOX_ACK_MS: '20' });
    world = await buildWorld(t);
    byKey = new Map(sweepRoutes(t.app.server).map((route) => [routeKey(route), route]));
    const { a } = world;
    // The supervisor works the world's queue: tickets there are theirs to see, not the user's.
    expect((await t.call('PUT', `/users/${a.supervisor.user.id}`, { token: a.admin.token, body: { queueIds: [a.ids.queue] } })).status).to.equal(200);
    // Every publish is recorded with the promise of its deliveries (nes runs each socket's filter, then sends).
    const server = t.app.server as unknown as { publish: Publish };
    publishAsBefore = server.publish.bind(server);
    server.publish = (path, message, options) => {
      const done = Promise.resolve(publishAsBefore(path, message, options));
      published.push({ path, channel: path.split('/')[3] ?? '', message, options, done });
      return done;
    };
    const receivers: Receiver[] = [
      { label: 'user', session: a.user },
      { label: 'supervisor', session: a.supervisor },
      { label: 'admin', session: a.admin },
      { label: 'super', session: world.superUser },
    ];
    for (const receiver of receivers) {
      const client = new Nes.Client(t.url.replace('http:', 'ws:') as `ws://${string}`);
      await client.connect({ auth: { headers: { authorization: `Bearer ${receiver.session.token}` } }, reconnect: false });
      for (const channel of CHANNELS) {
        await client.subscribe(`${companyPath()}${channel}`, (payload) => heard.push({ receiver, channel, payload, round, checked: false }));
      }
      listeners.push({ receiver, client });
    }
  });
  after(async () => {
    for (const { client } of listeners) await client.disconnect();
    await t?.stop();
  });

  /** Every publish so far went through its filters and was sent, and every socket has read what was sent. */
  async function delivered(): Promise<void> {
    await Promise.all(published.map((each) => each.done));
    // A subscription the server does not know answers an error: a round trip behind what was sent before.
    await Promise.all(listeners.map(({ client }) => client.subscribe('/sweep/barrier', () => undefined).catch(() => undefined)));
  }

  const isMember = (receiver: Receiver) => !receiver.session.user.super;

  /** What reached a caller its routes refuse (the company with or without its plan's features). */
  function refusedDeliveries(planFeatures: boolean, inRound: 1 | 2): string[] {
    return heard
      .filter((each) => each.round === inRound)
      .filter((each) => !routesAnswer(CHANNEL_RULES[each.channel]!, byKey, { super: each.receiver.session.user.super, profile: each.receiver.session.user.profile, planFeatures }))
      .map((each) => `${each.channel} reached the ${each.receiver.label}: ${JSON.stringify(each.payload).slice(0, 200)}`);
  }

  /** Per-item visibility of what arrived since the last check, while the items are as they were. */
  async function unseenItems(): Promise<string[]> {
    const failures: string[] = [];
    for (const each of heard.filter((one) => !one.checked)) {
      each.checked = true;
      // Super users watch any company's channels; the routes answer them about their own company only.
      if (!isMember(each.receiver)) continue;
      const item = CHANNEL_RULES[each.channel]?.item?.(each.payload, each.receiver, known) ?? null;
      if (item === null || item === true) continue;
      const answer = item === false ? null : await t.call('GET', item, { token: each.receiver.session.token });
      if (!answer || answer.status !== 200) failures.push(`${each.channel} reached the ${each.receiver.label}, who may not see it${answer ? ` (GET ${item}: ${answer.status})` : ''}: ${JSON.stringify(each.payload).slice(0, 200)}`);
    }
    return failures;
  }

  /** Runs one action, waits until it published on `channel` and everything was delivered, checks the items. */
  async function happens(channel: string, action: () => Promise<{ status: number; body: any } | void>): Promise<string[]> {
    const from = published.length;
    const answer = await action();
    if (answer) expect(answer.status, `${channel}: ${JSON.stringify(answer.body)}`).to.be.oneOf([200, 201, 204]);
    await eventually(async () => published.slice(from).some((each) => each.channel === channel && each.path.startsWith(companyPath())), 15_000, `a publish on ${channel}`);
    await delivered();
    return unseenItems();
  }

  it('every channel has a rule, naming routes the app has', () => {
    const missing = CHANNELS.filter((channel) => !CHANNEL_RULES[channel]);
    expect(missing, 'channels without a rule in test/support/sweep/channels.ts').to.deep.equal([]);
    const unknown = Object.entries(CHANNEL_RULES).flatMap(([channel, rule]) => rule.routes.filter((key) => !byKey.has(key)).map((key) => `${channel}: ${key}`));
    expect(unknown, 'rules naming routes that do not exist').to.deep.equal([]);
  });

  it("activity on every channel reaches no caller its routes refuse, nor one who may not see what it is about", async () => {
    const { a, superUser } = world;
    const as = (session: Session) => (method: string, path: string, body?: unknown) => t.call(method, path, { token: session.token, ...(body === undefined ? {} : { body }) });
    const admin = as(a.admin);
    const operator = as(superUser);
    const sample = (key: string) => SAMPLES[key]!(a.ids).payload;
    const failures: string[] = [];
    const userEmail = (await admin('GET', `/users/${a.user.user.id}`)).body.email as string;
    const planId = (await operator('GET', `/companies/${a.companyId}`)).body.planId as string;

    failures.push(...(await happens('auth', () => t.call('POST', '/auth/login', { body: { email: userEmail, password: 'member-pass' } }))));
    failures.push(...(await happens('user', () => admin('PUT', `/users/${a.user.user.id}`, { name: 'Sweep renamed' }))));
    failures.push(...(await happens('company', () => operator('PUT', `/companies/${a.companyId}`, sample('PUT /api/companies/{id}')))));
    failures.push(...(await happens('settings', () => admin('PUT', '/settings/userRating', { value: 'enabled' }))));
    failures.push(...(await happens('plan', () => operator('PUT', `/plans/${planId}`, { name: 'Sweep plan with every feature' }))));
    failures.push(...(await happens('contact', () => admin('PUT', `/contacts/${a.ids.contact}`, sample('PUT /api/contacts/{id}')))));
    failures.push(...(await happens('whatsapp', () => admin('PUT', `/whatsapp/${a.ids.whatsapp}`, sample('PUT /api/whatsapp/{id}')))));
    failures.push(...(await happens('queue', () => admin('PUT', `/queue/${a.ids.queue}`, sample('PUT /api/queue/{id}')))));
    failures.push(...(await happens('tag', () => admin('PUT', `/tags/${a.ids.tag}`, sample('PUT /api/tags/{id}')))));
    // A customer writes: the sandbox phone, the new ticket (in no queue) and its message.
    const number = customerNumber();
    failures.push(...(await happens('appMessage', async () => void (await customerSays(t, a.admin, a.ids.whatsapp, number, 'Hello from the sweep')))));
    const ticket = await eventually(() => ticketOf(t, a.admin, number, 'pending'), 10_000, 'the new ticket');
    // The ticket enters the supervisor's queue; the customer writes again, an admin notes it.
    failures.push(...(await happens('ticket', () => admin('PUT', `/tickets/${ticket.id}`, { queueId: a.ids.queue }))));
    failures.push(...(await happens('appMessage', async () => void (await customerSays(t, a.admin, a.ids.whatsapp, number, 'Still there?')))));
    failures.push(...(await happens('ticketNote', () => admin('POST', '/ticket-notes', { ticketId: ticket.id, contactId: ticket.contactId, note: 'Sweep note' }))));
    // The user's own quick message, which only they and the admins may see.
    failures.push(...(await happens('quickmessage', () => as(a.user)('POST', '/quick-messages', { shortcode: 'sweep-own', message: 'Mine', allowView: false }))));
    failures.push(...(await happens('chat', () => admin('POST', '/chats', { title: 'Without the user', users: [a.supervisor.user.id] }))));
    failures.push(...(await happens('announcement', () => operator('POST', '/announcements', { title: 'Sweep news', text: 'For everyone' }))));
    failures.push(...(await happens('payment', () => operator('POST', `/invoices/${a.ids.invoice}/pay`))));
    failures.push(...(await happens('campaign', () => admin('PUT', `/campaigns/${a.ids.campaign}`, sample('PUT /api/campaigns/{id}')))));
    failures.push(...(await happens('schedule', () => admin('PUT', `/schedules/${a.ids.schedule}`, sample('PUT /api/schedules/{id}')))));
    failures.push(...(await happens('contactList', () => admin('PUT', `/contact-lists/${a.ids.contactList}`, sample('PUT /api/contact-lists/{id}')))));
    failures.push(...(await happens('contactListItem', () => admin('PUT', `/contact-list-items/${a.ids.contactListItem}`, sample('PUT /api/contact-list-items/{id}')))));
    failures.push(...(await happens('flowbuilder', () => admin('PUT', '/flowbuilder', sample('PUT /api/flowbuilder')))));
    failures.push(...(await happens('flowcampaign', () => admin('PUT', '/flowcampaign', sample('PUT /api/flowcampaign')))));
    failures.push(...(await happens('file', () => admin('PUT', `/files/${a.ids.fileList}`, sample('PUT /api/files/{id}')))));
    failures.push(...(await happens('queueIntegration', () => admin('PUT', `/queueIntegration/${a.ids.queueIntegration}`, sample('PUT /api/queueIntegration/{id}')))));
    failures.push(...(await happens('prompt', () => admin('PUT', `/prompt/${a.ids.prompt}`, sample('PUT /api/prompt/{id}')))));
    // The supervisor's simulation: its events are the supervisor's alone.
    failures.push(
      ...(await happens('flowSimulator', async () => {
        const started = await as(a.supervisor)('POST', '/flowbuilder/simulator', sample('POST /api/flowbuilder/simulator'));
        known.simulationAuthors.set(started.body.simulationId, a.supervisor.user.id);
        return started;
      })),
    );
    // Last: the connection restarts (its session's status changes).
    failures.push(...(await happens('whatsappSession', () => admin('PUT', `/whatsappsession/${a.ids.whatsapp}`, {}))));

    const silent = CHANNELS.filter((channel) => !CHANNEL_RULES[channel]!.silent && !published.some((each) => each.channel === channel && each.path.startsWith(companyPath())));
    expect(silent, 'channels nothing published on: give the sweep an action for each').to.deep.equal([]);
    failures.push(...refusedDeliveries(true, 1));
    report(`realtime sweep: ${CHANNELS.length} channels, ${published.length} publishes, ${heard.length} deliveries to 4 callers`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // The sweep listens for real: the admin heard the admins' channels.
    for (const channel of ['prompt', 'queueIntegration', 'sandbox']) expect(heard.some((each) => each.channel === channel && each.receiver.label === 'admin'), channel).to.equal(true);
  });

  it("once the company's plan lost its features, what they publish reaches none of its users", async () => {
    const { a, superUser } = world;
    const featureless = (await t.call('GET', `/companies/${world.plain.companyId}`, { token: superUser.token })).body.planId as string;
    expect((await t.call('PUT', `/companies/${a.companyId}`, { token: superUser.token, body: { planId: featureless } })).status).to.equal(200);
    await delivered();
    round = 2;
    const replayed = published.filter((each) => each.path.startsWith(companyPath()));
    for (const each of replayed) await publishAsBefore(each.path, each.message, each.options);
    await delivered();
    const failures = refusedDeliveries(false, 2);
    report(`replayed ${replayed.length} publishes without the plan's features: ${heard.filter((each) => each.round === 2).length} deliveries`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    // What needs no feature still reaches everyone.
    expect(heard.some((each) => each.round === 2 && each.channel === 'contact' && each.receiver.label === 'user')).to.equal(true);
  });
});
