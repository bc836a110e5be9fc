/**
 * Guessing passwords and probing e-mails (issue 13, item 4): the limiter holds under concurrent
 * guesses, locks out the guesser and not the owner, an unknown e-mail costs what a known one
 * costs, and answers that reveal a taken e-mail are rate limited.
 */
import { expect } from 'chai';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../support/app.js';
import { createMember, createPlan, createTenant, expectError, loginSuper, unique, type Session, type Tenant } from '../support/fixtures.js';

const PER_ACCOUNT = 10;
const EMAIL_PROBES = 5;

describe('login limiter and e-mail probes (issue 13, item 4)', () => {
  let t: TestApp;
  let superUser: Session;
  let tenant: Tenant;

  const loginFrom = (from: string, email: string, password: string) => t.call('POST', '/auth/login', { body: { email, password }, from });

  before(async () => {
    t = await startTestApp('login', { ATENDE_LOGIN_MAX_PER_ACCOUNT: String(PER_ACCOUNT), ATENDE_LOGIN_MAX_PER_IP: '1000' });
    superUser = await loginSuper(t);
    tenant = await createTenant(t, superUser, { planId: (await createPlan(t, superUser, { users: 20 })).id });
  });
  after(() => t?.stop());

  it('20 concurrent guesses: only the allowed number are evaluated, the rest wait (429)', async () => {
    const victim = await createMember(t, tenant, 'user');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => loginFrom('127.0.10.1', victim.email, `wrong-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).to.have.length(PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).to.have.length(20 - PER_ACCOUNT);
    expectError(await loginFrom('127.0.10.1', victim.email, 'member-pass'), 429, 'ERR_TOO_MANY_ATTEMPTS');
  });

  it('locks out the guesser, not the owner: the super admin still logs in from elsewhere', async () => {
    for (let i = 0; i < PER_ACCOUNT; i += 1) expect((await loginFrom('127.0.10.66', SUPER_EMAIL, `guess-${i}`)).status).to.equal(401);
    expectError(await loginFrom('127.0.10.66', SUPER_EMAIL, SUPER_PASSWORD), 429, 'ERR_TOO_MANY_ATTEMPTS');
    expect((await loginFrom('127.0.10.2', SUPER_EMAIL, SUPER_PASSWORD)).status).to.equal(200);
  });

  it('an unknown e-mail takes as long as a known one (the password hash runs either way)', async () => {
    const known = await createMember(t, tenant, 'user');
    const unknown = `${unique('nobody')}@x.test`;
    const timed = async (email: string, ip: string) => {
      const started = process.hrtime.bigint();
      expect((await loginFrom(ip, email, 'not-the-password')).status).to.equal(401);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // Alternated, each from its own address: a busy moment of the machine weighs on both alike.
    let knownMs = Number.POSITIVE_INFINITY;
    let unknownMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 8; i += 1) {
      knownMs = Math.min(knownMs, await timed(known.email, `127.0.11.${i + 1}`));
      unknownMs = Math.min(unknownMs, await timed(unknown, `127.0.12.${i + 1}`));
    }
    expect(unknownMs, `unknown ${unknownMs.toFixed(1)} ms, known ${knownMs.toFixed(1)} ms`).to.be.greaterThan(knownMs * 0.6);
  });

  it('sign-up answers a taken e-mail only a few times per address, then 429', async () => {
    const plan = await createPlan(t, superUser);
    const signup = (email: string) =>
      t.call('POST', '/companies/cadastro', { body: { name: unique('Probe '), email, phone: '', password: 'probe-pass', planId: plan.id }, from: '127.0.12.1' });
    expect((await signup(`${unique('fresh')}@x.test`)).status).to.equal(201);
    const answers = await Promise.all(Array.from({ length: EMAIL_PROBES + 3 }, () => signup(tenant.adminEmail)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 409)).to.have.length(EMAIL_PROBES);
    expect(statuses.filter((s) => s === 429)).to.have.length(3);
    // Sign-ups that reveal nothing still go through.
    expect((await signup(`${unique('fresh')}@x.test`)).status).to.equal(201);
  });

  it("a user probing other people's e-mails through their own profile is stopped after a few", async () => {
    const prober = await createMember(t, tenant, 'user');
    const answers = [];
    for (let i = 0; i < EMAIL_PROBES + 2; i += 1) {
      answers.push(await t.call('PUT', `/users/${prober.user.id}`, { token: prober.token, body: { email: tenant.adminEmail }, from: `127.0.13.${i + 1}` }));
    }
    expect(answers.map((a) => a.status)).to.deep.equal([...Array(EMAIL_PROBES).fill(409), 429, 429]);
    // Edits that reveal nothing are not counted.
    const other = await createMember(t, tenant, 'user');
    for (let i = 0; i < EMAIL_PROBES + 2; i += 1) {
      expect((await t.call('PUT', `/users/${other.user.id}`, { token: other.token, body: { name: `Name ${i}` } })).status).to.equal(200);
    }
  });
});
