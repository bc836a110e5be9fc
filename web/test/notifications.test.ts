import { expect } from 'chai';
import { shouldNotify, ticketInPath, type NotificationViewer } from '../src/app/shell/notifications.js';
import { needsAttention } from '../src/app/whatsapps.js';

const me: NotificationViewer = { userId: 'me', queueIds: ['sales'], allTicket: 'desabled', viewingTicket: null, pageVisible: true };
const ticket = { id: 't1', uuid: 'uuid-1', status: 'open' as const, userId: 'me', queueId: 'sales', isGroup: false };
const fromCustomer = { fromMe: false };

describe('notification rules', () => {
  it('notifies a customer message on my open ticket of my queue', () => {
    expect(shouldNotify(fromCustomer, ticket, me)).to.equal(true);
    expect(shouldNotify(fromCustomer, { ...ticket, userId: null, queueId: null }, me)).to.equal(true);
  });

  it('never for my own messages, groups, tickets of others or of other queues', () => {
    expect(shouldNotify({ fromMe: true }, ticket, me)).to.equal(false);
    expect(shouldNotify(fromCustomer, { ...ticket, isGroup: true }, me)).to.equal(false);
    expect(shouldNotify(fromCustomer, { ...ticket, userId: 'someone' }, me)).to.equal(false);
    expect(shouldNotify(fromCustomer, { ...ticket, queueId: 'support' }, me)).to.equal(false);
  });

  it('pending tickets only for users with allTicket enabled', () => {
    const pending = { ...ticket, status: 'pending' as const, userId: null };
    expect(shouldNotify(fromCustomer, pending, me)).to.equal(false);
    expect(shouldNotify(fromCustomer, pending, { ...me, allTicket: 'enabled' })).to.equal(true);
  });

  it('not while the ticket is on screen in a visible page', () => {
    expect(shouldNotify(fromCustomer, ticket, { ...me, viewingTicket: 'uuid-1' })).to.equal(false);
    expect(shouldNotify(fromCustomer, ticket, { ...me, viewingTicket: 't1' })).to.equal(false);
    expect(shouldNotify(fromCustomer, ticket, { ...me, viewingTicket: 'uuid-1', pageVisible: false })).to.equal(true);
    expect(shouldNotify(fromCustomer, ticket, { ...me, viewingTicket: 'uuid-2' })).to.equal(true);
  });

  it('reads the ticket on screen from the path', () => {
    expect(ticketInPath('/tickets/uuid-1')).to.equal('uuid-1');
    expect(ticketInPath('/tickets/u/t1')).to.equal('t1');
    expect(ticketInPath('/tickets')).to.equal(null);
    expect(ticketInPath('/contacts')).to.equal(null);
  });
});

describe('menu connection alert', () => {
  it('is raised by qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING connections', () => {
    expect(needsAttention([])).to.equal(false);
    expect(needsAttention([{ status: 'CONNECTED' }])).to.equal(false);
    for (const status of ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const) {
      expect(needsAttention([{ status: 'CONNECTED' }, { status }]), status).to.equal(true);
    }
  });
});
