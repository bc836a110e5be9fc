import { expect } from 'chai';
import type { ConnectionHealth } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, pairedSandbox, signInSuper, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, type Env } from './support/cli.js';

describe('atende whatsapp status', () => {
  let server: SpawnedServer;
  let tenant: Tenant;
  let adminEnv: Env;
  let agentEnv: Env;
  let line: string;

  before(async () => {
    server = await spawnServer();
    tenant = await createTenant(server.url, await signInSuper(server.url));
    const agent = await createMember(server.url, tenant, 'user');
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    agentEnv = await sessionEnv(server.url, agent.api.session.get()!);
    line = await pairedSandbox(tenant.admin.api, 'Sales line');
    // An outage: three messages held while the phone is offline, replayed when it is back.
    await tenant.admin.api.sandbox.connectivity(line, false);
    for (const body of ['one', 'two', 'three']) expect((await tenant.admin.api.sandbox.send(line, { from: '5511970001111', body })).queued).to.equal(true);
    await tenant.admin.api.sandbox.connectivity(line, true);
  });
  after(() => server?.stop());

  it('one connection as JSON: status, messages recovered, reconnects and the timeline with its reasons', async () => {
    const health = parse<ConnectionHealth>(await cli(['whatsapp', 'status', line, '--json'], adminEnv));
    expect(health).to.deep.include({ whatsappId: line, name: 'Sales line', status: 'CONNECTED', recovered: 3, reconnects24h: 1, decryptFailures: 0 });
    expect(health.timeline.slice(0, 2).map((entry) => [entry.status, entry.reason])).to.deep.equal([
      ['CONNECTED', 'reconnected'],
      ['TIMEOUT', 'phoneOffline'],
    ]);
  });

  it('for people: a table of every connection, and the details of one with its recent status changes, in the chosen language', async () => {
    const all = await cli(['whatsapp', 'status'], agentEnv);
    expect(all.code).to.equal(0);
    expect(all.stdout).to.match(new RegExp(`${line}\\s+Sales line\\s+Connected \\(reconnected\\) since \\d+s\\s+\\d+s\\s+\\d+s\\s+never\\s+1\\s+3\\s+0`));
    const one = await cli(['whatsapp', 'status', line, '--lang', 'pt'], agentEnv);
    expect(one.stdout).to.match(/Mensagens recuperadas:\s+3/);
    expect(one.stdout).to.include('Mudanças de status recentes:');
    expect(one.stdout).to.match(/Reconectando: celular sem conexão/);
  });

  it('an unknown connection is refused with the catalogue text (exit 2)', async () => {
    const answer = await cli(['whatsapp', 'status', '0123456789abcdef01234567', '--json'], adminEnv);
    expect(answer.code).to.equal(2);
    expect(JSON.parse(answer.stderr)).to.include({ error: 'ERR_NO_WAPP_FOUND' });
  });
});
