import { expect } from 'chai';
import mongoose from 'mongoose';
import { BaileysKeyModel } from '../../../src/channels/baileys/model.js';
import { testDatabaseUri } from '../../support/engine.js';
import { harness, pause, statusesOf, until, type Harness } from './harness.js';

const NUMBER = '5511999990000';

/** A session paired and CONNECTED (credentials saved), the way WhatsApp does it: QR, scan, 515, open. */
async function paired(h: Harness): Promise<void> {
  await h.provider.start();
  const first = await h.bench.waitFor(1);
  first.qr('2@qr-ref,noise,identity,adv');
  first.emit('creds.update', { me: { id: `${NUMBER}:12@s.whatsapp.net`, name: 'Shop' } });
  first.emit('connection.update', { isNewLogin: true, qr: undefined });
  first.close(515);
  const second = await h.bench.waitFor(2);
  second.open(NUMBER);
  await until(() => statusesOf(h).includes('CONNECTED'), 'connected');
}

describe('Baileys session lifecycle (socket double)', () => {
  const running: Harness[] = [];
  function track(h: Harness): Harness {
    running.push(h);
    return h;
  }

  before(async () => {
    await mongoose.connect(testDatabaseUri('baileys_lifecycle'));
    await BaileysKeyModel.init();
  });
  afterEach(async () => {
    for (const h of running.splice(0)) {
      await h.provider.stop();
      // Never two live sockets for one connection, whatever happened in the test.
      expect(h.bench.overlaps, 'sockets live at once').to.equal(0);
    }
  });
  after(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('shows each QR code, and gives up (DISCONNECTED) after the limit without asking for more', async () => {
    const h = track(harness({ maxQr: 2 }));
    await h.provider.start();
    const socket = await h.bench.waitFor(1);
    socket.qr('qr-one');
    socket.qr('qr-two');
    await until(() => h.statuses.length === 2, 'two QR codes');
    expect(h.statuses).to.deep.equal([
      { status: 'qrcode', qrcode: 'qr-one' },
      { status: 'qrcode', qrcode: 'qr-two' },
    ]);
    expect(h.qrExpiries).to.have.length(2);
    expect(h.qrExpiries.every((at) => at.getTime() > Date.now()), 'each code says when it expires, ahead').to.equal(true);
    socket.qr('qr-three');
    await until(() => statusesOf(h).includes('DISCONNECTED'), 'gave up');
    expect(socket.ended).to.equal(true);
    expect(h.statuses.map((s) => s.qrcode).filter(Boolean)).to.deep.equal(['qr-one', 'qr-two']);
    await pause(100);
    expect(h.bench.sockets).to.have.length(1);
  });

  it('pairs: PAIRING, the restart WhatsApp asks for (515) at once, CONNECTED with the number; a restart needs no scan', async () => {
    const h = track(harness({ backoffMs: 5_000 }));
    await paired(h);
    // 515 reconnected without waiting for the 5 s backoff.
    expect(h.bench.madeAt[1]! - h.bench.madeAt[0]!).to.be.below(1_000);
    expect(h.statuses).to.deep.equal([{ status: 'qrcode', qrcode: '2@qr-ref,noise,identity,adv' }, { status: 'PAIRING' }, { status: 'CONNECTED', number: NUMBER }]);
    expect(h.bench.sockets[0]!.config.emitOwnEvents).to.equal(false);
    await h.provider.stop();
    expect(h.bench.latest().ended).to.equal(true);

    const restarted = track(h.again());
    await restarted.provider.start();
    const socket = await restarted.bench.waitFor(1);
    expect(socket.config.auth.creds.me?.id).to.equal(`${NUMBER}:12@s.whatsapp.net`);
    socket.open(NUMBER);
    await until(() => statusesOf(restarted).includes('CONNECTED'), 'restored');
    expect(statusesOf(restarted)).to.deep.equal(['CONNECTED']);
  });

  it('logged out on the phone (401): credentials forgotten, DISCONNECTED, no reconnect', async () => {
    const h = track(harness({ backoffMs: 20 }));
    await paired(h);
    await until(async () => (await BaileysKeyModel.countDocuments({ companyId: h.companyId, whatsappId: h.whatsappId, type: 'creds' })) === 1, 'credentials saved');
    h.bench.latest().close(401);
    await until(() => statusesOf(h).includes('DISCONNECTED'), 'disconnected');
    await pause(100);
    expect(h.bench.sockets).to.have.length(2);
    expect(await BaileysKeyModel.countDocuments({ companyId: h.companyId, whatsappId: h.whatsappId })).to.equal(0);
  });

  it('replaced by another client (440): DISCONNECTED without a reconnect loop, credentials kept', async () => {
    const h = track(harness({ backoffMs: 20 }));
    await paired(h);
    h.bench.latest().close(440);
    await until(() => statusesOf(h).includes('DISCONNECTED'), 'disconnected');
    await pause(100);
    expect(h.bench.sockets).to.have.length(2);
    expect(await BaileysKeyModel.countDocuments({ companyId: h.companyId, whatsappId: h.whatsappId, type: 'creds' })).to.equal(1);
  });

  it('network failures back off with growing delays; a stable connection resets the backoff (TIMEOUT while it is down)', async () => {
    const h = track(harness({ backoffMs: 40, backoffCapMs: 2_000, stableMs: 150 }));
    await paired(h);
    const before = h.bench.sockets.length;
    // Lost, then three failed attempts in a row.
    h.bench.latest().close(408);
    for (let i = 1; i <= 3; i += 1) {
      const next = await h.bench.waitFor(before + i);
      if (i < 3) next.close();
    }
    await until(() => statusesOf(h).includes('TIMEOUT'), 'timeout announced');
    const gaps = [1, 2, 3].map((i) => h.bench.madeAt[before + i - 1]! - h.bench.madeAt[before + i - 2]!);
    // Jittered steps: [20, 40], [40, 80], [80, 160] ms (plus scheduling).
    expect(gaps[0]).to.be.within(15, 75);
    expect(gaps[1]).to.be.within(35, 115);
    expect(gaps[2]).to.be.at.least(75);
    expect(gaps[2]!).to.be.above(gaps[0]!);
    expect(statusesOf(h).filter((s) => s === 'TIMEOUT')).to.have.length(1);

    h.bench.latest().open(NUMBER);
    await until(() => statusesOf(h).filter((s) => s === 'CONNECTED').length === 2, 'back');
    await pause(200);
    const count = h.bench.sockets.length;
    const closedAt = Date.now();
    h.bench.latest().close(428);
    await h.bench.waitFor(count + 1);
    // Back to the first step.
    expect(h.bench.madeAt[count]! - closedAt).to.be.within(15, 75);
  });

  it('the watchdog restarts a socket that receives nothing, never one that does', async () => {
    const h = track(harness({ watchdogMs: 150, backoffMs: 5_000 }));
    await paired(h);
    const alive = h.bench.latest();
    const started = Date.now();
    while (Date.now() - started < 450) {
      alive.frame();
      await pause(30);
    }
    expect(h.bench.sockets).to.have.length(2);
    // Silence: no frame, not even keep-alive answers.
    const replacement = await h.bench.waitFor(3, 1_000);
    expect(alive.ended).to.equal(true);
    expect(replacement.ended).to.equal(false);
    replacement.open(NUMBER);
    await until(() => statusesOf(h).filter((s) => s === 'CONNECTED').length === 2, 'reconnected');
  });

  it('stop() closes the socket for good; logout() tells WhatsApp and forgets the credentials', async () => {
    const h = track(harness({ backoffMs: 20 }));
    await paired(h);
    await h.provider.stop();
    const stopped = h.bench.latest();
    expect(stopped.ended).to.equal(true);
    // A late close of the ended socket changes nothing.
    stopped.close(428);
    await pause(100);
    expect(h.bench.sockets).to.have.length(2);

    const again = track(h.again());
    await again.provider.start();
    const socket = await again.bench.waitFor(1);
    socket.open(NUMBER);
    await until(() => statusesOf(again).includes('CONNECTED'), 'connected');
    await again.provider.logout();
    expect(socket.loggedOut).to.equal(true);
    expect(socket.ended).to.equal(true);
    expect(await BaileysKeyModel.countDocuments({ companyId: h.companyId, whatsappId: h.whatsappId })).to.equal(0);
    expect(statusesOf(again)).to.deep.equal(['CONNECTED']);
  });

  it('a provider never started forgets the credentials on logout (new QR while nothing is live)', async () => {
    const h = track(harness());
    await paired(h);
    await h.provider.stop();
    await h.again().provider.logout();
    expect(await BaileysKeyModel.countDocuments({ companyId: h.companyId, whatsappId: h.whatsappId })).to.equal(0);
  });
});
