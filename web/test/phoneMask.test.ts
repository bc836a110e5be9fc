import { expect } from 'chai';
import { signupSchema } from '@atende/shared';
import { maskPhone } from '../src/pages/signup/phoneMask.js';

describe('sign-up phone mask (99) 99999-9999', () => {
  it('formats the digits as they are typed', () => {
    const typed = '11987654321';
    const steps = [...typed].map((_digit, index) => maskPhone(typed.slice(0, index + 1)));
    expect(steps).to.deep.equal([
      '(1',
      '(11',
      '(11) 9',
      '(11) 98',
      '(11) 987',
      '(11) 9876',
      '(11) 98765',
      '(11) 98765-4',
      '(11) 98765-43',
      '(11) 98765-432',
      '(11) 98765-4321',
    ]);
  });

  it('keeps digits only, at most 11', () => {
    expect(maskPhone('')).to.equal('');
    expect(maskPhone('abc')).to.equal('');
    expect(maskPhone('+55 (11) 98765-4321')).to.equal('(55) 11987-6543');
    expect(maskPhone('(11) 98765-43219')).to.equal('(11) 98765-4321');
  });

  it('gives values the shared schema accepts', () => {
    expect(signupSchema.extract('phone').validate(maskPhone('11987654321')).error).to.equal(undefined);
    expect(signupSchema.extract('phone').validate(maskPhone('1198765432199')).value).to.equal('11987654321');
  });
});
