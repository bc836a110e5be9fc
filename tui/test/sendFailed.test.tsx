/**
 * The terminal inbox against a real server (issue 30, items 4 and 12): a send the server gave up
 * on shows ✗ with its reason and R sends the same message again, once; and a customer writing in
 * the conversation the agent has open leaves no unread count behind.
 */
import { expect } from 'chai';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { KEYS, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

describe('the terminal inbox: failed sends and the open conversation (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  const maria = customerNumber();

  const ticketOfMaria = async () => (await company.admin.tickets.list({ searchParam: maria, showAll: true })).tickets[0]!;

  before(async function () {
    this.timeout(90_000);
    // A failing send is given up in about a second.
    server = await spawnServer({ env: { ATENDE_SEND_RETRY_MS: '10' } });
    company = await createCompany(server);
    await customerSays(company, maria, 'Maria Cliente', 'Oi, tudo bem?');
    inbox = renderInbox(server, { session: await sessionOf(server, company.agentAccount) });
    await inbox.see('Pending 1');
    await inbox.press('2', 'a');
    await inbox.see('Ticket accepted.', 'Oi, tudo bem?');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
  });

  it('shows a send the server gave up on as not sent, with its reason, and R sends it again once', async () => {
    await company.admin.sandbox.failNext(company.whatsapp.id, 100);
    await inbox.press(KEYS.enter);
    await inbox.type('Vai falhar');
    await inbox.press(KEYS.enter);
    const frame = await inbox.see('✗ not sent: Error sending the WhatsApp');
    // The reason and the key, wrapped in the pane as it is wide.
    expect(frame.replace(/[\s│]+/g, ' ')).to.include('Check the connections page. · R sends it again');
    await company.admin.sandbox.failNext(company.whatsapp.id, 0);

    await inbox.press(KEYS.escape);
    // Out of the composer (a key typed right after Esc would make it Alt+key).
    await inbox.see('Enter to write');
    await inbox.press('R');
    await inbox.see('Sending again.');
    await inbox.seeWhere((frame) => !frame.includes('not sent:'), 'the failed mark gone');
    await until(async () => (await received(company, maria)).find((message) => message.body.endsWith('Vai falhar')), 'the phone receives it');
    expect((await received(company, maria)).filter((message) => message.body.endsWith('Vai falhar'))).to.have.length(1);
    // Sent: R again is refused, nothing goes twice.
    await inbox.press('R');
    await inbox.see('This message is not waiting for a retry');
  });

  it('keeps the open conversation read when the customer writes in it', async () => {
    await customerSays(company, maria, 'Maria Cliente', 'Ainda está aí?');
    await inbox.see('Ainda está aí?');
    await until(async () => ((await ticketOfMaria()).unreadMessages === 0 ? true : null), 'the ticket read on the server');
  });
});
