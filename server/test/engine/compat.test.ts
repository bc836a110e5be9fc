// What the server relies on from its database, checked against the test engine
// (the embedded FerretDB unless MONGODB_URI is set).

import { Agenda, type Job } from 'agenda';
import { MongoBackend } from '@agendajs/mongo-backend';
import { expect } from 'chai';
import mongoose, { Schema, type Connection } from 'mongoose';
import { testDatabaseUri } from '../support/engine.js';

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
    await Order.insertMany([
      { company: 'acme', status: 'paid', amount: 100 },
      { company: 'acme', status: 'paid', amount: 50 },
      { company: 'acme', status: 'open', amount: 999 },
      { company: 'globex', status: 'paid', amount: 30 },
    ]);

    const totals = await Order.aggregate<{ _id: string; total: number; count: number }>([
      { $match: { status: 'paid' } },
      { $group: { _id: '$company', total: { $sum: '$amount' }, count: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);

    expect(totals).to.deep.equal([
      { _id: 'acme', total: 150, count: 2 },
      { _id: 'globex', total: 30, count: 1 },
    ]);
  });

  it('a unique index violation is a duplicate-key error (code 11000) naming the field', async () => {
    const Customer = conn.model('UniqueCustomer', customerSchema);
    await Customer.init(); // builds the unique index
    await Customer.create({ name: 'Bia', email: 'bia@example.com' });

    const failure = await Customer.create({ name: 'Bia 2', email: 'bia@example.com' }).catch((err: unknown) => err);

    const err = failure as { code?: number; keyValue?: Record<string, unknown>; message?: string };
    expect(err.code).to.equal(11000);
    const namesField = err.keyValue?.email === 'bia@example.com' || /email/.test(err.message ?? '');
    expect(namesField, `keyValue=${JSON.stringify(err.keyValue)} message=${err.message}`).to.equal(true);
  });

  it('runs Agenda jobs: now() and schedule() a few hundred ms ahead', async () => {
    // Same wiring as the server: Agenda on the application's connection.
    const agenda = new Agenda({ backend: new MongoBackend({ mongo: conn.db! }), processEvery: 200 });
    const ran: { data: { n: number }; at: number }[] = [];
    const bothRan = new Promise<void>((done) => {
      agenda.define('greet', async (job: Job<{ n: number }>) => {
        ran.push({ data: job.attrs.data, at: Date.now() });
        if (ran.length === 2) done();
      });
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
