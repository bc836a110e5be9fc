import { expect } from 'chai';
import { formatDate, formatMoney, formatNumber, formatShortDateTime, formatTime, localeFor, setFormatLocale } from '../src/ui/format.js';

const AT = new Date(2025, 2, 4, 9, 5);

describe('one locale-aware format for dates and numbers', () => {
  after(() => setFormatLocale('en', []));

  it("takes the browser's region for the interface language, else the language's main one", () => {
    expect(localeFor('pt', ['pt-BR', 'en-US'])).to.equal('pt-BR');
    expect(localeFor('pt', ['pt-PT'])).to.equal('pt-PT');
    expect(localeFor('en', ['pt-BR', 'en-GB'])).to.equal('en-GB');
    expect(localeFor('es', ['pt-BR'])).to.equal('es-ES');
    expect(localeFor('pt', ['pt'])).to.equal('pt-BR');
  });

  it('writes every date of a screen the same way, day first in Portuguese', () => {
    setFormatLocale('pt', ['pt-BR']);
    expect(formatDate(AT)).to.equal('04/03/2025');
    expect(formatTime(AT)).to.equal('09:05');
    expect(formatShortDateTime(AT)).to.equal('04/03/25, 09:05');
    setFormatLocale('en', ['en-US']);
    expect(formatDate(AT)).to.equal('03/04/2025');
    expect(formatDate('not a date')).to.equal('');
  });

  it('uses the decimal mark of the language', () => {
    setFormatLocale('pt', ['pt-BR']);
    expect(formatNumber(0.1)).to.equal('0,1');
    expect(formatNumber(12.345, 2)).to.equal('12,35');
    setFormatLocale('en', ['en-US']);
    expect(formatNumber(0.1)).to.equal('0.1');
  });

  it('writes amounts in Brazilian reais the Brazilian way in every language', () => {
    for (const language of ['pt', 'en', 'es'] as const) {
      setFormatLocale(language, []);
      expect(formatMoney(49)).to.equal('R$ 49,00');
      expect(formatMoney(1234.5)).to.equal('R$ 1.234,50');
    }
  });
});
