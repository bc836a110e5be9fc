import { expect } from 'chai';
import Nes from '@hapi/nes/lib/client.js';
import { UserModel } from '../../src/domains/users/model.js';
import { createApiClient, createRealtimeClient, memorySession, type RealtimeClient } from '@atende/shared/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMember, createTenant, loginSuper, type Session, type Tenant } from '../support/fixtures.js';
import { eventually } from '../support/inboxFixtures.js';
import { listen } from '../support/realtimeFixtures.js';

/** The heartbeat interval of this test's server: offline two of these after the last sign of life. */
const INTERVAL_MS = 300;

describe('presence: online while a socket is open or the last userStatus is recent (issue 23)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let agent: Session & { email: string };
  const opened: RealtimeClient[] = [];

  before(async () => {
    t = await startTestApp('presence', { ATENDE_USER_STATUS_MS: String(INTERVAL_MS) });
    tenant = await createTenant(t, await loginSuper(t));
    agent = await createMember(t, tenant, 'user');
  });
  after(async () => {
    await Promise.all(opened.map((client) => client.disconnect()));
    await t?.stop();
  });

  const online = async () => (await t.call('GET', `/users/${agent.user.id}`, { token: tenant.admin.token })).body.online as boolean;

  async function socketOf(heartbeatMs: number): Promise<RealtimeClient> {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    await api.auth.login({ email: agent.email, password: 'member-pass' });
    const client = createRealtimeClient({ baseUrl: t.url, api, heartbeatMs });
    opened.push(client);
    await client.connect();
    return client;
  }

  it('a sign-in without a socket goes offline by itself two intervals later, and the users channel says so', async () => {
    // The member's own sign-in at its creation wears off first.
    await eventually(async () => !(await online()), 5 * INTERVAL_MS, 'offline after the first sign-in');
    const admin = await listen(t, tenant.adminEmail, tenant.password, 'user');
    try {
      await t.call('POST', '/auth/login', { body: { email: agent.email, password: 'member-pass' } });
      expect(await online()).to.equal(true);
      await eventually(async () => !(await online()), 5 * INTERVAL_MS, 'offline');
      await eventually(async () => admin.events.filter((event) => (event.user as { id?: string } | undefined)?.id === agent.user.id).length >= 2, 2_000, 'both announced');
      const flags = admin.events.filter((event) => (event.user as { id?: string } | undefined)?.id === agent.user.id).map((event) => (event.user as { online: boolean }).online);
      expect(flags).to.deep.equal([true, false]);
    } finally {
      await admin.client.disconnect();
    }
  });

  it('an open socket keeps the user online without heartbeats; once it closes, offline within two intervals', async () => {
    const client = await socketOf(60_000);
    await eventually(online, 5 * INTERVAL_MS, 'online');
    await new Promise((resolve) => setTimeout(resolve, 4 * INTERVAL_MS));
    expect(await online()).to.equal(true);
    const closedAt = Date.now();
    await client.disconnect();
    await eventually(async () => !(await online()), 6 * INTERVAL_MS, 'offline');
    expect(Date.now() - closedAt).to.be.below(6 * INTERVAL_MS);
  });

  it('a userStatus message refreshes the last sign of life of the socket\'s own user; anything else is answered no', async () => {
    const client = new Nes.Client(t.url.replace(/^http/, 'ws') as `ws://${string}`);
    await client.connect({ auth: { headers: { authorization: `Bearer ${agent.token}` } } });
    try {
      // Opening the socket counts as a sign of life too: let that write land first.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const before = (await UserModel.findById(agent.user.id).setOptions({ crossTenant: true }).lean())!.lastSeenAt!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await client.message({ type: 'nonsense' })).payload).to.deep.equal({ ok: false });
      expect((await UserModel.findById(agent.user.id).setOptions({ crossTenant: true }).lean())!.lastSeenAt!.getTime()).to.equal(before.getTime());
      expect((await client.message({ type: 'userStatus' })).payload).to.deep.equal({ ok: true });
      expect((await UserModel.findById(agent.user.id).setOptions({ crossTenant: true }).lean())!.lastSeenAt!.getTime()).to.be.above(before.getTime());
      expect(await online()).to.equal(true);
    } finally {
      await client.disconnect();
    }
  });
});
