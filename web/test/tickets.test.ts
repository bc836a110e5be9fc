import { expect } from 'chai';
import { composerRows, isAdmin, mayOpen, parseLocation, parseVcard, quickAnswers, ticketBelongs, type ListFilter, type Viewer } from '../src/pages/tickets/ticketRules.js';

const agent: Viewer = { id: 'me', allTicket: 'desabled', profile: 'user', super: false };
const admin: Viewer = { ...agent, profile: 'admin' };
const mine: ListFilter = { status: 'open', showAll: false, queueIds: ['sales'] };

describe('inbox rules', () => {
  it('puts a live ticket in the list of its status, queue and (for open ones) user', () => {
    expect(ticketBelongs({ status: 'open', userId: 'me', queueId: 'sales' }, mine, agent)).to.equal(true);
    expect(ticketBelongs({ status: 'pending', userId: null, queueId: 'sales' }, mine, agent)).to.equal(false);
    expect(ticketBelongs({ status: 'open', userId: 'other', queueId: 'sales' }, mine, agent)).to.equal(false);
    expect(ticketBelongs({ status: 'open', userId: 'me', queueId: 'support' }, mine, agent)).to.equal(false);
    expect(ticketBelongs({ status: 'pending', userId: null, queueId: 'sales' }, { ...mine, status: 'pending' }, agent)).to.equal(true);
  });

  it('shows queueless tickets only with allTicket or an admin\'s show-all, and others\' open tickets only with show-all', () => {
    const queueless = { status: 'pending' as const, userId: null, queueId: null };
    const pending = { ...mine, status: 'pending' as const };
    expect(ticketBelongs(queueless, pending, agent)).to.equal(false);
    expect(ticketBelongs(queueless, pending, { ...agent, allTicket: 'enabled' })).to.equal(true);
    expect(ticketBelongs(queueless, { ...pending, showAll: true }, admin)).to.equal(true);
    // show-all is an admin switch: an agent's flag is ignored.
    expect(ticketBelongs({ status: 'open', userId: 'other', queueId: 'sales' }, { ...mine, showAll: true }, agent)).to.equal(false);
    expect(ticketBelongs({ status: 'open', userId: 'other', queueId: 'sales' }, { ...mine, showAll: true }, admin)).to.equal(true);
  });

  it('lets a non-admin open only tickets of his queues', () => {
    const user = { profile: 'user' as const, super: false, queueIds: ['sales'] };
    expect(mayOpen({ queueId: 'sales' }, user)).to.equal(true);
    expect(mayOpen({ queueId: null }, user)).to.equal(true);
    expect(mayOpen({ queueId: 'support' }, user)).to.equal(false);
    expect(mayOpen({ queueId: 'support' }, { ...user, profile: 'admin' })).to.equal(true);
    expect(isAdmin({ profile: 'user', super: true })).to.equal(true);
  });

  it('suggests quick answers after "/" plus one character, labels cut at 35', () => {
    const list = [
      { id: '1', shortcode: 'hello', message: 'Hello! Thank you for writing to our store today.' },
      { id: '2', shortcode: 'bye', message: 'Bye' },
    ];
    expect(quickAnswers('/', list)).to.deep.equal([]);
    expect(quickAnswers('hello', list)).to.deep.equal([]);
    const [hello, ...rest] = quickAnswers('/HEL', list);
    expect(rest).to.deep.equal([]);
    expect(hello!.label).to.equal('hello - Hello! Thank you for writin...');
    expect(hello!.message).to.equal(list[0]!.message);
    expect(quickAnswers('/by', list)[0]!.label).to.equal('bye - Bye');
  });

  it('grows the composer with its lines up to 5 rows', () => {
    expect(composerRows('')).to.equal(1);
    expect(composerRows('a\nb\nc')).to.equal(3);
    expect(composerRows('1\n2\n3\n4\n5\n6\n7')).to.equal(5);
  });

  it('reads location and vcard bodies', () => {
    expect(parseLocation('data:image/png;base64,AA|https://maps.google.com/?q=1,2|Av. Paulista, 1000')).to.deep.equal({
      image: 'data:image/png;base64,AA',
      link: 'https://maps.google.com/?q=1,2',
      description: 'Av. Paulista, 1000',
    });
    expect(parseLocation('img|link').description).to.equal('');
    const card = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria Silva\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD';
    expect(parseVcard(card)).to.deep.equal({ name: 'Maria Silva', numbers: ['+55 11 99999-0000'] });
  });
});
