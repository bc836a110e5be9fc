import { expect } from 'chai';
import { Types } from 'mongoose';
import { createLeases } from '../../src/channels/cluster/leases.js';
import { SessionLeaseModel } from '../../src/channels/cluster/leaseModel.js';
import { createLogger } from '../../src/platform/logger.js';
import { startTestApp, type TestApp } from '../support/app.js';

describe('session leases: one node runs a session', () => {
  let t: TestApp;
  const logger = createLogger('silent');
  const company = () => String(new Types.ObjectId());
  const connection = () => String(new Types.ObjectId());

  before(async () => {
    t = await startTestApp('leases');
  });
  after(() => t?.stop());

  it('of two nodes taking free leases at once, exactly one holds each', async () => {
    const one = createLeases('node-one', 25_000, logger);
    const two = createLeases('node-two', 25_000, logger);
    const ids = Array.from({ length: 20 }, connection);
    const companyId = company();
    const won = await Promise.all(ids.map(async (id) => Promise.all([one.acquire(companyId, id), two.acquire(companyId, id)])));
    for (const [n, [first, second]] of won.entries()) expect(first !== second, `lease ${n}: ${first} / ${second}`).to.equal(true);
    for (const id of ids) expect([await one.ownerOf(id)]).to.deep.equal([one.holds(id) ? 'node-one' : 'node-two']);
  });

  it('of two nodes taking over an expired lease at once, exactly one holds it', async () => {
    const companyId = company();
    for (let n = 0; n < 10; n++) {
      const id = connection();
      await SessionLeaseModel.create({ whatsappId: id, companyId, owner: 'node-dead', expiresAt: new Date(Date.now() - 1) });
      const one = createLeases('node-one', 25_000, logger);
      const two = createLeases('node-two', 25_000, logger);
      const [first, second] = await Promise.all([one.acquire(companyId, id), two.acquire(companyId, id)]);
      expect(first !== second, `round ${n}: ${first} / ${second}`).to.equal(true);
      expect(await SessionLeaseModel.countDocuments({ whatsappId: id })).to.equal(1);
    }
  });

  it('an expired lease goes to the next node that asks; its old holder learns it lost it at its renewal', async () => {
    const dead = createLeases('node-dead', 1_000, logger);
    const alive = createLeases('node-alive', 25_000, logger);
    const id = connection();
    const companyId = company();
    expect(await dead.acquire(companyId, id)).to.equal(true);
    expect(await alive.acquire(companyId, id)).to.equal(false);
    await SessionLeaseModel.updateOne({ whatsappId: id }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expect(await dead.ownerOf(id)).to.equal(null);
    expect(await alive.acquire(companyId, id)).to.equal(true);
    expect(await dead.renew()).to.deep.equal([id]);
    expect(dead.holds(id)).to.equal(false);
    expect(await alive.renew()).to.deep.equal([]);
    expect(await alive.ownerOf(id)).to.equal('node-alive');
  });

  it('a released lease is free at once', async () => {
    const leaving = createLeases('node-leaving', 25_000, logger);
    const staying = createLeases('node-staying', 25_000, logger);
    const id = connection();
    const companyId = company();
    expect(await leaving.acquire(companyId, id)).to.equal(true);
    await leaving.release(id);
    expect(await staying.acquire(companyId, id)).to.equal(true);
    expect(await leaving.ownerOf(id)).to.equal('node-staying');
  });
});
