/**
 * The status line shows the company's WhatsApp connections (issue 21): a connection that drops
 * is shown with its status and for how long, and shown connected again when it is back.
 */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import type { ConnectionHealth } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { connectionBadges } from '../src/app/ConnectionsLine.js';
import { textsFor } from '../src/app/i18n.js';
import { createCompany, type TestCompany } from './support/company.js';
import { renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

describe('status line: the WhatsApp connections', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    inbox = renderInbox(server, { session: await sessionOf(server, company.agentAccount) });
    inbox.resize(140);
    await inbox.see('● Sandbox', '● Connected');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
    if (server) await rm(server.dataDir, { recursive: true, force: true });
  });

  it('shows a dropped connection as reconnecting, live, and connected again once it is back', async () => {
    await company.admin.sandbox.connectivity(company.whatsapp.id, false);
    await inbox.see('◌ Sandbox (Reconnecting 0s)');
    await company.admin.sandbox.connectivity(company.whatsapp.id, true);
    await until(async () => !inbox.frame().includes('Reconnecting'), 'back connected');
    expect(inbox.frame()).to.include('● Sandbox');
  });

  it('names each connection, with the status and time of those that are down, in the chosen language', () => {
    const row = (name: string, status: ConnectionHealth['status'], statusSince: string | null): ConnectionHealth => ({
      whatsappId: name,
      name,
      provider: 'beta',
      status,
      reason: null,
      statusSince,
      connectedSince: null,
      lastInboundAt: null,
      lastOutboundAt: null,
      reconnects24h: 0,
      recovered: 0,
      decryptFailures: 0,
      downSince: null,
      downAlerted: false,
      timeline: [],
    });
    const now = Date.parse('2026-01-01T12:00:00Z');
    const badges = connectionBadges([row('Sales', 'CONNECTED', '2026-01-01T08:00:00Z'), row('Support', 'DISCONNECTED', '2026-01-01T09:55:00Z')], now, textsFor('pt').t);
    expect(badges).to.deep.equal([
      { color: 'green', text: '● Sales' },
      { color: 'red', text: '○ Support (Desconectado 2h 5m)' },
    ]);
  });
});
