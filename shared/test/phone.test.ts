import { expect } from 'chai';
import { formatPhoneNumber } from '../src/domain/phone.js';

describe('phone numbers as people read them', () => {
  it('writes Brazilian mobiles and landlines, North American numbers, and the others with their +', () => {
    expect(formatPhoneNumber('5511987650001')).to.equal('+55 11 98765-0001');
    expect(formatPhoneNumber('551133334444')).to.equal('+55 11 3333-4444');
    expect(formatPhoneNumber('551187650001'), 'a mobile stored without its ninth digit').to.equal('+55 11 8765-0001');
    expect(formatPhoneNumber('14155550123')).to.equal('+1 415 555-0123');
    expect(formatPhoneNumber('447911123456')).to.equal('+447911123456');
  });

  it('leaves what is not a person number as it is', () => {
    expect(formatPhoneNumber('120363025246125486', true), "a group's id").to.equal('120363025246125486');
    expect(formatPhoneNumber('12345')).to.equal('12345');
    expect(formatPhoneNumber('call me')).to.equal('call me');
    expect(formatPhoneNumber(null)).to.equal('');
  });
});
