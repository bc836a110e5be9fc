import { formatPhoneNumber } from '@atende/shared';
import { expect } from 'chai';
import { ObjectId } from 'mongodb';
import type { ContactMergeResult } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { spawnedDatabase, type SpawnedDatabase } from '../../scripts/testing/database.js';
import { spawnServer, type SpawnedServer } from '../../scripts/testing/server.js';
import { createMember, createTenant, pairedSandbox, signInSuper, type Tenant } from './support/api.js';
import { cli, parse, sessionEnv, terminal, unreachableEnv, type Env } from './support/cli.js';

let seed = 0;
/** A Brazilian mobile number with its ninth digit, and the same person's older WhatsApp id without it. */
function personNumbers(): { modern: string; legacy: string } {
  seed += 1;
  const eight = `8${String(Date.now() % 10_000).padStart(4, '0')}${String(seed).padStart(3, '0')}`;
  return { modern: `55319${eight}`, legacy: `5531${eight}` };
}

describe('atende contacts merge (issue 23)', () => {
  let server: SpawnedServer;
  let database: SpawnedDatabase;
  let tenant: Tenant;
  let adminEnv: Env;
  let whatsappId: string;

  /**
   * One person stored twice, as the data upgrade leaves a company whose earlier release kept both
   * forms of a number: the older contact holds the person's key, the newer waits for the merge.
   * Answers the two ids; the newer one has an open ticket.
   */
  async function storedTwice(name: string): Promise<{ keepId: string; dropId: string; ticketId: string; numbers: { modern: string; legacy: string } }> {
    const numbers = personNumbers();
    const keep = await tenant.admin.api.contacts.create({ name, number: numbers.modern });
    const drop = await tenant.admin.api.contacts.create({ name: `${name} (old phone)`, number: personNumbers().modern });
    await database.db.collection('contacts').updateOne(
      { _id: new ObjectId(drop.id) },
      { $set: { number: numbers.legacy, numberKey: `~${drop.id}`, duplicateKey: tenant.companyId } },
    );
    const ticket = await tenant.admin.api.tickets.create({ contactId: drop.id, whatsappId, status: 'open' });
    return { keepId: keep.id, dropId: drop.id, ticketId: ticket.id, numbers };
  }

  const exists = (id: string) =>
    tenant.admin.api.contacts.get(id).then(
      () => true,
      (err: unknown) => (err instanceof ApiError && err.status === 404 ? false : Promise.reject(err)),
    );

  before(async function () {
    // A server of its own, with its embedded engine: slow to start on a busy machine.
    this.timeout(90_000);
    server = await spawnServer();
    database = await spawnedDatabase(server);
    tenant = await createTenant(server.url, await signInSuper(server.url));
    adminEnv = await sessionEnv(server.url, tenant.admin.api.session.get()!);
    whatsappId = await pairedSandbox(tenant.admin.api);
  });
  after(async () => {
    await database?.close();
    await server?.stop();
  });

  it('--dry-run lists the pairs (kept, merged into it, tickets) and changes nothing; --json answers them', async () => {
    const { keepId, dropId, numbers } = await storedTwice('Ana Dry');
    const human = await cli(['contacts', 'merge', '--dry-run'], adminEnv);
    expect(human.code, human.stderr).to.equal(0);
    expect(human.stdout).to.match(/Kept\s+Merged into it\s+Tickets/);
    expect(human.stdout).to.contain(`Ana Dry (${formatPhoneNumber(numbers.modern)})`).and.to.contain(`Ana Dry (old phone) (${formatPhoneNumber(numbers.legacy)})`);
    expect(human.stdout).to.contain('1 contact would be merged');
    const json = parse<ContactMergeResult>(await cli(['contacts', 'merge', '--dry-run', '--json'], adminEnv));
    expect(json).to.deep.include({ dryRun: true, merged: 0 });
    expect(json.pairs.map((pair) => [pair.keep.id, pair.drop.id, pair.tickets])).to.deep.equal([[keepId, dropId, 1]]);
    expect(await exists(dropId)).to.equal(true);
  });

  it('in a script, merging needs --yes (exit 1, nothing merged); with --yes the tickets move and the duplicate goes; a second run finds nothing', async () => {
    const refused = await cli(['contacts', 'merge'], adminEnv);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('--yes');
    const pending = parse<ContactMergeResult>(await cli(['contacts', 'merge', '--dry-run', '--json'], adminEnv));
    expect(pending.pairs).to.have.length(1);
    const { keep, drop } = pending.pairs[0]!;

    const merged = parse<ContactMergeResult>(await cli(['contacts', 'merge', '--yes', '--json'], adminEnv));
    expect(merged).to.deep.include({ dryRun: false, merged: 1 });
    expect(await exists(drop.id)).to.equal(false);
    const { tickets } = await tenant.admin.api.tickets.list({ showAll: true, status: 'open', searchParam: keep.number });
    expect(tickets.map((ticket) => ticket.contactId)).to.deep.equal([keep.id]);

    const again = await cli(['contacts', 'merge', '--yes'], adminEnv);
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.contain('No contacts to merge');
  });

  it('at a terminal it shows the pairs and asks: no cancels, yes merges', async () => {
    const { dropId } = await storedTwice('Bia Terminal');
    const declined = terminal(['contacts', 'merge'], adminEnv);
    await declined.waitFor('Merge this contact into the one kept?');
    expect(declined.screen()).to.contain('Bia Terminal (old phone)');
    declined.type('n\r');
    expect(await declined.exit).to.equal(0);
    expect(declined.screen()).to.contain('Cancelled.');
    expect(await exists(dropId)).to.equal(true);

    const accepted = terminal(['contacts', 'merge'], adminEnv);
    await accepted.waitFor('Merge this contact into the one kept?');
    accepted.type('y\r');
    expect(await accepted.exit).to.equal(0);
    expect(accepted.screen()).to.contain('1 contact merged.');
    expect(await exists(dropId)).to.equal(false);
  });

  it('is refused to a plain user (exit 2, translated) and says when the server is unreachable (exit 3)', async () => {
    const user = await createMember(server.url, tenant, 'user');
    const userEnv = await sessionEnv(server.url, user.api.session.get()!);
    const refused = await cli(['contacts', 'merge', '--dry-run', '--lang', 'pt'], userEnv);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('ERR_NO_PERMISSION').and.to.contain('Você não tem permissão');
    expect((await cli(['contacts', 'merge', '--dry-run'], await unreachableEnv())).code).to.equal(3);
  });
});
