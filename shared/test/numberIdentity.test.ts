import assert from 'node:assert/strict';
import { numberKeyOf, withNinthDigit, withoutNinthDigit } from '../src/domain/contacts.js';

describe('the identity of a number (one contact per person)', () => {
  it('gives both forms of a Brazilian mobile number one key, the form without the ninth digit', () => {
    assert.equal(numberKeyOf('5531988887777'), '553188887777');
    assert.equal(numberKeyOf('553188887777'), '553188887777');
    assert.equal(numberKeyOf('5511961234567'), '551161234567');
    assert.equal(withNinthDigit('553188887777'), '5531988887777');
    assert.equal(withNinthDigit('5531988887777'), '5531988887777');
    assert.equal(withoutNinthDigit('5531988887777'), '553188887777');
  });

  it('leaves numbers with one form alone: landlines, mobiles whose eight digits start with 0 to 5, other countries, odd lengths', () => {
    for (const number of ['553133334444', '5531933334444', '5531951234567', '14155550100', '351912345678', '5531988887', '120363012345678901']) {
      assert.equal(numberKeyOf(number), number, number);
      assert.equal(withNinthDigit(number), number, number);
    }
    assert.equal(numberKeyOf('5501988887777'), '5501988887777', 'area codes have no 0');
  });
});
