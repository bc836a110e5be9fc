import { expect } from 'chai';
import { ApiError, createApiClient, memorySession } from '@atende/shared/client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createTenant, expectError, expectInvalid, loginSuper, MISSING_ID, type Session, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d5450000000049454e44ae426082',
  'hex',
);

describe('external send API: POST /messages/send with a connection token', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;
  let whatsappId: string;
  let token: string;

  async function tokenOf(admin: Session, id: string): Promise<string> {
    const answer = await t.call('GET', `/whatsapp/${id}`, { token: admin.token });
    expect(answer.body.token, JSON.stringify(answer.body)).to.be.a('string');
    return answer.body.token as string;
  }

  function send(body: unknown, bearer = token) {
    return t.call('POST', '/messages/send', { token: bearer, body });
  }

  async function sendForm(fields: Record<string, string>, files: { bytes: Buffer; name: string; type: string }[]) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const file of files) form.append('medias', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${t.url}/api/messages/send`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  async function contactCount(number: string): Promise<number> {
    const answer = await t.call('GET', `/contacts?searchParam=${number}`, { token: tenant.admin.token });
    return answer.body.count as number;
  }

  before(async () => {
    t = await startTestApp('externalsend', { ATENDE_SANDBOX_ACK_MS: '20' });
    superUser = await loginSuper(t);
    const plan = await createPlan(t, superUser, { useExternalApi: true });
    tenant = await createTenant(t, superUser, { planId: plan.id });
    whatsappId = (await sandboxConnection(t, tenant.admin)).id;
    token = await tokenOf(tenant.admin, whatsappId);
  });
  after(() => t?.stop());

  it('sends text to a new number: contact created, a pending ticket opened, the customer receives it', async () => {
    const number = customerNumber();
    const answer = await send({ number: `+${number.slice(0, 2)} ${number.slice(2)}`, body: 'your order has shipped' });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.ticketId).to.be.a('string');
    expect(answer.body.contactId).to.be.a('string');
    expect(answer.body.messages).to.have.length(1);
    expect(answer.body.messages[0]).to.include({ body: 'your order has shipped', fromMe: true, ticketId: answer.body.ticketId });

    const ticket = await ticketOf(t, tenant.admin, number);
    expect(ticket).to.include({ id: answer.body.ticketId, status: 'pending', whatsappId });
    expect(ticket?.contact).to.include({ id: answer.body.contactId, number });
    const received = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).find((m) => m.body === 'your order has shipped'), 5_000, 'delivered');
    expect(received.to).to.equal(number);
  });

  it("reuses the contact's active ticket: the agent's open conversation gets the message", async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    const pending = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'pending ticket');
    const queue = await createQueue(t, tenant.admin);
    const accepted = await t.call('PUT', `/tickets/${pending.id}`, { token: tenant.admin.token, body: { status: 'open', userId: tenant.admin.user.id, queueId: queue.id } });
    expect(accepted.status).to.equal(200);

    const first = await send({ number, body: 'first' });
    const second = await send({ number, body: 'second' });
    expect(first.body.ticketId).to.equal(pending.id);
    expect(second.body.ticketId).to.equal(pending.id);
    const history = await t.call('GET', `/messages/${pending.id}`, { token: tenant.admin.token });
    expect(history.body.messages.map((m: { body: string }) => m.body)).to.include.members(['hello', 'first', 'second']);
    expect((await ticketOf(t, tenant.admin, number))?.status).to.equal('open');
  });

  it('quotes a message of that ticket, and refuses one of another ticket', async () => {
    const number = customerNumber();
    const first = await send({ number, body: 'question?' });
    const quoted = first.body.messages[0].id as string;
    const answer = await send({ number, body: 'as I said', quotedMsgId: quoted });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.messages[0].quotedMsg).to.include({ id: quoted, body: 'question?' });
    expectError(await send({ number, body: 'x', quotedMsgId: MISSING_ID }), 404, 'ERR_NO_MESSAGE_FOUND');
  });

  it('sends files as multipart (the text is the caption of the first), with the inbox upload checks', async () => {
    const number = customerNumber();
    const answer = await sendForm({ number, body: 'the receipt' }, [
      { bytes: PNG, name: 'receipt.png', type: 'image/png' },
      { bytes: Buffer.from('a;b\n1;2\n'), name: 'items.csv', type: 'text/csv' },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.messages.map((m: { mediaType: string }) => m.mediaType)).to.deep.equal(['image', 'application']);
    expect(answer.body.messages[0].body).to.equal('the receipt');
    const received = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).find((m) => m.body === 'the receipt'), 5_000, 'image delivered');
    expect((received as unknown as { media: { kind: string } }).media.kind).to.equal('image');

    const other = customerNumber();
    const refused = await sendForm({ number: other, body: 'fake' }, [{ bytes: Buffer.from('not a png'), name: 'fake.png', type: 'image/png' }]);
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('ERR_INVALID_MEDIA');
    expect(await contactCount(other), 'no contact for a refused send').to.equal(0);
  });

  it('refuses bad input with ERR_VALIDATION naming the field', async () => {
    expectInvalid(await send({ body: 'no number' }), 'number');
    expectInvalid(await send({ number: 'call me', body: 'x' }), 'number');
    expectInvalid(await send({ number: '123', body: 'x' }), 'number');
    expectInvalid(await send({ number: customerNumber(), body: '   ' }), 'body');
    expectInvalid(await send({ number: customerNumber(), body: 'x', unknown: 1 }), 'unknown');
  });

  it('refuses a missing or unknown token, and a user session token, with 401 ERR_UNAUTHENTICATED', async () => {
    const anonymous = await t.call('POST', '/messages/send', { body: { number: customerNumber(), body: 'x' } });
    expectError(anonymous, 401, 'ERR_UNAUTHENTICATED');
    expectError(await send({ number: customerNumber(), body: 'x' }, 'not-a-connection-token-0123456789abcdef'), 401, 'ERR_UNAUTHENTICATED');
    expectError(await send({ number: customerNumber(), body: 'x' }, tenant.admin.token), 401, 'ERR_UNAUTHENTICATED');
  });

  it('refuses while the connection is not connected, and after the token was renewed', async () => {
    const other = await sandboxConnection(t, tenant.admin);
    const otherToken = await tokenOf(tenant.admin, other.id);
    expect((await send({ number: customerNumber(), body: 'ok' }, otherToken)).status).to.equal(200);
    expect((await t.call('DELETE', `/whatsappsession/${other.id}`, { token: tenant.admin.token })).status).to.equal(200);
    expectError(await send({ number: customerNumber(), body: 'x' }, otherToken), 409, 'ERR_WAPP_NOT_CONNECTED');

    expect((await t.call('PUT', `/whatsapp/${other.id}`, { token: tenant.admin.token, body: { token: '' } })).status).to.equal(200);
    expectError(await send({ number: customerNumber(), body: 'x' }, otherToken), 401, 'ERR_UNAUTHENTICATED');
  });

  it('refuses a company whose plan lacks the external API', async () => {
    const plan = await createPlan(t, superUser, { useExternalApi: false });
    const other = await createTenant(t, superUser, { planId: plan.id });
    const connection = await sandboxConnection(t, other.admin);
    const answer = await send({ number: customerNumber(), body: 'x' }, await tokenOf(other.admin, connection.id));
    expectError(answer, 403, 'ERR_PLAN_FEATURE_DISABLED');
  });

  it('refuses the tokens of an inactive company', async () => {
    const plan = await createPlan(t, superUser, { useExternalApi: true });
    const other = await createTenant(t, superUser, { planId: plan.id });
    const connection = await sandboxConnection(t, other.admin);
    const otherToken = await tokenOf(other.admin, connection.id);
    expect((await t.call('PUT', `/companies/${other.companyId}`, { token: superUser.token, body: { status: false } })).status).to.equal(200);
    expectError(await send({ number: customerNumber(), body: 'x' }, otherToken), 403, 'ERR_COMPANY_INACTIVE');
  });

  it('the shared client sends with the token and maps refusals to ApiError', async () => {
    const api = createApiClient({ baseUrl: t.url, session: memorySession() });
    const number = customerNumber();
    const answer = await api.externalSend.send({ token, number, body: 'via client', medias: [{ blob: new Blob([PNG], { type: 'image/png' }), fileName: 'p.png' }] });
    expect(answer.messages.map((m) => [m.mediaType, m.body])).to.deep.equal([['image', 'via client']]);
    const refused = await api.externalSend.send({ token: 'x'.repeat(40), number, body: 'x' }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ApiError);
    expect((refused as ApiError).code).to.equal('ERR_UNAUTHENTICATED');
  });
});
