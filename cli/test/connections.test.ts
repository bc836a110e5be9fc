import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SandboxOutbox, Whatsapp } from '@atende/shared';
import type { ExternalSendAnswer } from '@atende/shared/client';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, eventually, pairedSandbox, signInSuper, unique, type Tenant } from './support/api.js';
import { background, cli, cliEnv, parse, sessionEnv, unreachableEnv, type Env } from './support/cli.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

describe('atende connections, sandbox and send', () => {
  let server: SpawnedServer;
  let tenant: Tenant;
  let adminEnv: Env;
  let agentEnv: Env;
  let paired: string;

  let numbers = 0;
  const customer = () => `55119${String(Date.now()).slice(-5)}${String((numbers += 1)).padStart(3, '0')}`;

  before(async () => {
    // QR codes last 2 s (4 of them before the session gives up): time to see one renewed and pair.
    server = await spawnServer({ env: { ATENDE_SANDBOX_QR_MS: '2000' } });
    tenant = await createTenant(server.url, await signInSuper(server.url));
    const agent = await createMember(server.url, tenant, 'user');
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    agentEnv = await sessionEnv(server.url, agent.api.session.get()!);
    paired = await pairedSandbox(tenant.admin.api);
  });
  after(() => server?.stop());

  it('create, list, update (new API token), restart, logout, delete', async () => {
    const name = unique('Sales ');
    const created = parse<Whatsapp>(await cli(['connections', 'create', '--name', name, '--provider', 'sandbox', '--greeting', 'Hi there', '--json'], adminEnv));
    expect(created).to.include({ name, provider: 'sandbox', greetingMessage: 'Hi there' });

    const [list, updated] = await Promise.all([
      cli(['connections', 'list'], adminEnv),
      cli(['connections', 'update', created.id, '--new-token', '--completion', 'Bye', '--json'], adminEnv),
    ]);
    expect(list.stdout).to.match(new RegExp(`${created.id}\\s+${name}\\s+sandbox\\s+(OPENING|qrcode)`));
    expect(parse<Whatsapp>(updated)).to.include({ complationMessage: 'Bye' });
    expect(parse<Whatsapp>(updated).token).to.be.a('string').and.not.equal(created.token);

    const loggedOut = await cli(['connections', 'logout', created.id], adminEnv);
    expect(loggedOut.stdout).to.include(`Connection ${name} disconnected: DISCONNECTED.`);
    const restarted = parse<Whatsapp>(await cli(['connections', 'restart', created.id, '--new-qr', '--json'], adminEnv));
    expect(restarted.status).to.be.oneOf(['OPENING', 'qrcode']);

    expect((await cli(['connections', 'delete', created.id, '--yes'], adminEnv)).code).to.equal(0);
    expect((await tenant.admin.api.whatsapp.list()).map((connection) => connection.id)).not.to.include(created.id);
  });

  it('qr starts the session, shows each new code, and exits 0 once `atende sandbox pair` scanned it', async () => {
    const { id } = await tenant.admin.api.whatsapp.create({ name: unique('Pairing '), provider: 'sandbox' });
    await tenant.admin.api.whatsapp.disconnect(id);
    const waiting = background(['connections', 'qr', id, '--json', '--timeout', '30'], adminEnv);
    await waiting.waitFor(/"event":"qrcode"[^\n]*\n[^\n]*"event":"qrcode"/, 15_000);
    const codes = waiting.output().trim().split('\n').map((line) => JSON.parse(line) as { qrcode: string; retries: number });
    expect(codes[0]!.qrcode).to.match(/^atende-sandbox:/);
    expect(codes[1]!.qrcode, 'a renewed code').not.to.equal(codes[0]!.qrcode);

    const pair = await cli(['sandbox', 'pair', id, '--number', '5511988880000'], adminEnv);
    expect(pair.stdout).to.include('CONNECTED (number 5511988880000)');
    const done = await waiting.exit;
    expect(done.code, done.stderr).to.equal(0);
    const last = JSON.parse(done.stdout.trim().split('\n').pop()!) as { event: string; connection: Whatsapp };
    expect(last.event).to.equal('connected');
    expect(last.connection).to.include({ id, status: 'CONNECTED', number: '5511988880000' });

    const already = await cli(['connections', 'qr', id], adminEnv);
    expect(already.code).to.equal(0);
    expect(already.stdout).to.include('is connected (number 5511988880000)');
    await tenant.admin.api.whatsapp.remove(id);
  });

  it('qr draws the code in the terminal and exits 4 when nobody scans in time', async () => {
    const { id } = await tenant.admin.api.whatsapp.create({ name: unique('Unscanned '), provider: 'sandbox' });
    const run = await cli(['connections', 'qr', id, '--timeout', '1'], adminEnv);
    expect(run.code).to.equal(4);
    expect(run.stdout).to.include('Scan with WhatsApp on the phone').and.match(/[▄█▀]{10}/);
    expect(run.stderr).to.include('Not connected within 1 s.');
    await tenant.admin.api.whatsapp.remove(id);
  });

  it('qr exits 4 when the session is disconnected before anyone scans', async () => {
    const name = unique('Dropped ');
    const { id } = await tenant.admin.api.whatsapp.create({ name, provider: 'sandbox' });
    const waiting = background(['connections', 'qr', id, '--json', '--timeout', '30'], adminEnv);
    await waiting.waitFor(/"event":"qrcode"/, 15_000);
    await tenant.admin.api.whatsapp.disconnect(id);
    const done = await waiting.exit;
    expect(done.code, done.stderr).to.equal(4);
    expect(done.stderr).to.include(`Connection ${name} was disconnected before pairing.`);
    await tenant.admin.api.whatsapp.remove(id);
  });

  it('connections: bad arguments, wrong role, unknown id, server down', async () => {
    const downEnv = await unreachableEnv();
    const [noName, badTimeout, agent, missing, down] = await Promise.all([
      cli(['connections', 'create', '--provider', 'sandbox'], adminEnv),
      cli(['connections', 'qr', paired, '--timeout', 'soon'], adminEnv),
      cli(['connections', 'create', '--name', 'Mine'], agentEnv),
      cli(['connections', 'restart', '0123456789abcdef01234567'], adminEnv),
      cli(['connections', 'list'], downEnv),
    ]);
    expect(noName.code).to.equal(1);
    expect(noName.stderr).to.include('Missing --name');
    expect(badTimeout.code).to.equal(1);
    expect(agent.code).to.equal(2);
    expect(agent.stderr).to.include('ERR_NO_PERMISSION: You do not have permission');
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.include('ERR_NO_WAPP_FOUND');
    expect(down.code).to.equal(3);
  });

  it('sandbox say: a customer writes and the inbox gets a ticket; outbox lists what customers received', async () => {
    const number = customer();
    const said = await cli(['sandbox', 'say', '--connection', paired, '--from', number, '--name', 'Carla', 'I need help'], adminEnv);
    expect(said.code, said.stderr).to.equal(0);
    await eventually(async () => (await tenant.admin.api.tickets.list({ searchParam: number, showAll: true })).tickets.some((ticket) => ticket.contact?.number === number), 'ticket of the customer');

    const [badFrom, noText, agent] = await Promise.all([
      cli(['sandbox', 'say', '--connection', paired, '--from', '12', 'hi'], adminEnv),
      cli(['sandbox', 'say', '--connection', paired, '--from', number], adminEnv),
      cli(['sandbox', 'say', '--connection', paired, '--from', number, 'hi'], agentEnv),
    ]);
    expect(badFrom.code).to.equal(1);
    expect(noText.code).to.equal(1);
    expect(agent.code).to.equal(2);
  });

  it('send: text and files through the send API, read back from the sandbox outbox', async () => {
    const number = customer();
    const text = parse<ExternalSendAnswer>(await cli(['send', '--connection', paired, '--to', `+${number}`, 'Your order has shipped', '--json'], adminEnv));
    expect(text.messages.map((message) => message.body)).to.deep.equal(['Your order has shipped']);

    const file = path.join(adminEnv.ATENDE_CONFIG_DIR!, 'receipt.png');
    await writeFile(file, PNG);
    const withFile = await cli(['send', '--connection', paired, '--to', number, '--file', file, 'The receipt'], adminEnv);
    expect(withFile.stdout).to.include(`Sent 1 message to ${number} (ticket ${text.ticketId}).`);

    const token = (await tenant.admin.api.whatsapp.get(paired)).token!;
    const anonymous = await cliEnv({ ATENDE_SERVER: server.url });
    expect((await cli(['send', '--token', token, '--to', number, 'No login needed'], anonymous)).code).to.equal(0);

    await eventually(async () => (await tenant.admin.api.sandbox.outbox(paired, { to: number })).messages.length === 3, 'three messages delivered');
    const outbox = parse<SandboxOutbox>(await cli(['sandbox', 'outbox', '--connection', paired, '--to', number, '--json'], adminEnv));
    expect(outbox.messages.map((message) => [message.body, message.media?.kind ?? null])).to.deep.equal([
      ['Your order has shipped', null],
      ['The receipt', 'image'],
      ['No login needed', null],
    ]);
  });

  it('send: bad arguments, wrong role, connection not connected, unknown token, server down', async () => {
    const idle = (await tenant.admin.api.whatsapp.create({ name: unique('Idle '), provider: 'sandbox' })).id;
    await tenant.admin.api.whatsapp.disconnect(idle);
    const downEnv = await unreachableEnv();
    const [badNumber, neither, noFile, agent, notConnected, badToken, down] = await Promise.all([
      cli(['send', '--connection', paired, '--to', 'call me', 'x'], adminEnv),
      cli(['send', '--to', customer(), 'x'], adminEnv),
      cli(['send', '--connection', paired, '--to', customer(), '--file', '/nonexistent/file.pdf'], adminEnv),
      cli(['send', '--connection', paired, '--to', customer(), 'x'], agentEnv),
      cli(['send', '--connection', idle, '--to', customer(), 'x', '--lang', 'es'], adminEnv),
      cli(['send', '--token', 'x'.repeat(40), '--to', customer(), 'x'], adminEnv),
      cli(['send', '--connection', paired, '--to', customer(), 'x'], downEnv),
    ]);
    expect(badNumber.code).to.equal(1);
    expect(badNumber.stderr).to.include('Invalid --to');
    expect(neither.code).to.equal(1);
    expect(noFile.code).to.equal(1);
    expect(noFile.stderr).to.include('Cannot read /nonexistent/file.pdf: ENOENT');
    expect(agent.code).to.equal(2);
    expect(agent.stderr).to.include('ERR_NO_PERMISSION');
    expect(notConnected.code).to.equal(2);
    expect(notConnected.stderr).to.include('ERR_WAPP_NOT_CONNECTED: Esta conexión no está conectada.');
    expect(badToken.code).to.equal(2);
    expect(badToken.stderr).to.include('ERR_UNAUTHENTICATED');
    expect(down.code).to.equal(3);
    await tenant.admin.api.whatsapp.remove(idle);
  });
});
