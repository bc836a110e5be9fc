import { expect } from 'chai';
import { PlanModel } from '../../src/domains/plans/model.js';
import { UserModel } from '../../src/domains/users/model.js';
import { startTestApp, type TestApp } from '../support/app.js';

describe('error mapping: every failure leaves as { error, message }', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('errors');
    // Probe routes that fail the ways a handler can fail.
    t.app.server.route([
      { method: 'GET', path: '/api/probe/crash', options: { auth: false }, handler: () => { throw new Error('secret internal detail at /srv/atende'); } },
      {
        method: 'GET',
        path: '/api/probe/duplicate-plan',
        options: { auth: false },
        handler: async () => {
          // Straight to the model: only the unique index stands in the way (the race the services' checks cannot close).
          await PlanModel.create({ name: 'Twin' });
          await PlanModel.create({ name: 'Twin' });
          return 'unreachable';
        },
      },
      {
        method: 'GET',
        path: '/api/probe/duplicate-email',
        options: { auth: false },
        handler: async () => {
          const companyId = '65a1b2c3d4e5f60718293a4b';
          await UserModel.create({ companyId, name: 'A', email: 'twin@x.test', passwordHash: 'x' });
          await UserModel.create({ companyId, name: 'B', email: 'twin@x.test', passwordHash: 'x' });
          return 'unreachable';
        },
      },
      {
        method: 'GET',
        path: '/api/probe/duplicate-email-on-update',
        options: { auth: false },
        handler: async () => {
          const companyId = '65a1b2c3d4e5f60718293a4c';
          await UserModel.create({ companyId, name: 'C', email: 'first@x.test', passwordHash: 'x' });
          await UserModel.create({ companyId, name: 'D', email: 'second@x.test', passwordHash: 'x' });
          await UserModel.updateOne({ companyId, email: 'second@x.test' }, { $set: { email: 'first@x.test' } });
          return 'unreachable';
        },
      },
      {
        method: 'GET',
        path: '/api/probe/cast',
        options: { auth: false },
        // A malformed id reaching the database: mongoose throws a CastError.
        handler: () => UserModel.findOne({ companyId: '65a1b2c3d4e5f60718293a4b', _id: 'not-an-object-id' }).lean(),
      },
      {
        method: 'GET',
        path: '/api/probe/database-down',
        options: { auth: false },
        handler: () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoServerSelectionError' });
        },
      },
    ]);
  });
  after(() => t?.stop());

  it('an unexpected error is ERR_INTERNAL_SERVER_ERROR (500) without leaking its message or stack', async () => {
    const answer = await t.call('GET', '/probe/crash');
    expect(answer.status).to.equal(500);
    expect(answer.body.error).to.equal('ERR_INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(answer.body)).not.to.contain('secret internal detail');
    expect(JSON.stringify(answer.body)).not.to.contain('/srv/');
  });

  it('a unique index violation is mapped to the ERR_ code of its collection (409)', async () => {
    const plan = await t.call('GET', '/probe/duplicate-plan');
    expect(plan.status).to.equal(409);
    expect(plan.body.error).to.equal('ERR_DUPLICATED_PLAN');
    const email = await t.call('GET', '/probe/duplicate-email');
    expect(email.status).to.equal(409);
    expect(email.body.error).to.equal('ERR_DUPLICATED_EMAIL');
    const onUpdate = await t.call('GET', '/probe/duplicate-email-on-update');
    expect(onUpdate.status).to.equal(409);
    expect(onUpdate.body.error).to.equal('ERR_DUPLICATED_EMAIL');
  });

  it('a malformed id that reaches the database is a 404, not a 500', async () => {
    const answer = await t.call('GET', '/probe/cast');
    expect(answer.status).to.equal(404);
    expect(answer.body.error).to.equal('ERR_NOT_FOUND');
  });

  it('an unreachable database is 503 ERR_DATABASE_UNAVAILABLE, without its address', async () => {
    const answer = await t.call('GET', '/probe/database-down');
    expect(answer.status).to.equal(503);
    expect(answer.body.error).to.equal('ERR_DATABASE_UNAVAILABLE');
    expect(JSON.stringify(answer.body)).not.to.contain('27017');
  });

  it('the message is the catalogue text', async () => {
    const answer = await t.call('GET', '/probe/duplicate-plan');
    expect(answer.body.message).to.be.a('string').and.not.equal('ERR_DUPLICATED_PLAN');
  });
});
