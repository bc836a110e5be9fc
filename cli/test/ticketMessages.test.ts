/**
 * What `atende tickets` shows of a conversation (issue 30, items 4, 5, 13): a send the server gave
 * up on says so with its reason (and one under way says it is being sent), and `tickets list`
 * previews a message deleted for everyone as deleted, a signed one without WhatsApp's marks.
 */
import { expect } from 'chai';
import type { Ticket } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createTenant, eventually, pairedSandbox, signInSuper, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, type Env } from './support/cli.js';

describe('atende tickets: sends that failed and previews that follow', function () {
  this.timeout(90_000);
  let server: SpawnedServer;
  let tenant: Tenant;
  let adminEnv: Env;
  let paired: string;
  let numbers = 0;
  const customer = () => `55119${String(Date.now()).slice(-5)}${String((numbers += 1)).padStart(3, '0')}`;

  /** A customer writes; the admin takes the ticket. */
  async function openTicket(name: string): Promise<Ticket> {
    const number = customer();
    await tenant.admin.api.sandbox.send(paired, { from: number, name, body: `Hello from ${name}` });
    let ticket: Ticket | undefined;
    await eventually(async () => {
      ticket = (await tenant.admin.api.tickets.list({ searchParam: number, showAll: true })).tickets.find((found) => found.contact?.number === number);
      return ticket !== undefined;
    }, `ticket of ${name}`);
    const me = await tenant.admin.api.auth.me();
    return tenant.admin.api.tickets.update(ticket!.id, { status: 'open', userId: me.id });
  }

  before(async () => {
    // A failing send is given up in about a second.
    server = await spawnServer({ env: { ATENDE_SEND_RETRY_MS: '10' } });
    tenant = await createTenant(server.url, await signInSuper(server.url));
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    paired = await pairedSandbox(tenant.admin.api);
  });

  after(async () => {
    await server?.stop();
  });

  it('tickets show --messages says a send was given up, and why', async () => {
    const ticket = await openTicket('Falha');
    await tenant.admin.api.sandbox.failNext(paired, 100);
    const [sent] = await tenant.admin.api.messages.send(ticket.id, { body: 'will not go' });
    await eventually(async () => (await tenant.admin.api.messages.list(ticket.id)).messages.some((message) => message.id === sent!.id && message.sendFailed), 'given up', 15_000);
    const shown = await cli(['tickets', 'show', ticket.id, '--messages'], adminEnv);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.match(/: will not go \(not sent: Error sending the WhatsApp message\. Check the connections page\.\)$/m);
    const json = parse<Ticket & { messages: { id: string; sendFailed: boolean; sendError: string | null }[] }>(await cli(['tickets', 'show', ticket.id, '--messages', '--json'], adminEnv));
    expect(json.messages.find((message) => message.id === sent!.id)).to.include({ sendFailed: true, sendError: 'ERR_SENDING_WAPP_MSG' });
    await tenant.admin.api.sandbox.failNext(paired, 0);
  });

  it('tickets list previews a deleted message as deleted and a signed one without marks', async () => {
    const ticket = await openTicket('Segredo');
    const [secret] = await tenant.admin.api.messages.send(ticket.id, { body: 'the *secret* price is 42' });
    const listed = async () => parse<Ticket[]>(await cli(['tickets', 'list', '--status', 'open', '--all', '--json'], adminEnv)).find((row) => row.id === ticket.id)!;
    expect((await listed()).lastMessage).to.equal('the secret price is 42');
    await tenant.admin.api.messages.remove(secret!.id);
    // The company's language (pt by default) names it, as it names the automatic messages.
    expect((await listed()).lastMessage).to.equal('Esta mensagem foi apagada');
    const table = await cli(['tickets', 'list', '--status', 'open', '--all'], adminEnv);
    expect(table.stdout).to.include('Esta mensagem foi apagada');
    expect(table.stdout).not.to.include('secret');
  });
});
