import { expect } from 'chai';
import mongoose, { Types } from 'mongoose';
import type { AuthenticationCreds, SignalDataTypeMap } from '@whiskeysockets/baileys';
import { clearAuthState, loadAuthState } from '../../../src/channels/baileys/authState.js';
import { loadBaileys, type Baileys } from '../../../src/channels/baileys/library.js';
import { BaileysKeyModel } from '../../../src/channels/baileys/model.js';
import { testDatabaseUri } from '../../support/engine.js';

function scope() {
  return { companyId: String(new Types.ObjectId()), whatsappId: String(new Types.ObjectId()) };
}

describe('Baileys auth state in the database', () => {
  let initAuthCreds: Baileys['initAuthCreds'];
  let proto: Baileys['proto'];
  before(async () => {
    ({ initAuthCreds, proto } = await loadBaileys());
    await mongoose.connect(testDatabaseUri('baileys_auth'));
    await BaileysKeyModel.init();
  });
  after(async () => {
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  });

  it('starts with fresh credentials from initAuthCreds and round-trips them, buffers included', async () => {
    const where = scope();
    const first = await loadAuthState(where);
    expect(first.registered()).to.equal(false);
    const fresh = first.state.creds;
    expect(Buffer.isBuffer(fresh.noiseKey.public)).to.equal(true);
    // What pairing adds: the account and our own identity.
    Object.assign(fresh, { me: { id: '5511999990000:7@s.whatsapp.net', lid: '123456789012345:7@lid', name: 'Shop' }, platform: 'android' } satisfies Partial<AuthenticationCreds>);
    await first.saveCreds();

    const again = await loadAuthState(where);
    const restored = again.state.creds;
    expect(again.registered()).to.equal(true);
    expect(restored.me).to.deep.equal(fresh.me);
    expect(Buffer.isBuffer(restored.noiseKey.private)).to.equal(true);
    expect(Buffer.compare(restored.noiseKey.private, Buffer.from(fresh.noiseKey.private))).to.equal(0);
    expect(Buffer.compare(restored.signedPreKey.signature, Buffer.from(fresh.signedPreKey.signature))).to.equal(0);
    expect(restored.signedPreKey.keyId).to.equal(fresh.signedPreKey.keyId);
    expect(restored.registrationId).to.equal(fresh.registrationId);
    expect(restored.advSecretKey).to.equal(fresh.advSecretKey);
    // Another connection of the same company sees none of it.
    expect((await loadAuthState({ companyId: where.companyId, whatsappId: String(new Types.ObjectId()) })).registered()).to.equal(false);
  });

  it('stores every signal key type, one document per key, and answers them with their buffers', async () => {
    const where = scope();
    const store = await loadAuthState(where);
    const creds = initAuthCreds();
    const session = Buffer.from([0, 1, 2, 250, 255]);
    const appKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from('app-key'), fingerprint: { rawId: 7, currentIndex: 1 }, timestamp: 1_700_000_000 });
    await store.state.keys.set({
      'pre-key': { '1': creds.signedIdentityKey, '2': creds.noiseKey },
      session: { '5511999990000.0': session },
      'sender-key-memory': { '120363000000000000@g.us': { '5511999990000:0@s.whatsapp.net': true } },
      'app-state-sync-key': { AAAA: appKey },
      'lid-mapping': { '5511999990000': '123456789012345', '123456789012345_reverse': '5511999990000' },
      'device-list': { '5511999990000': ['0', '7'] },
    });
    expect(await BaileysKeyModel.countDocuments(where)).to.equal(8);

    const reread = await loadAuthState(where);
    const preKeys = await reread.state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).to.deep.equal(['1', '2']);
    expect(Buffer.compare(preKeys['1']!.private, Buffer.from(creds.signedIdentityKey.private))).to.equal(0);
    expect(Buffer.isBuffer(preKeys['2']!.public)).to.equal(true);
    const sessions = await reread.state.keys.get('session', ['5511999990000.0']);
    expect(Buffer.compare(sessions['5511999990000.0'] as Buffer, session)).to.equal(0);
    const memory = await reread.state.keys.get('sender-key-memory', ['120363000000000000@g.us']);
    expect(memory['120363000000000000@g.us']).to.deep.equal({ '5511999990000:0@s.whatsapp.net': true });
    const appKeys = await reread.state.keys.get('app-state-sync-key', ['AAAA']);
    const app = appKeys.AAAA as SignalDataTypeMap['app-state-sync-key'];
    expect(app).to.be.instanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(app.keyData!).toString()).to.equal('app-key');
    expect(app.fingerprint?.rawId).to.equal(7);
    expect(await reread.state.keys.get('lid-mapping', ['123456789012345_reverse'])).to.deep.equal({ '123456789012345_reverse': '5511999990000' });
    expect(await reread.state.keys.get('device-list', ['5511999990000'])).to.deep.equal({ '5511999990000': ['0', '7'] });

    // A null value deletes the key.
    await reread.state.keys.set({ 'pre-key': { '1': null } });
    expect(await reread.state.keys.get('pre-key', ['1', '2'])).to.have.keys(['2']);
  });

  it('loses no write when one key is written many times at once (the last write wins)', async () => {
    const where = scope();
    const store = await loadAuthState(where);
    const writes = Array.from({ length: 40 }, (_, i) =>
      store.state.keys.set({ session: { 'same.0': Buffer.from([i]), [`own-${i}.0`]: Buffer.from([i, i]) } }),
    );
    writes.push(...Array.from({ length: 10 }, () => store.saveCreds()));
    await Promise.all(writes);
    const sessions = await store.state.keys.get('session', ['same.0', ...Array.from({ length: 40 }, (_, i) => `own-${i}.0`)]);
    expect(Object.keys(sessions)).to.have.length(41);
    expect([...(sessions['same.0'] as Buffer)]).to.deep.equal([39]);
    expect(await BaileysKeyModel.countDocuments({ ...where, type: 'creds' })).to.equal(1);
  });

  it('clear() removes every key of the connection and drops the writes still asked for', async () => {
    const where = scope();
    const other = scope();
    const store = await loadAuthState(where);
    const kept = await loadAuthState(other);
    store.state.creds.me = { id: '5511999990000:1@s.whatsapp.net' };
    await store.saveCreds();
    await store.state.keys.set({ 'pre-key': { '9': store.state.creds.noiseKey } });
    await kept.saveCreds();
    await store.clear();
    // A late creds.update of the socket being closed must not bring the session back.
    await store.saveCreds();
    await store.state.keys.set({ 'pre-key': { '10': store.state.creds.noiseKey } });
    expect(await BaileysKeyModel.countDocuments(where)).to.equal(0);
    expect((await loadAuthState(where)).registered()).to.equal(false);
    expect(await BaileysKeyModel.countDocuments(other)).to.equal(1);
    await clearAuthState(other);
    expect(await BaileysKeyModel.countDocuments(other)).to.equal(0);
  });
});
