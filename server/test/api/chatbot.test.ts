import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTenant, loginSuper, type Tenant } from '../support/fixtures.js';
import { createQueue, customerNumber, customerSays, eventually, outboxOf, sandboxConnection, ticketOf } from '../support/inboxFixtures.js';

describe('queue chatbot: greeting, queue choice, options tree, out of hours', () => {
  let t: TestApp;
  let tenant: Tenant;
  let sales: { id: string; name: string };
  let support: { id: string; name: string };
  let whatsappId: string;

  before(async () => {
    t = await startTestApp('chatbot', { ATENDE_SANDBOX_ACK_MS: '20' });
    tenant = await createTenant(t, await loginSuper(t));
    sales = await createQueue(t, tenant.admin, { name: 'Sales', greetingMessage: 'Sales here, how can we help?' });
    support = await createQueue(t, tenant.admin, { name: 'Support', greetingMessage: 'Support here.' });
    const option = async (title: string, message: string, value: string, parentId: string | number = -1) => {
      const answer = await t.call('POST', '/queue-options', { token: tenant.admin.token, body: { queueId: support.id, parentId, title, message, option: value } });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
      return answer.body.id as string;
    };
    await option('Billing', 'Billing: send us your invoice number.', '1');
    const access = await option('Access', 'Access problems. What happened?', '2');
    await option('Forgot password', 'Use the reset link on the login page.', '1', access);
    whatsappId = (await sandboxConnection(t, tenant.admin, { queueIds: [sales.id, support.id], greetingMessage: 'Welcome to ACME!' })).id;
  });
  after(() => t?.stop());

  /** The last text the customer received, once it matches. */
  async function received(number: string, match: RegExp): Promise<string> {
    const found = await eventually(async () => (await outboxOf(t, tenant.admin, whatsappId, number)).reverse().find((m) => match.test(m.body)), 5_000, String(match));
    return found.body;
  }

  it("keeps the customer's last message apart from the bot's, for the pending lists' preview", async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'my order arrived broken');
    await received(number, /Welcome to ACME/);
    const greeted = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number, 'pending');
      return ticket?.lastMessage.startsWith('Welcome to ACME') ? ticket : null;
    }, 5_000, 'the greeting is the last message');
    expect(greeted.lastCustomerMessage).to.equal('my order arrived broken');
    await customerSays(t, tenant.admin, whatsappId, number, '2');
    await received(number, /^Support here/);
    const routed = await eventually(async () => {
      const ticket = await ticketOf(t, tenant.admin, number, 'pending');
      return ticket?.lastMessage.startsWith('Support here') ? ticket : null;
    }, 5_000, 'the queue greeting is the last message');
    expect(routed.lastCustomerMessage).to.equal('2');
  });

  it('greets with the numbered queues, routes the answer, and walks the options tree', async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hi');
    expect(await received(number, /Welcome to ACME/)).to.equal('Welcome to ACME!\n\n*1* - Sales\n*2* - Support');
    const ticket = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    expect(ticket).to.include({ chatbot: true, queueId: null });

    await customerSays(t, tenant.admin, whatsappId, number, '7');
    expect(await received(number, /^(Opção inválida|Invalid option)/)).to.match(/\*1\* - Sales\n\*2\* - Support$/);

    await customerSays(t, tenant.admin, whatsappId, number, '2');
    expect(await received(number, /^Support here/)).to.equal('Support here.\n\n*1* - Billing\n*2* - Access');
    expect((await ticketOf(t, tenant.admin, number, 'pending'))?.queueId).to.equal(support.id);

    await customerSays(t, tenant.admin, whatsappId, number, '2');
    expect(await received(number, /^Access problems/)).to.match(/^Access problems\. What happened\?\n\n\*1\* - Forgot password\n\*#\* - /);

    await customerSays(t, tenant.admin, whatsappId, number, '#');
    expect(await received(number, /^\*1\* - Billing\n\*2\* - Access$/)).to.equal('*1* - Billing\n*2* - Access');

    await customerSays(t, tenant.admin, whatsappId, number, '1');
    expect(await received(number, /^Billing:/)).to.equal('Billing: send us your invoice number.');
    const done = await eventually(() => ticketOf(t, tenant.admin, number, 'pending'), 5_000, 'ticket');
    expect(done).to.include({ chatbot: false, queueId: support.id });
  });

  it('gives up after maxUseBotQueues wrong answers, leaving the ticket to the agents', async () => {
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'hello');
    await received(number, /Welcome to ACME/);
    for (const wrong of ['x', 'y', 'z']) await customerSays(t, tenant.admin, whatsappId, number, wrong);
    const ticket = await eventually(async () => {
      const found = await ticketOf(t, tenant.admin, number, 'pending');
      return found && !found.chatbot ? found : null;
    }, 5_000, 'chatbot off');
    expect(ticket.queueId).to.equal(null);
  });

  it('out of the company hours it sends the out-of-hours message instead (scheduleType company)', async () => {
    const closed = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({ weekdayEn, startTime: '00:00', endTime: '00:00' }));
    expect((await t.call('PUT', `/companies/${tenant.companyId}/schedules`, { token: tenant.admin.token, body: { schedules: closed } })).status).to.equal(200);
    await t.call('PUT', `/settings/scheduleType`, { token: tenant.admin.token, body: { value: 'company' } });
    await t.call('PUT', `/whatsapp/${whatsappId}`, { token: tenant.admin.token, body: { outOfHoursMessage: 'We are closed now.' } });
    const number = customerNumber();
    await customerSays(t, tenant.admin, whatsappId, number, 'anyone?');
    expect(await received(number, /closed/)).to.equal('We are closed now.');
    const outbox = await outboxOf(t, tenant.admin, whatsappId, number);
    expect(outbox.some((m) => m.body.includes('Welcome to ACME'))).to.equal(false);
    await t.call('PUT', `/settings/scheduleType`, { token: tenant.admin.token, body: { value: 'disabled' } });
  });
});
