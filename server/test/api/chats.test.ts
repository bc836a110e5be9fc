import { expect } from 'chai';
import type { Chat, ChatEvent, ChatMessage } from '@atende/shared';
import { createApiClient, memorySession } from '@atende/shared/client';
import { ChatMessageModel, ChatModel } from '../../src/domains/chats/model.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { listen, settle, waitFor, type Listener } from '../support/realtimeFixtures.js';

describe('internal chat', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let other: Tenant;
  let agent: Session & { email: string };
  let colleague: Session & { email: string };
  let outsider: Session & { email: string };

  before(async () => {
    t = await startTestApp('chats');
    superUser = await loginSuper(t);
    const chatPlan = await createPlan(t, superUser, { useInternalChat: true });
    tenant = await createTenant(t, superUser, { planId: chatPlan.id });
    other = await createTenant(t, superUser, { planId: chatPlan.id });
    agent = await createMember(t, tenant, 'user');
    colleague = await createMember(t, tenant, 'supervisor');
    outsider = await createMember(t, tenant, 'user');
  });
  after(async () => {
    await t?.stop();
  });

  const admin = () => tenant.admin.token;
  const create = (body: Record<string, unknown>, token = admin()) => t.call('POST', '/chats', { token, body });
  const send = (chatId: string, message: string, token: string) => t.call('POST', `/chats/${chatId}/messages`, { token, body: { message } });
  const get = (ref: string, token: string) => t.call<Chat>('GET', `/chats/${ref}`, { token });
  const unreads = (chat: Chat) => Object.fromEntries(chat.users.map((member) => [member.userId, member.unreads]));
  const ids = (records: { id: string }[]) => records.map((record) => record.id);

  let team: Chat;

  describe('creating', () => {
    it('creates a chat owned by its creator, who is always a member', async () => {
      const answer = await create({ title: '  Team  ', users: [agent.user.id, colleague.user.id] });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      team = answer.body;
      expect(team).to.include({ title: 'Team', ownerId: tenant.admin.user.id, lastMessage: '' });
      expect(team.uuid).to.match(/^[0-9a-f-]{36}$/);
      expect(team.users.map((member) => member.userId)).to.have.members([tenant.admin.user.id, agent.user.id, colleague.user.id]);
      expect(team.users.every((member) => member.unreads === 0)).to.equal(true);
      expect(team.users.find((member) => member.userId === colleague.user.id)?.user).to.deep.equal({ id: colleague.user.id, name: 'Member supervisor' });
      // Naming oneself among the users adds no second membership.
      const self = await create({ title: 'Self', users: [tenant.admin.user.id, agent.user.id] });
      expect(self.body.users.map((member: { userId: string }) => member.userId)).to.have.members([tenant.admin.user.id, agent.user.id]);
      await t.call('DELETE', `/chats/${self.body.id}`, { token: admin() });
    });

    it('requires a title and at least one user of the company', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ users: [agent.user.id] }, 'title', 'any.required'],
        [{ title: '   ', users: [agent.user.id] }, 'title', 'string.empty'],
        [{ title: 'x'.repeat(101), users: [agent.user.id] }, 'title', 'string.max'],
        [{ title: 'No users' }, 'users', 'any.required'],
        [{ title: 'No users', users: [] }, 'users', 'array.min'],
        [{ title: 'Twice', users: [agent.user.id, agent.user.id] }, 'users.1', 'array.unique'],
        [{ title: 'Bad id', users: ['abc'] }, 'users.0', 'string.length'],
        [{ title: 'Stranger', users: [agent.user.id, other.admin.user.id] }, 'users', 'any.invalid'],
        [{ title: 'Nobody', users: [MISSING_ID] }, 'users', 'any.invalid'],
      ];
      for (const [body, field, rule] of cases) {
        const answer = await create(body);
        expectInvalid(answer, field);
        expect(answer.body.rule, field).to.equal(rule);
      }
    });
  });

  describe('reading', () => {
    let side: Chat;

    it('lists only the chats the user is a member of, latest activity first, searched by title', async () => {
      side = (await create({ title: 'Side talk', users: [colleague.user.id] }, agent.token)).body;
      const mine = await t.call('GET', '/chats', { token: agent.token });
      expect(mine.status).to.equal(200);
      expect(ids(mine.body.records)).to.deep.equal([side.id, team.id]);
      expect(mine.body).to.include({ count: 2, hasMore: false });
      expect(ids((await t.call('GET', '/chats', { token: admin() })).body.records)).to.deep.equal([team.id]);
      expect((await t.call('GET', '/chats', { token: outsider.token })).body).to.deep.equal({ records: [], count: 0, hasMore: false });
      expect((await t.call('GET', '/chats', { token: other.admin.token })).body.records).to.deep.equal([]);
      // A message is activity: its chat comes first.
      expect((await send(team.id, 'Bump', agent.token)).status).to.equal(201);
      expect(ids((await t.call('GET', '/chats', { token: agent.token })).body.records)).to.deep.equal([team.id, side.id]);
      expect(ids((await t.call('GET', '/chats?searchParam=side', { token: agent.token })).body.records)).to.deep.equal([side.id]);
    });

    it('answers one chat by id or uuid to its members only (404 ERR_NO_CHAT_FOUND otherwise)', async () => {
      expect((await get(team.id, agent.token)).body).to.include({ id: team.id, title: 'Team' });
      expect((await get(team.uuid, colleague.token)).body).to.include({ id: team.id, uuid: team.uuid });
      expectError(await get(team.id, outsider.token), 404, 'ERR_NO_CHAT_FOUND');
      expectError(await get(team.uuid, outsider.token), 404, 'ERR_NO_CHAT_FOUND');
      expectError(await get(team.id, other.admin.token), 404, 'ERR_NO_CHAT_FOUND');
      expectError(await get(MISSING_ID, agent.token), 404, 'ERR_NO_CHAT_FOUND');
      expectInvalid(await get('abc', agent.token), 'id');
      expectError(await t.call('GET', `/chats/${team.id}/messages`, { token: outsider.token }), 404, 'ERR_NO_CHAT_FOUND');
      expectError(await t.call('POST', `/chats/${team.id}/read`, { token: outsider.token }), 404, 'ERR_NO_CHAT_FOUND');
      expectError(await send(team.id, 'Let me in', outsider.token), 404, 'ERR_NO_CHAT_FOUND');
    });
  });

  describe('messages', () => {
    it("a message counts unread for every other member, not the sender's, and becomes lastMessage", async () => {
      const before = unreads((await get(team.id, admin())).body);
      const answer = await send(team.id, '  Hello team  ', agent.token);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      expect(answer.body).to.include({ chatId: team.id, message: 'Hello team', senderId: agent.user.id });
      expect(answer.body.sender).to.deep.equal({ id: agent.user.id, name: 'Member user' });
      const chat = (await get(team.id, admin())).body;
      expect(chat.lastMessage).to.equal('Hello team');
      expect(unreads(chat)).to.deep.equal({
        [tenant.admin.user.id]: before[tenant.admin.user.id]! + 1,
        [colleague.user.id]: before[colleague.user.id]! + 1,
        [agent.user.id]: before[agent.user.id],
      });
    });

    it('counts every one of concurrent messages (writes to the chat are serialised)', async () => {
      const before = unreads((await get(team.id, colleague.token)).body)[colleague.user.id]!;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(team.id, `Burst ${i}`, i % 2 ? agent.token : admin())));
      expect(answers.map((answer) => answer.status)).to.deep.equal(Array(10).fill(201));
      expect(unreads((await get(team.id, colleague.token)).body)[colleague.user.id]).to.equal(before + 10);
    });

    it('bounds the message text', async () => {
      for (const [message, rule] of [['   ', 'string.empty'], ['x'.repeat(5001), 'string.max']] as const) {
        const answer = await send(team.id, message, agent.token);
        expectInvalid(answer, 'message');
        expect(answer.body.rule).to.equal(rule);
      }
      expectInvalid(await t.call('POST', `/chats/${team.id}/messages`, { token: agent.token, body: {} }), 'message');
    });

    it("reading clears the reader's counter only, without moving the chat in the list", async () => {
      const before = (await get(team.id, admin())).body;
      expect(before.users.find((member) => member.userId === colleague.user.id)!.unreads).to.be.above(0);
      const answer = await t.call<Chat>('POST', `/chats/${team.id}/read`, { token: colleague.token });
      expect(answer.status).to.equal(200);
      expect(unreads(answer.body)).to.deep.equal({ ...unreads(before), [colleague.user.id]: 0 });
      expect(answer.body.updatedAt).to.equal(before.updatedAt);
      // The spec's client names itself in the body; the reader is always the signed-in user.
      const again = await t.call<Chat>('POST', `/chats/${team.id}/read`, { token: admin(), body: { userId: tenant.admin.user.id } });
      expect(unreads(again.body)[tenant.admin.user.id]).to.equal(0);
      expect(unreads(again.body)[agent.user.id]).to.equal(unreads(before)[agent.user.id]);
    });

    it('pages the history newest page first, each page in chronological order', async () => {
      const chat = (await create({ title: 'History', users: [agent.user.id] })).body;
      for (let i = 1; i <= 25; i += 1) await send(chat.id, `m${i}`, i % 2 ? admin() : agent.token);
      const first = await t.call('GET', `/chats/${chat.id}/messages`, { token: agent.token });
      expect(first.status).to.equal(200);
      expect(first.body).to.include({ count: 25, hasMore: true });
      expect(first.body.records.map((m: ChatMessage) => m.message)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
      const second = await t.call('GET', `/chats/${chat.id}/messages?pageNumber=2`, { token: agent.token });
      expect(second.body).to.include({ count: 25, hasMore: false });
      expect(second.body.records.map((m: ChatMessage) => m.message)).to.deep.equal(['m1', 'm2', 'm3', 'm4', 'm5']);
      expect(second.body.records[0]).to.include({ senderId: tenant.admin.user.id, chatId: chat.id });
    });
  });

  describe('editing and deleting', () => {
    it('only the owner edits (403 ERR_NO_PERMISSION); the owner stays a member, kept members keep their unreads', async () => {
      expectError(await t.call('PUT', `/chats/${team.id}`, { token: agent.token, body: { title: 'Mine' } }), 403, 'ERR_NO_PERMISSION');
      expectError(await t.call('PUT', `/chats/${team.id}`, { token: outsider.token, body: { title: 'Mine' } }), 404, 'ERR_NO_CHAT_FOUND');
      expectInvalid(await t.call('PUT', `/chats/${team.id}`, { token: admin(), body: { users: [other.admin.user.id] } }), 'users');
      expectInvalid(await t.call('PUT', `/chats/${team.id}`, { token: admin(), body: {} }), 'payload');
      const agentUnreads = unreads((await get(team.id, admin())).body)[agent.user.id];
      const answer = await t.call<Chat>('PUT', `/chats/${team.id}`, { token: admin(), body: { title: 'Team 2', users: [agent.user.id, outsider.user.id] } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      expect(answer.body.title).to.equal('Team 2');
      expect(unreads(answer.body)).to.deep.equal({ [tenant.admin.user.id]: 0, [agent.user.id]: agentUnreads, [outsider.user.id]: 0 });
      expectError(await get(team.id, colleague.token), 404, 'ERR_NO_CHAT_FOUND');
      expect((await get(team.uuid, outsider.token)).body.title).to.equal('Team 2');
    });

    it('only the owner deletes; the messages go with the chat', async () => {
      expect(await ChatMessageModel.countDocuments({ companyId: tenant.companyId, chatId: team.id })).to.be.above(0);
      expectError(await t.call('DELETE', `/chats/${team.id}`, { token: agent.token }), 403, 'ERR_NO_PERMISSION');
      expect((await t.call('DELETE', `/chats/${team.id}`, { token: admin() })).status).to.equal(204);
      expectError(await get(team.id, admin()), 404, 'ERR_NO_CHAT_FOUND');
      expect(await ChatMessageModel.countDocuments({ companyId: tenant.companyId, chatId: team.id })).to.equal(0);
    });
  });

  describe('plan and company', () => {
    it('needs the plan flag useInternalChat (403 ERR_PLAN_FEATURE_DISABLED)', async () => {
      const plain = await createTenant(t, superUser);
      expectError(await t.call('GET', '/chats', { token: plain.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('POST', '/chats', { token: plain.admin.token, body: { title: 'No', users: [plain.admin.user.id] } }), 403, 'ERR_PLAN_FEATURE_DISABLED');
      expectError(await t.call('GET', `/chats/${MISSING_ID}/messages`, { token: plain.admin.token }), 403, 'ERR_PLAN_FEATURE_DISABLED');
    });

    it('deleting a company removes its chats and their messages', async () => {
      const gone = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { useInternalChat: true })).id });
      const member = await createMember(t, gone, 'user');
      const chat = await create({ title: 'Doomed', users: [member.user.id] }, gone.admin.token);
      expect(chat.status, JSON.stringify(chat.body)).to.equal(201);
      expect((await send(chat.body.id, 'Bye', member.token)).status).to.equal(201);
      expect((await t.call('DELETE', `/companies/${gone.companyId}`, { token: superUser.token })).status).to.equal(204);
      expect(await ChatModel.countDocuments({ companyId: gone.companyId })).to.equal(0);
      expect(await ChatMessageModel.countDocuments({ companyId: gone.companyId })).to.equal(0);
    });
  });

  describe('typed client and realtime', () => {
    it('reaches members only: new-message and update to members, delete to removed members, nothing to others', async () => {
      const api = createApiClient({ baseUrl: t.url, session: memorySession() });
      await api.auth.login({ email: agent.email, password: 'member-pass' });
      const listeners: Listener[] = [];
      const watch = async (email: string) => {
        const listener = await listen(t, email, 'member-pass', 'chat');
        listeners.push(listener);
        return listener.events as unknown as ChatEvent[];
      };
      try {
        const member = await watch(colleague.email);
        const stranger = await watch(outsider.email);
        const chat = await api.chats.create({ title: 'Live', users: [colleague.user.id] });
        expect((await api.chats.get(chat.uuid)).id).to.equal(chat.id);
        expect(ids((await api.chats.page({ searchParam: 'live' })).records)).to.deep.equal([chat.id]);

        const sent = await api.chats.send(chat.id, { message: 'Ping' });
        const arrived = await waitFor(member, (e) => e.action === 'new-message');
        expect(arrived).to.deep.include({ message: sent });
        expect(arrived.action === 'new-message' && unreads(arrived.chat)).to.deep.equal({ [agent.user.id]: 0, [colleague.user.id]: 1 });
        expect((await api.chats.messages(chat.id)).records).to.deep.equal([sent]);

        const colleagueApi = createApiClient({ baseUrl: t.url, session: memorySession() });
        await colleagueApi.auth.login({ email: colleague.email, password: 'member-pass' });
        expect(unreads(await colleagueApi.chats.read(chat.id))[colleague.user.id]).to.equal(0);
        await waitFor(member, (e) => e.action === 'update' && unreads(e.chat)[colleague.user.id] === 0);

        await api.chats.update(chat.id, { title: 'Live 2' });
        await waitFor(member, (e) => e.action === 'update' && e.chat.title === 'Live 2');
        await settle();
        expect(stranger).to.deep.equal([]);

        // The colleague leaves, the outsider joins: a delete for the one, an update for the other.
        await api.chats.update(chat.id, { users: [outsider.user.id] });
        expect(await waitFor(member, (e) => e.action === 'delete')).to.deep.equal({ action: 'delete', chatId: chat.id, userIds: [colleague.user.id] });
        await waitFor(stranger, (e) => e.action === 'update' && e.chat.id === chat.id);

        await api.chats.remove(chat.id);
        expect(await waitFor(stranger, (e) => e.action === 'delete')).to.deep.equal({ action: 'delete', chatId: chat.id, userIds: [agent.user.id, outsider.user.id] });
        await settle();
        expect(member.filter((e) => e.action === 'delete')).to.have.length(1);
      } finally {
        await Promise.all(listeners.map((listener) => listener.client.disconnect()));
      }
    });
  });
});
