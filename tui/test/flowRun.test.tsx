/**
 * A conversation flow running in a ticket: the header's line names it and the key that stops it
 * (rendered by Ink), and against a real server its messages are named as the flow's and the s key
 * stops the flow a connection's default flow started (the ticket comes back with flowRun null),
 * or says that none runs.
 */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { render } from 'ink-testing-library';
import type { Ticket, TicketFlowRun } from '@atende/shared';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { textsFor, TextsProvider } from '../src/app/i18n.js';
import { ConversationHeader } from '../src/screens/ConversationHeader.js';
import { offers } from '../src/state/ticketActions.js';
import { createCompany, customerNumber, customerSays, type TestCompany } from './support/company.js';
import { makeTicket } from './support/fixtures.js';
import { KEYS, lineAbove, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

const RUN: TicketFlowRun = { flowId: 'f1', flowName: 'Boas-vindas', nodeId: 'q1', waiting: 'answer', startedAt: '2025-03-10T12:00:00.000Z' };

function headerOf(ticket: Ticket, language: 'pt' | 'en' = 'en'): string {
  const app = render(
    <TextsProvider texts={textsFor(language)}>
      <ConversationHeader ticket={ticket} />
    </TextsProvider>,
  );
  const frame = app.lastFrame() ?? '';
  app.unmount();
  return frame;
}

describe('running flow in the conversation header', () => {
  it('names the running flow and the key that stops it, in the agent language', () => {
    expect(headerOf(makeTicket({ flowRun: RUN }))).to.include('Flow running: Boas-vindas (s stop flow)');
    expect(headerOf(makeTicket({ flowRun: RUN }), 'pt')).to.include('Fluxo em execução: Boas-vindas (s parar fluxo)');
  });

  it('shows no flow line without a running flow', () => {
    expect(headerOf(makeTicket({ flowRun: null }))).not.to.include('Flow running');
    expect(headerOf(makeTicket())).not.to.include('Flow running');
  });

  it('offers the stop only while a flow runs', () => {
    expect(offers(makeTicket({ flowRun: RUN }), 'stopFlow')).to.equal(true);
    expect(offers(makeTicket({ flowRun: null }), 'stopFlow')).to.equal(false);
  });
});

describe('stopping a running flow with s (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  const maria = customerNumber();

  async function ticketOf(number: string) {
    const { tickets } = await company.admin.tickets.list({ searchParam: number, showAll: true });
    return tickets.find((ticket) => ticket.contact?.number === number);
  }

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    // A flow that asks a question and waits for the answer, as the connection's default flow.
    const flow = await company.admin.flows.createFlow('Boas-vindas');
    await company.admin.flows.saveFlow({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'pergunta', type: 'question', position: { x: 240, y: 0 }, data: { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } } },
      ],
      connections: [{ id: 'e1', source: '1', target: 'pergunta', sourceHandle: 'a' }],
    });
    await company.admin.whatsapp.update(company.whatsapp.id, { flowId: flow.id });
    // The admin: a ticket in a flow has no queue yet, so the queue's agent does not see it.
    inbox = renderInbox(server, { session: await sessionOf(server, company.adminAccount) });
    await inbox.see('● Connected');
  });

  after(async () => {
    inbox?.unmount();
    await server?.stop();
    if (server) await rm(server.dataDir, { recursive: true, force: true });
  });

  it('stops the flow of the selected ticket and says so', async () => {
    await customerSays(company, maria, 'Maria Cliente', 'Oi');
    await until(async () => (await ticketOf(maria))?.flowRun?.flowName === 'Boas-vindas', 'the default flow runs in the new ticket');
    await inbox.press('2');
    await inbox.see('Maria Cliente');
    // The flow's question is named as the flow's, not as the agent's.
    await inbox.press(KEYS.enter);
    await inbox.seeWhere((frame) => /\bFlow\b/.test(lineAbove(frame, 'Qual é o seu nome?')), 'the question under "Flow"');
    await inbox.press('s');
    await inbox.see('Flow stopped.');
    expect((await ticketOf(maria))?.flowRun ?? null).to.equal(null);
  });

  it('says that no flow runs when there is none', async () => {
    await inbox.press('s');
    await inbox.see('No flow is running in this ticket.');
  });
});
