import { expect } from 'chai';
import { Types } from 'mongoose';
import { createI18n, type FlowGraph } from '@atende/shared';
import { createInterpreter, type FlowPort } from '../../src/automation/flows/interpreter.js';
import { FlowRunModel, type FlowRunDoc } from '../../src/automation/flows/runModel.js';
import { createLogger } from '../../src/platform/logger.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphOf } from '../support/flowFixtures.js';

describe('flow interpreter: one advance per state, whatever races it', () => {
  let t: TestApp;
  const companyId = new Types.ObjectId();
  const scheduled: { at: Date; version: number }[] = [];
  const interpreter = createInterpreter({
    logger: createLogger('silent'),
    texts: createI18n('en'),
    scheduleResume: async (_run, at, version) => {
      scheduled.push({ at, version });
    },
  });

  before(async () => {
    t = await startTestApp('flowinterp');
  });
  after(() => t?.stop());

  /** A port that records what the flow says and how it ends. */
  function recorder(graph: FlowGraph) {
    const said: string[] = [];
    const ends: string[] = [];
    /** The OpenAI block's answers asked (the run's node and wait when asked), and hand-overs. */
    const asked: string[] = [];
    const handed: (string | null)[] = [];
    const port: FlowPort = {
      graph: async () => graph,
      say: async (text) => {
        said.push(text);
        // A slow send: the racing advance runs meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
      media: async () => undefined,
      transfer: async () => true,
      typebot: async (settings) => Boolean(settings.urlN8N && settings.typebotSlug),
      ai: async (run) => {
        asked.push(`${run.nodeId}:${run.waiting}`);
      },
      handOver: async (queueId) => {
        handed.push(queueId);
      },
      visit: async () => undefined,
      waits: async () => undefined,
      ended: async (_run, reason) => {
        ends.push(reason);
      },
    };
    return { port, said, ends, asked, handed };
  }

  async function newRun(nodeId: string, waiting: FlowRunDoc['waiting']): Promise<FlowRunDoc> {
    const _id = new Types.ObjectId();
    const now = new Date();
    const created = await FlowRunModel.create({ _id, companyId, kind: 'simulation', runKey: `s:${String(_id)}`, userId: new Types.ObjectId(), flowId: new Types.ObjectId(), nodeId, waiting, startedAt: now, lastActivityAt: now });
    return created.toObject() as FlowRunDoc;
  }

  it('two advances computed from the same state: one runs, the other finds the run moved on', async () => {
    const graph = graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Name?', answerKey: 'name' } }], ['bye', 'message', { label: 'Bye {{name}}' }], ['again', 'question', { typebotIntegration: { message: 'More?', answerKey: 'more' } }]], [['1', 'ask'], ['ask', 'bye'], ['bye', 'again']]);
    const run = await newRun('ask', 'answer');
    const { port, said } = recorder(graph);
    const outcomes = await Promise.all([interpreter.advance(run, port, { kind: 'message', body: 'Ana' }), interpreter.advance(run, port, { kind: 'message', body: 'Bia' })]);
    expect(outcomes.filter(Boolean)).to.have.length(1);
    expect(said).to.have.length(2);
    expect(said[0]).to.be.oneOf(['Bye Ana', 'Bye Bia']);
    const stored = await FlowRunModel.findOne({ companyId, _id: run._id }).lean<FlowRunDoc>();
    expect(stored).to.include({ nodeId: 'again', waiting: 'answer' });
  });

  it("an interval's resume runs once for its wait, and not at all for an older one", async () => {
    const graph = graphOf([['1', 'start'], ['wait', 'interval', { sec: 5 }], ['after', 'message', { label: 'after' }]], [['1', 'wait'], ['wait', 'after']]);
    const run = await newRun('1', null);
    const { port, said, ends } = recorder(graph);
    await interpreter.advance(run, port, { kind: 'start' });
    const waiting = await FlowRunModel.findOne({ companyId, _id: run._id }).lean<FlowRunDoc>();
    expect(waiting).to.include({ nodeId: 'wait', waiting: 'interval' });
    expect(scheduled.at(-1)!.version).to.equal(waiting!.waitVersion);
    expect(scheduled.at(-1)!.at.getTime() - Date.now()).to.be.within(4_000, 5_100);
    expect(await interpreter.advance(waiting!, port, { kind: 'resume', version: waiting!.waitVersion - 1 })).to.equal(false);
    // A message meanwhile moves the version on, not the wait.
    await interpreter.advance(waiting!, port, { kind: 'message', body: 'hello?' });
    const after = (await FlowRunModel.findOne({ companyId, _id: run._id }).lean<FlowRunDoc>())!;
    expect(after.lastAnswer).to.equal('hello?');
    const resumes = await Promise.all([interpreter.advance(after, port, { kind: 'resume', version: after.waitVersion }), interpreter.advance(after, port, { kind: 'resume', version: after.waitVersion })]);
    expect(resumes.filter(Boolean)).to.have.length(1);
    expect(said).to.deep.equal(['after']);
    expect(ends).to.deep.equal(['finished']);
    expect(await FlowRunModel.countDocuments({ companyId, _id: run._id })).to.equal(0);
  });
  it('answer keys of any spelling are kept and rendered (dots, dollars)', async () => {
    const graph = graphOf([['1', 'start'], ['ask', 'question', { typebotIntegration: { message: 'Name?', answerKey: 'first.name' } }], ['ask2', 'question', { typebotIntegration: { message: 'Price?', answerKey: '$price' } }], ['bye', 'message', { label: 'Bye {{first.name}}' }]], [['1', 'ask'], ['ask', 'ask2'], ['ask2', 'bye']]);
    const run = await newRun('ask', 'answer');
    const { port, said } = recorder(graph);
    expect(await interpreter.advance(run, port, { kind: 'message', body: 'Ana' })).to.equal(true);
    const second = (await FlowRunModel.findOne({ companyId, _id: run._id }).lean<FlowRunDoc>())!;
    expect(second.answers).to.deep.equal([{ key: 'first.name', value: 'Ana' }]);
    expect(await interpreter.advance(second, port, { kind: 'message', body: '10' })).to.equal(true);
    expect(said).to.deep.equal(['Price?', 'Bye Ana']);
  });
  describe('the OpenAI block', () => {
    const openai = (extra: Record<string, unknown> = {}) => ['ai', 'openai', { typebotIntegration: { name: 'Bot', prompt: 'You help.', apiKey: 'sk-test', maxTokens: 100, temperature: 1, maxMessages: 10, queueId: null, ...extra } }] as const;
    const fresh = async (run: FlowRunDoc) => (await FlowRunModel.findOne({ companyId, _id: run._id }).lean<FlowRunDoc>())!;

    it('waits on the block and asks the model once the wait is stored, again for every message that is not the phrase', async () => {
      const graph = graphOf([['1', 'start'], [...openai()]], [['1', 'ai']]);
      const run = await newRun('1', null);
      const { port, asked, ends } = recorder(graph);
      await interpreter.advance(run, port, { kind: 'start' });
      expect(await fresh(run)).to.include({ nodeId: 'ai', waiting: 'ai' });
      expect(asked).to.deep.equal(['ai:ai']);
      await interpreter.advance(await fresh(run), port, { kind: 'message', body: 'What are your hours?' });
      expect(asked).to.deep.equal(['ai:ai', 'ai:ai']);
      expect(ends).to.deep.equal([]);
    });

    it('the phrase for a human follows the exit when there is one (the model is not asked)', async () => {
      const graph = graphOf([['1', 'start'], [...openai()], ['bye', 'message', { label: 'An agent will answer' }]], [['1', 'ai'], ['ai', 'bye']]);
      const run = await newRun('1', null);
      const { port, asked, said, ends, handed } = recorder(graph);
      await interpreter.advance(run, port, { kind: 'start' });
      await interpreter.advance(await fresh(run), port, { kind: 'message', body: 'Quero falar com um ATENDENTE, por favor' });
      expect(asked).to.have.length(1);
      expect(said).to.deep.equal(['An agent will answer']);
      expect(ends).to.deep.equal(['finished']);
      expect(handed).to.deep.equal([]);
    });

    it("without an exit the phrase hands over into the block's queue and ends the run; a block's own phrase replaces the defaults", async () => {
      const queueId = String(new Types.ObjectId());
      const graph = graphOf([['1', 'start'], [...openai({ queueId, humanPhrase: 'talk to Ana, operator' })]], [['1', 'ai']]);
      const run = await newRun('1', null);
      const { port, asked, ends, handed } = recorder(graph);
      await interpreter.advance(run, port, { kind: 'start' });
      await interpreter.advance(await fresh(run), port, { kind: 'message', body: 'I want a human' });
      expect(asked).to.have.length(2);
      expect(handed).to.deep.equal([]);
      await interpreter.advance(await fresh(run), port, { kind: 'message', body: 'Operator!' });
      expect(handed).to.deep.equal([queueId]);
      expect(ends).to.deep.equal(['transferred']);
      expect(await FlowRunModel.exists({ companyId, _id: run._id })).to.equal(null);
    });
  });
});
