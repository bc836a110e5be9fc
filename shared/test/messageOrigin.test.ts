import assert from 'node:assert/strict';
import { mayRetryMessage, messageAuthor } from '../src/domain/messageOrigin.js';
import { parseWhatsappMarks, stripWhatsappMarks } from '../src/domain/whatsappMarks.js';

const agent = { id: 'ana', profile: 'user' as const, super: false };
const failed = { fromMe: true, sendFailed: true, isDeleted: false, userId: 'ana' };

describe('who wrote a message, who sends a failed one again, WhatsApp marks (issue 30)', () => {
  it('names the agent, else the signature, else what sent it; older messages are the platform\'s', () => {
    const base = { fromMe: true, user: null, userId: null, origin: null, body: 'Olá', signed: false };
    assert.deepEqual(messageAuthor({ ...base, user: { id: 'ana', name: 'Ana' }, origin: 'agent' }), { agent: 'Ana' });
    assert.deepEqual(messageAuthor({ ...base, body: '*Ana*:\nOlá', signed: true, origin: 'agent' }), { agent: 'Ana' });
    assert.deepEqual(messageAuthor({ ...base, origin: 'chatbot' }), { origin: 'chatbot' });
    assert.deepEqual(messageAuthor({ ...base, origin: 'agent' }), { origin: 'agent' });
    assert.deepEqual(messageAuthor({ ...base, userId: 'gone', origin: null }), { origin: 'agent' });
    assert.deepEqual(messageAuthor(base), { origin: 'automatic' });
    assert.equal(messageAuthor({ ...base, fromMe: false }), null);
  });

  it("lets the ticket's agent, the author or an admin send a failed message again, while the ticket is open", () => {
    assert.equal(mayRetryMessage(failed, { status: 'open', userId: 'ana' }, agent), true);
    assert.equal(mayRetryMessage({ ...failed, userId: null }, { status: 'open', userId: 'ana' }, agent), true);
    assert.equal(mayRetryMessage({ ...failed, userId: 'bia' }, { status: 'open', userId: 'bia' }, agent), false);
    assert.equal(mayRetryMessage({ ...failed, userId: 'bia' }, { status: 'open', userId: 'bia' }, { ...agent, profile: 'admin' }), true);
    assert.equal(mayRetryMessage(failed, { status: 'closed', userId: 'ana' }, agent), false);
    assert.equal(mayRetryMessage({ ...failed, sendFailed: false }, { status: 'open', userId: 'ana' }, agent), false);
    assert.equal(mayRetryMessage({ ...failed, isDeleted: true }, { status: 'open', userId: 'ana' }, agent), false);
  });

  it('reads and strips *bold*, _italic_, ~strike~ and ```monospace```, leaving marks inside words alone', () => {
    assert.deepEqual(parseWhatsappMarks('a *b _c_* ```*d*```'), ['a ', { kind: 'bold', pieces: ['b ', { kind: 'italic', pieces: ['c'] }] }, ' ', { kind: 'monospace', pieces: ['*d*'] }]);
    assert.equal(stripWhatsappMarks('*Ana*:\nseu pedido ~saiu~ _hoje_'), 'Ana:\nseu pedido saiu hoje');
    assert.equal(stripWhatsappMarks('2*3*4 snake_case_name * solto *'), '2*3*4 snake_case_name * solto *');
  });
});
