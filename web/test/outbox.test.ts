import { expect } from 'chai';
import type { Message } from '@atende/shared';
import { createOutbox, type Draft } from '../src/pages/tickets/outbox.js';

interface Call {
  ticketId: string;
  draft: Draft;
  resolve(messages: Message[]): void;
  reject(error: unknown): void;
}

/** An outbox whose deliveries wait until the test answers them. */
function harness() {
  const calls: Call[] = [];
  const failures: unknown[] = [];
  const outbox = createOutbox(
    (ticketId, draft) => new Promise<Message[]>((resolve, reject) => calls.push({ ticketId, draft, resolve, reject })),
    (error) => failures.push(error),
  );
  return { outbox, calls, failures };
}

const stored = (body: string) => ({ id: body, body, createdAt: new Date().toISOString() }) as Message;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const text = (body: string): Draft => ({ body, files: [] });

describe('the composer outbox', () => {
  it('sends one message at a time per ticket, in the order given, each once', async () => {
    const { outbox, calls } = harness();
    outbox.enqueue('t1', text('Ok'));
    outbox.enqueue('t1', text('I will check'));
    outbox.enqueue('t1', text('Done'));
    expect(calls.map((call) => call.draft.body)).to.deep.equal(['Ok']);
    expect(outbox.items('t1').map((item) => item.state)).to.deep.equal(['sending', 'waiting', 'waiting']);

    for (const expected of ['Ok', 'I will check', 'Done']) {
      const call = calls.at(-1)!;
      expect(call.draft.body).to.equal(expected);
      call.resolve([stored(expected)]);
      await settle();
    }
    expect(calls.map((call) => call.draft.body)).to.deep.equal(['Ok', 'I will check', 'Done']);
    expect(outbox.items('t1')).to.deep.equal([]);
    expect(outbox.delivered('t1').map((message) => message.body)).to.deep.equal(['Ok', 'I will check', 'Done']);
  });

  it('keeps tickets apart: a slow send on one does not hold another', () => {
    const { outbox, calls } = harness();
    outbox.enqueue('t1', text('first'));
    outbox.enqueue('t2', text('other'));
    expect(calls.map((call) => [call.ticketId, call.draft.body])).to.deep.equal([
      ['t1', 'first'],
      ['t2', 'other'],
    ]);
  });

  it('holds the line after a failure until retried, then goes on in order', async () => {
    const { outbox, calls, failures } = harness();
    outbox.enqueue('t1', text('one'));
    outbox.enqueue('t1', text('two'));
    calls[0]!.reject(new Error('offline'));
    await settle();
    expect(failures).to.have.length(1);
    expect(outbox.items('t1').map((item) => [item.body, item.state])).to.deep.equal([
      ['one', 'failed'],
      ['two', 'waiting'],
    ]);
    expect(calls).to.have.length(1);

    outbox.retry(outbox.items('t1')[0]!.key);
    expect(calls.map((call) => call.draft.body)).to.deep.equal(['one', 'one']);
    calls[1]!.resolve([stored('one')]);
    await settle();
    expect(calls.map((call) => call.draft.body)).to.deep.equal(['one', 'one', 'two']);
  });

  it('gives a failed message back whole and sends the next one', async () => {
    const { outbox, calls } = harness();
    outbox.enqueue('t1', text('draft with a typo'));
    outbox.enqueue('t1', text('next'));
    calls[0]!.reject(new Error('refused'));
    await settle();
    const failed = outbox.items('t1')[0]!;
    expect(outbox.takeBack(failed.key)).to.deep.equal({ body: 'draft with a typo', files: [] });
    expect(outbox.takeBack(failed.key)).to.equal(null);
    expect(calls.map((call) => call.draft.body)).to.deep.equal(['draft with a typo', 'next']);
    expect(outbox.items('t1').map((item) => item.body)).to.deep.equal(['next']);
  });

  it('gives each change a new snapshot, so that React renders it', () => {
    const { outbox } = harness();
    let changes = 0;
    const stop = outbox.subscribe(() => (changes += 1));
    const before = outbox.items('t1');
    outbox.enqueue('t1', text('hello'));
    expect(outbox.items('t1')).to.not.equal(before);
    expect(changes).to.be.greaterThan(0);
    stop();
  });
});
