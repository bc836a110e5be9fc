import assert from 'node:assert/strict';
import { canSeeTicket, ticketInList, ticketViewerOf, type TicketViewer } from '../src/domain/ticketVisibility.js';

const agent: TicketViewer = { userId: 'me', isAdmin: false, queueIds: ['sales'], allTicket: false };
const admin: TicketViewer = { ...agent, isAdmin: true, queueIds: [] };
const open = (userId: string | null, queueId: string | null) => ({ status: 'open' as const, userId, queueId });

describe('ticket visibility', () => {
  it('lets an agent see their own tickets, their queues\' and queueless ones only with allTicket; an admin every one', () => {
    assert.equal(canSeeTicket(agent, open('me', 'support')), true, 'own ticket in a foreign queue');
    assert.equal(canSeeTicket(agent, open('other', 'sales')), true, 'a colleague\'s in a queue of mine');
    assert.equal(canSeeTicket(agent, open('other', 'support')), false);
    assert.equal(canSeeTicket(agent, open(null, null)), false);
    assert.equal(canSeeTicket({ ...agent, allTicket: true }, open(null, null)), true);
    assert.equal(canSeeTicket(admin, open('other', 'support')), true);
  });

  it('lists for an agent only their own open tickets, and the pending and closed ones of their queues', () => {
    const filter = { status: 'open' as const, showAll: false };
    assert.equal(ticketInList(open('me', 'sales'), filter, agent), true);
    assert.equal(ticketInList(open('other', 'sales'), filter, agent), false, 'a colleague\'s open ticket is not on the assigned tab');
    assert.equal(ticketInList(open('other', 'sales'), { ...filter, showAll: true }, agent), false, 'show-all is the admin\'s');
    assert.equal(ticketInList(open('me', 'support'), filter, agent), false, 'lists hold the viewer\'s queues only');
    assert.equal(ticketInList({ status: 'pending', userId: null, queueId: 'sales' }, { status: 'pending', showAll: false }, agent), true);
    assert.equal(ticketInList({ status: 'closed', userId: 'other', queueId: 'sales' }, { status: 'closed', showAll: false }, agent), true);
    assert.equal(ticketInList({ status: 'closed', userId: 'other', queueId: 'sales' }, { status: 'pending', showAll: false }, agent), false, 'other status');
  });

  it('lists queueless tickets beside the picked queues for admins and allTicket, and honours the picked queues', () => {
    const pending = { status: 'pending' as const, showAll: false };
    const queueless = { status: 'pending' as const, userId: null, queueId: null };
    assert.equal(ticketInList(queueless, pending, agent), false);
    assert.equal(ticketInList(queueless, pending, { ...agent, allTicket: true }), true);
    assert.equal(ticketInList(queueless, { ...pending, showAll: true }, admin), true);
    // An admin without show-all, with every queue (or some) picked, sees the customers yet to pick one.
    assert.equal(ticketInList(queueless, pending, admin), true);
    assert.equal(ticketInList(queueless, { ...pending, queueIds: ['sales'] }, admin), true);
    assert.equal(ticketInList({ ...queueless, status: 'open' }, { status: 'open', showAll: false }, admin), false, 'open: only the admin\'s own without show-all');
    assert.equal(ticketInList(open('other', 'support'), { status: 'open', showAll: true }, admin), true);
    assert.equal(ticketInList(open('other', 'support'), { status: 'open', showAll: true, queueIds: ['sales'] }, admin), false, 'not a picked queue');
    assert.equal(ticketInList(open('me', 'sales'), { status: 'open', showAll: false, queueIds: [] }, agent), false, 'no queue picked');
  });

  it('reads the viewer from the user: super users are admins, allTicket is "enabled"', () => {
    const viewer = ticketViewerOf({ id: 'u1', profile: 'user', super: true, queueIds: ['q'], allTicket: 'enabled' });
    assert.deepEqual(viewer, { userId: 'u1', isAdmin: true, queueIds: ['q'], allTicket: true });
    assert.equal(ticketViewerOf({ id: 'u2', profile: 'user', super: false, queueIds: [], allTicket: 'desabled' }).allTicket, false);
  });
});
