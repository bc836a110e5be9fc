/**
 * What agents do to a message in the terminal inbox (issue 23), against a real server and the
 * sandbox phone: the signature on and off, reacting and taking it back, editing one's own text
 * (and the server's refusal after WhatsApp's 15 minutes), deleting for everyone, forwarding picked
 * messages to another contact, the customer's reactions and edits arriving live, and a ticket rule
 * of the server shown instead of a crash.
 */
import { expect } from 'chai';
import { signatureOf, translateError, type SandboxOutboxMessage, formatPhoneNumber } from '@atende/shared';
import { ObjectId } from 'mongodb';
import { spawnedDatabase } from '../../scripts/testing/database.js';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { textsFor } from '../src/app/i18n.js';
import { createCompany, customerNumber, customerSays, received, type TestCompany } from './support/company.js';
import { KEYS, lineAbove, lineBelow, renderInbox, sessionOf, type InboxUnderTest } from './support/inbox.js';
import { until } from './support/until.js';

const { i18n } = textsFor('en');

describe('what agents do to a message (against a real server)', () => {
  let server: SpawnedServer;
  let company: TestCompany;
  let inbox: InboxUnderTest;
  const maria = customerNumber();
  const pedro = customerNumber();
  /** The customer's question, which the agent reacts to and the customer edits. */
  let question = '';

  /** What reached Maria's phone that `match` picks, waited for. */
  const onPhone = (what: string, match: (message: SandboxOutboxMessage) => boolean, to = maria) =>
    until(async () => (await received(company, to)).find(match), `the phone receives ${what}`);
  const messageIdOf = async (body: string) => {
    const { tickets } = await company.admin.tickets.list({ searchParam: maria, showAll: true });
    const { messages } = await company.admin.messages.list(tickets[0]!.id);
    return messages.find((message) => message.body.endsWith(body))!.id;
  };

  before(async function () {
    this.timeout(90_000);
    server = await spawnServer();
    company = await createCompany(server);
    await company.admin.contacts.create({ name: 'Pedro Souza', number: pedro });
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

  it("signs what the agent sends by default, with the agent's name in bold, and Ctrl+S sends plain text", async () => {
    await inbox.press(KEYS.enter);
    await inbox.see('Signing as Ana Agente · Ctrl+S');
    await inbox.type('Bom dia!');
    await inbox.press(KEYS.enter);
    await onPhone('the signed text', (message) => message.body === `${signatureOf('Ana Agente')}Bom dia!`);
    await inbox.seeWhere((frame) => lineAbove(frame, 'Bom dia!').includes('Ana Agente:'), 'the signature on its own line above the text');
    await inbox.press(KEYS.ctrlS);
    await inbox.see('Not signing · Ctrl+S');
    await inbox.type('Sem assinatura');
    await inbox.press(KEYS.enter);
    await onPhone('the plain text', (message) => message.body === 'Sem assinatura');
    await inbox.press(KEYS.ctrlS);
    await inbox.see('Signing as Ana Agente · Ctrl+S');
  });

  it('reacts to the selected message, a typed emoji too, and the same reaction again takes it back', async () => {
    const { providerMessageId } = await customerSays(company, maria, 'Maria Cliente', 'Qual o prazo?');
    question = providerMessageId;
    await inbox.see('Qual o prazo?');
    await inbox.press(KEYS.escape, '+');
    await inbox.see('React to: Qual o prazo?', '› [ ] 👍');
    await inbox.press(KEYS.enter);
    await inbox.seeWhere((frame) => lineBelow(frame, 'Qual o prazo?').includes('👍 1'), 'the chip under the message');
    await onPhone('the reaction', (message) => message.kind === 'reaction' && message.targetProviderMessageId === providerMessageId && message.emoji === '👍');
    await inbox.press('+');
    await inbox.see('› [x] 👍');
    await inbox.press(KEYS.enter);
    await inbox.see('Reaction taken back.');
    await inbox.seeWhere((frame) => !lineBelow(frame, 'Qual o prazo?').includes('👍'), 'the chip gone');
    await onPhone('the reaction taken back', (message) => message.kind === 'reaction' && message.targetProviderMessageId === providerMessageId && message.emoji === '');
    await inbox.press('+');
    await inbox.type('x');
    await inbox.press(KEYS.enter);
    await inbox.see('This is not an emoji: x');
    await inbox.press(KEYS.backspace);
    await inbox.type('🎉');
    await inbox.press(KEYS.enter);
    await inbox.seeWhere((frame) => lineBelow(frame, 'Qual o prazo?').includes('🎉 1'), 'the typed reaction');
  });

  it("shows the customer's reactions and edits as they arrive, with who reacted and the earlier text on the selected message", async () => {
    const mine = await onPhone('the signed text', (message) => message.body.endsWith('Bom dia!'));
    await company.admin.sandbox.send(company.whatsapp.id, { kind: 'reaction', from: maria, name: 'Maria Cliente', targetProviderMessageId: mine.providerMessageId, emoji: '❤️' });
    await inbox.seeWhere((frame) => lineBelow(frame, 'Bom dia!').includes('❤ 1'), "the customer's reaction under the agent's message");
    await company.admin.sandbox.send(company.whatsapp.id, { kind: 'edit', from: maria, name: 'Maria Cliente', targetProviderMessageId: question, body: 'Qual o prazo de entrega?' });
    const frame = await inbox.see('Qual o prazo de entrega?', 'before (');
    expect(lineAbove(frame, 'Qual o prazo de entrega?')).to.include('Maria Cliente (edited)');
    expect(lineBelow(frame, '🎉 1'), 'who reacted, under the selected message').to.include('┆ 🎉 from Ana Agente');
    expect(lineBelow(frame, '🎉 from Ana Agente'), 'the earlier text under the selected message').to.match(/┆ before \(\d\d:\d\d\): Qual o prazo\?/);
  });

  it("edits the agent's own text in the composer, keeping the signature, and shows the server's refusal after 15 minutes", async () => {
    await inbox.press('e');
    await inbox.see(translateError(i18n, 'ERR_NO_PERMISSION'));
    await inbox.press(KEYS.enter);
    await inbox.type('Enviamos amanhã');
    await inbox.press(KEYS.enter);
    const sent = await onPhone('the text to edit', (message) => message.body === `${signatureOf('Ana Agente')}Enviamos amanhã`);
    // Stored and shown as the newest message (not only waiting in the outbox line).
    await inbox.seeWhere((frame) => lineAbove(frame, 'Enviamos amanhã').includes('Ana Agente:'), 'the sent text in the conversation');
    await inbox.press(KEYS.escape, 'e');
    await inbox.see('✎ Editing: Enviamos amanhã', '> Enviamos amanhã');
    await inbox.press(KEYS.ctrlU);
    await inbox.type('Enviamos hoje');
    await inbox.press(KEYS.enter);
    const edit = await onPhone('the edit', (message) => message.kind === 'edit' && message.targetProviderMessageId === sent.providerMessageId);
    expect(edit.body, 'the server keeps the signature').to.equal(`${signatureOf('Ana Agente')}Enviamos hoje`);
    const frame = await inbox.see('Enviamos hoje', 'before (');
    expect(frame).to.match(/┆ before \(\d\d:\d\d\): Enviamos amanhã/);
    expect(frame, 'the draft came back empty').not.to.include('✎ Editing');

    // Not the newest any more: the selection then follows the message wherever its time puts it.
    await customerSays(company, maria, 'Maria Cliente', 'Obrigada!');
    await inbox.see('Obrigada!');
    await inbox.press('k');
    const database = await spawnedDatabase(server);
    try {
      const id = await messageIdOf('Enviamos hoje');
      await database.db.collection('messages').updateOne({ _id: new ObjectId(id) }, { $set: { createdAt: new Date(Date.now() - 16 * 60_000) } });
    } finally {
      await database.close();
    }
    await inbox.press('e');
    await inbox.see('> Enviamos hoje');
    await inbox.type(' mesmo');
    await inbox.press(KEYS.enter);
    await inbox.see(translateError(i18n, 'ERR_EDIT_WINDOW_CLOSED'), '> Enviamos hoje mesmo');
    await inbox.press(KEYS.escape);
    await inbox.seeWhere((frame) => !frame.includes('✎ Editing') && !frame.includes('hoje mesmo'), 'the edit given up');
  });

  it("deletes the agent's own message for everyone after asking", async () => {
    // Still the selected message (see above).
    const sent = await onPhone('the edited text', (message) => message.kind === 'message' && message.body.endsWith('Enviamos hoje'));
    await inbox.press('D');
    await inbox.see('Delete for everyone: Enviamos hoje', 'Delete this message for you and for the customer?');
    await inbox.press(KEYS.escape);
    await inbox.seeWhere((frame) => frame.includes('Enviamos hoje') && !frame.includes('Delete this message'), 'the message kept');
    await inbox.press('D');
    await inbox.see('Delete this message');
    await inbox.press(KEYS.enter);
    await inbox.see('Message deleted for everyone.', 'This message was deleted');
    await onPhone('the delete', (message) => message.kind === 'delete' && message.targetProviderMessageId === sent.providerMessageId);
  });

  it('forwards the picked messages to another contact, in their order, says where they landed and opens that chat', async () => {
    await customerSays(company, maria, 'Maria Cliente', 'Pedido 123');
    await customerSays(company, maria, 'Maria Cliente', 'Endereço novo');
    await inbox.press('G');
    await inbox.see('Endereço novo');
    await inbox.press(' ');
    await inbox.see('✓ 1 message to forward');
    await inbox.press('k', ' ');
    await inbox.see('✓ 2 messages to forward');
    await inbox.seeWhere((frame) => lineAbove(frame, 'Pedido 123').includes('▶ ✓'), 'the selected message marked');
    await inbox.press('>');
    await inbox.see('Forward 2 messages', 'Type at least 3 letters');
    await inbox.type('Pedr');
    await inbox.see(`Pedro Souza - ${formatPhoneNumber(pedro)}`);
    await inbox.press(KEYS.enter);
    await inbox.see('Forwarded to Pedro Souza: ticket open');
    const copies = await until(async () => {
      const got = await received(company, pedro);
      return got.length === 2 ? got : null;
    }, 'both copies reach Pedro');
    expect(copies.map((message) => [message.body, message.forwarded])).to.deep.equal([
      ['Pedido 123', true],
      ['Endereço novo', true],
    ]);
    expect(inbox.frame(), 'the picks are dropped').not.to.include('to forward');
    // Pedro's chat opens, as on the phone, with the copies marked as forwarded.
    await inbox.see(`Pedro Souza ${formatPhoneNumber(pedro)}`, '↪ forwarded', 'Endereço novo');
    // Back to Maria's (below Pedro's in the list, his being the newest).
    await inbox.press(KEYS.escape, KEYS.down, KEYS.enter);
    await inbox.seeWhere((frame) => frame.includes(`Maria Cliente ${formatPhoneNumber(maria)}`) && !frame.includes('↪ forwarded'), "Maria's conversation again");
  });

  it("shows the server's refusal on a closed ticket instead of acting", async () => {
    await inbox.press(KEYS.escape, 'x');
    await inbox.see('Ticket resolved.');
    await inbox.press('3', KEYS.enter);
    // Its messages loaded (the list shows the last one too): the newest is selected.
    await inbox.see('Closed ticket: reopen it (o) to reply.', '▶ ');
    await inbox.press('+', KEYS.enter);
    await inbox.see(translateError(i18n, 'ERR_TICKET_NOT_OPEN'));
    await inbox.press('D');
    await inbox.see(translateError(i18n, 'ERR_NO_PERMISSION'));
    await inbox.see('Endereço novo', '▶');
  });
});
