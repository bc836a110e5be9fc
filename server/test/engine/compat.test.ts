// What the server relies on from its database, checked against the test engine
// (the embedded FerretDB unless MONGODB_URI is set).

import { Agenda, type Job } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { expect } from 'chai';
import mongoose, { Schema, type Connection } from 'mongoose';
import { testDatabaseUri, usingEmbeddedEngine } from '../support/engine.js';

const customerSchema = new Schema({
  name: { type: String, required: true },
  email: { type: String, required: true, unique: true },
  visits: { type: Number, default: 0 },
});

const ticketSchema = new Schema({
  subject: String,
  status: { type: String, enum: ['waiting', 'taken'] },
  priority: Number,
  openedAt: Date,
});

const orderSchema = new Schema({ company: String, status: String, amount: Number });
const orders = [
  { company: 'acme', status: 'paid', amount: 100 },
  { company: 'acme', status: 'paid', amount: 50 },
  { company: 'acme', status: 'open', amount: 999 },
  { company: 'globex', status: 'paid', amount: 30 },
];

interface ServerError {
  code?: number;
  keyValue?: Record<string, unknown>;
  message: string;
}

/** The error the operation rejects with; fails the test if it succeeds. */
async function rejectionOf(operation: Promise<unknown>): Promise<ServerError> {
  try {
    await operation;
  } catch (err) {
    return err as ServerError;
  }
  throw new Error('expected the operation to fail');
}

describe('database compatibility (mongoose 9, agenda 6)', () => {
  let conn: Connection;

  before(async () => {
    conn = await mongoose.createConnection(testDatabaseUri('compat')).asPromise();
  });

  after(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('creates, reads, updates and deletes documents', async () => {
    const Customer = conn.model('CrudCustomer', customerSchema);
    const created = await Customer.create({ name: 'Ana', email: 'ana@example.com' });

    const found = await Customer.findById(created._id).lean();
    expect(found).to.include({ name: 'Ana', email: 'ana@example.com', visits: 0 });

    await Customer.updateOne({ _id: created._id }, { $inc: { visits: 2 }, $set: { name: 'Ana Maria' } });
    expect(await Customer.findById(created._id).lean()).to.include({ name: 'Ana Maria', visits: 2 });

    const { deletedCount } = await Customer.deleteOne({ _id: created._id });
    expect(deletedCount).to.equal(1);
    expect(await Customer.countDocuments()).to.equal(0);
  });

  it('a bulk write of more updates than the engine has connections completes (the data upgrades write 1,000 at a time)', async function () {
    this.timeout(60_000);
    const Customer = conn.model('BulkCustomer', customerSchema);
    const many = 150;
    const created = await Customer.insertMany(Array.from({ length: many }, (_, n) => ({ name: `C${n}`, email: `bulk${n}@example.com` })));
    const result = await Customer.bulkWrite(
      created.map((doc) => ({ updateOne: { filter: { _id: doc._id }, update: { $inc: { visits: 1 } } } })),
      { ordered: false },
    );
    expect(result.modifiedCount).to.equal(many);
    expect(await Customer.countDocuments({ visits: 1 })).to.equal(many);
  });

  it('findOneAndUpdate with sort takes the first document in sort order', async () => {
    const Ticket = conn.model('Ticket', ticketSchema);
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 9, minute));
    await Ticket.insertMany([
      { subject: 'low, oldest', status: 'waiting', priority: 1, openedAt: at(0) },
      { subject: 'high, newer', status: 'waiting', priority: 5, openedAt: at(20) },
      { subject: 'high, older', status: 'waiting', priority: 5, openedAt: at(10) },
      { subject: 'high, oldest but taken', status: 'taken', priority: 5, openedAt: at(5) },
    ]);

    const next = await Ticket.findOneAndUpdate(
      { status: 'waiting' },
      { $set: { status: 'taken' } },
      { sort: { priority: -1, openedAt: 1 }, returnDocument: 'after' },
    ).lean();

    expect(next).to.include({ subject: 'high, older', status: 'taken' });
    expect(await Ticket.countDocuments({ status: 'waiting' })).to.equal(2);
  });

  it('aggregate with $match and $group/$sum returns the totals', async () => {
    const Order = conn.model('Order', orderSchema);
    await Order.insertMany(orders);

    const totals = await Order.aggregate<{ _id: string; total: number }>([
      { $match: { status: 'paid' } },
      { $group: { _id: '$company', total: { $sum: '$amount' } } },
      { $sort: { _id: 1 } },
    ]);

    expect(totals).to.deep.equal([
      { _id: 'acme', total: 150 },
      { _id: 'globex', total: 30 },
    ]);
  });

  it('an insert violating a unique index fails with a duplicate-key error (code 11000)', async () => {
    const Customer = conn.model('UniqueCustomer', customerSchema);
    await Customer.init(); // builds the unique index
    await Customer.create({ name: 'Bia', email: 'bia@example.com' });

    const err = await rejectionOf(Customer.create({ name: 'Bia 2', email: 'bia@example.com' }));

    expect(err.code).to.equal(11000);
    // FerretDB 1.24.2: no keyValue; errmsg "E11000 duplicate key error collection: <db>.<collection>".
    expect(err.message).to.match(/^E11000 duplicate key error/);
  });

  it('an update violating a unique index is refused, in a form the error mapping recognises', async () => {
    // MongoDB: code 11000. FerretDB 1.24.2 on PostgreSQL: code 1 and "... duplicate key value
    // violates unique constraint "<collection>_<hash>_email___<hash>_idx"". Both map to the collection's ERR_ code
    // (server/test/platform/errors.test.ts); several accumulators per $group and keyValue are
    // not relied upon (FerretDB gets them wrong: see platform/database/models.ts).
    const Customer = conn.model('UpdateCustomer', customerSchema);
    await Customer.init();
    await Customer.create([
      { name: 'Davi', email: 'davi@example.com' },
      { name: 'Edu', email: 'edu@example.com' },
    ]);

    const err = await rejectionOf(Customer.updateOne({ email: 'edu@example.com' }, { email: 'davi@example.com' }).exec());

    if (usingEmbeddedEngine()) expect(err.message).to.match(/duplicate key value violates unique constraint "updatecustomers_[0-9a-f]{8}_email_+[0-9a-f]{8}_idx"/);
    else expect(err.code).to.equal(11000);
    expect(await Customer.countDocuments({ email: 'davi@example.com' })).to.equal(1);
  });

  it('runs Agenda jobs: now() and schedule() a few hundred ms ahead', async () => {
    // Same wiring as the server: Agenda on the application's connection.
    const agenda = new Agenda({ backend: new MongoBackend({ mongo: conn.db! }), processEvery: 200 });
    const ran: { data: { n: number }; at: number }[] = [];
    const bothRan = new Promise<void>((done) => {
      agenda.define(
        'greet',
        async (job: Job<{ n: number }>) => {
          ran.push({ data: job.attrs.data, at: Date.now() });
          if (ran.length === 2) done();
        },
        // Agenda 6.2.6 leaves a timer of lockLifetime/2 (default 5 min) running after each job,
        // even after stop(): with the default, mocha would wait 5 min to exit.
        { lockLifetime: 1_000 },
      );
    });
    const failed = new Promise<never>((_, fail) => agenda.on('fail', (err: Error) => fail(err)));

    await agenda.start();
    try {
      const dueAt = Date.now() + 400;
      await agenda.now('greet', { n: 1 });
      await agenda.schedule(new Date(dueAt), 'greet', { n: 2 });
      await Promise.race([bothRan, failed]);

      expect(ran.map((r) => r.data)).to.deep.equal([{ n: 1 }, { n: 2 }]);
      expect(ran[1]!.at).to.be.at.least(dueAt);
    } finally {
      await agenda.stop();
    }
  });
});
