import { expect } from 'chai';
import { daysLeft, invoiceDisplayStatus } from '@atende/shared';
import { formatDay, formatReais } from '../src/pages/financeiro/format.js';

const NOW = new Date(2026, 10, 25, 15, 0);
const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour).toISOString();

describe('finance: invoice status, amounts and days', () => {
  it('says paid if paid, expired if the due day is before today, open otherwise (due today is still open)', () => {
    expect(invoiceDisplayStatus({ status: 'paid', dueDate: at(2020, 1, 1) }, NOW)).to.equal('paid');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: at(2026, 11, 24, 23) }, NOW)).to.equal('expired');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: at(2026, 11, 25, 0) }, NOW)).to.equal('open');
    expect(invoiceDisplayStatus({ status: 'open', dueDate: at(2026, 12, 1) }, NOW)).to.equal('open');
  });

  it('writes amounts as Brazilian reais and days as DD/MM/YYYY whatever the language', () => {
    expect(formatReais(49)).to.equal('R$ 49,00');
    expect(formatReais(1234.5)).to.equal('R$ 1.234,50');
    expect(formatDay(at(2026, 3, 4))).to.equal('04/03/2026');
  });

  it('counts whole days left, rounding up, negative once past', () => {
    expect(daysLeft(new Date(NOW.getTime() + 3 * 86_400_000 - 1000), NOW)).to.equal(3);
    expect(daysLeft(new Date(NOW.getTime() + 1000), NOW)).to.equal(1);
    expect(daysLeft(new Date(NOW.getTime() - 2 * 86_400_000), NOW)).to.equal(-2);
  });
});
