import { expect } from 'chai';
import { initialsOf } from '../src/ui/Avatar.js';
import { readableOn } from '../src/ui/controls.js';

describe('avatars and chips', () => {
  it('takes the initials of the first and last words with a letter', () => {
    expect(initialsOf('Ana Maria Souza')).to.equal('AS');
    expect(initialsOf('Cliente 23')).to.equal('C');
    expect(initialsOf('Bruno 🎉')).to.equal('B');
    expect(initialsOf('élise dupont')).to.equal('ÉD');
    expect(initialsOf('5511999990000')).to.equal('5');
    expect(initialsOf('  ')).to.equal('?');
  });

  it('writes on a colour a user picked in black or white, whichever reads better', () => {
    expect(readableOn('#ffd54f')).to.equal('#111317');
    expect(readableOn('#ffffff')).to.equal('#111317');
    expect(readableOn('#1d4ed8')).to.equal('#ffffff');
    expect(readableOn('#b91c1c')).to.equal('#ffffff');
    expect(readableOn('not a colour')).to.equal('#ffffff');
  });
});
