import { expect } from 'chai';
import { Types } from 'mongoose';
import pg from 'pg';
import { MessageActionModel } from '../../src/domains/messages/actionModel.js';
import { MessageModel, OUTBOX_WAITING } from '../../src/domains/messages/model.js';
import { SandboxMessageModel } from '../../src/channels/sandbox/model.js';
import { minuteKeyOf } from '../../src/platform/database/cleanPoint.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { POSTGRES_URL_ENV, usingEmbeddedEngine } from '../support/engine.js';

/**
 * The queries a start runs to recover from a crash are pushed down to PostgreSQL as the `@>` a GIN
 * expression index of the field serves, and that index exists (on these small test tables the
 * planner prefers reading the table, so the plan itself cannot show it).
 */
describe('recovery queries on the embedded engine: pushed down, and an index serves them', () => {
  let t: TestApp;
  let client: pg.Client;
  before(async function () {
    if (!usingEmbeddedEngine()) this.skip();
    t = await startTestApp('recoveryqueries');
    client = new pg.Client({ connectionString: process.env[POSTGRES_URL_ENV] });
    await client.connect();
  });
  after(async () => {
    await client?.end();
    await t?.stop();
  });

  async function expectIndexed(plan: unknown, field: string): Promise<void> {
    const text = JSON.stringify(plan);
    expect((plan as { filterPushdown?: boolean }).filterPushdown, text).to.equal(true);
    const { Schema: schema, 'Relation Name': table } = (plan as { queryPlanner: { Plan: Record<string, string> } }).queryPlanner.Plan;
    expect(text).to.include(`_jsonb -> '${field}'::text) @>`);
    const { rows } = await client.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [schema, table]);
    expect(rows.map((row) => row.indexdef).filter((definition) => definition.includes('USING gin') && definition.includes(`'${field}'`))).to.have.length(1);
  }

  it('unsent messages and undone message actions by outboxKey, stored messages by minute', async () => {
    await expectIndexed(await MessageModel.find({ outboxKey: OUTBOX_WAITING }).setOptions({ crossTenant: true }).explain(), 'outboxKey');
    await expectIndexed(await MessageActionModel.find({ outboxKey: OUTBOX_WAITING }).setOptions({ crossTenant: true }).explain(), 'outboxKey');
    await expectIndexed(await MessageModel.find({ writtenIn: minuteKeyOf(new Date()) }).setOptions({ crossTenant: true }).explain(), 'writtenIn');
  });

  it("the sandbox phone's sends by our id and its acks by minute", async () => {
    const scope = { companyId: new Types.ObjectId(), whatsappId: new Types.ObjectId() };
    await expectIndexed(await SandboxMessageModel.find({ ...scope, localId: 'local:x' }).explain(), 'localId');
    await expectIndexed(await SandboxMessageModel.find({ ...scope, ackedIn: minuteKeyOf(new Date()) }).explain(), 'ackedIn');
  });
});
