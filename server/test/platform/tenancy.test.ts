import { expect } from 'chai';
import mongoose, { Types } from 'mongoose';
import { tenantModel } from '../../src/platform/database/models.js';
import { TenancyError, tenantModelNames } from '../../src/platform/database/tenancy.js';
import { testDatabaseUri } from '../support/engine.js';

interface NoteDoc {
  companyId: Types.ObjectId;
  text: string;
}

const NoteModel = tenantModel<NoteDoc>('TenancyProbe', { text: String });

describe('tenancy: tenant-owned models refuse unscoped queries', () => {
  const companyA = new Types.ObjectId();
  const companyB = new Types.ObjectId();

  before(async () => {
    await mongoose.connect(testDatabaseUri('tenancy'));
    await NoteModel.create([{ companyId: companyA, text: 'a1' }, { companyId: companyA, text: 'a2' }, { companyId: companyB, text: 'b1' }]);
  });
  after(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('registers the model as tenant-owned', () => {
    expect(tenantModelNames.has('TenancyProbe')).to.equal(true);
  });

  for (const [operation, run] of [
    ['find', () => NoteModel.find({ text: 'a1' })],
    ['findOne', () => NoteModel.findOne({})],
    ['countDocuments', () => NoteModel.countDocuments({})],
    ['updateOne', () => NoteModel.updateOne({ text: 'a1' }, { $set: { text: 'x' } })],
    ['updateMany', () => NoteModel.updateMany({}, { $set: { text: 'x' } })],
    ['deleteOne', () => NoteModel.deleteOne({ text: 'b1' })],
    ['deleteMany', () => NoteModel.deleteMany({})],
    ['findOneAndUpdate', () => NoteModel.findOneAndUpdate({ text: 'a1' }, { $set: { text: 'x' } })],
    ['findById', () => NoteModel.findById(new Types.ObjectId())],
    ['aggregate without a leading $match on companyId', () => NoteModel.aggregate([{ $group: { _id: '$text', n: { $sum: 1 } } }])],
    ['save without companyId', () => new NoteModel({ text: 'orphan' }).save()],
    ['insertMany without companyId', () => NoteModel.insertMany([{ text: 'orphan' }])],
  ] as const) {
    it(`throws TenancyError on ${operation}`, async () => {
      let thrown: unknown;
      try {
        await run();
      } catch (err) {
        thrown = err;
      }
      expect(thrown).to.be.instanceOf(TenancyError);
    });
  }

  it('nothing was changed by the refused writes', async () => {
    const texts = (await NoteModel.find({ companyId: companyA }).sort({ text: 1 }).lean()).map((n) => n.text);
    expect(texts).to.deep.equal(['a1', 'a2']);
    expect(await NoteModel.countDocuments({ companyId: companyB })).to.equal(1);
  });

  it('scoped queries see only their company', async () => {
    expect(await NoteModel.countDocuments({ companyId: companyA })).to.equal(2);
    const b = await NoteModel.find({ $and: [{ companyId: companyB }, { text: /b/ }] }).lean();
    expect(b.map((n) => n.text)).to.deep.equal(['b1']);
    const grouped = await NoteModel.aggregate([{ $match: { companyId: companyA } }, { $group: { _id: '$companyId', n: { $sum: 1 } } }]);
    expect(grouped).to.have.length(1);
  });

  it('platform code may cross tenants only when it says so', async () => {
    expect(await NoteModel.countDocuments({}).setOptions({ crossTenant: true })).to.equal(3);
  });
});
