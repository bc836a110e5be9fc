import { expect } from 'chai';
import { composerRows, isAdmin, parseLocation, parseVcard, quickAnswers } from '../src/pages/tickets/ticketRules.js';

describe('inbox rules', () => {
  it('calls super users admins', () => {
    expect(isAdmin({ profile: 'user', super: true })).to.equal(true);
    expect(isAdmin({ profile: 'user', super: false })).to.equal(false);
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
