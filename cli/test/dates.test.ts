import { expect } from 'chai';
import { createTexts } from '../src/support/i18n.js';

// Tables line their date columns up: a day or month below 10 keeps its leading zero in every language.
describe('dates in the CLI tables', () => {
  const first = '2026-12-01T00:00:00.000Z';

  it('writes MM/dd/yyyy in English and dd/MM/yyyy in Portuguese and Spanish, two digits always', () => {
    expect(createTexts('en').date(first)).to.equal('12/01/2026');
    expect(createTexts('pt').date(first)).to.equal('01/12/2026');
    expect(createTexts('es').date(first)).to.equal('01/12/2026');
  });

  it('reads the date in UTC, as the server stores due dates, and writes a dash for none', () => {
    expect(createTexts('en').date('2026-03-09T23:30:00.000Z')).to.equal('03/09/2026');
    expect(createTexts('pt').date(null)).to.equal('-');
  });
});
