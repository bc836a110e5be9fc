import { expect } from 'chai';
import { dayPattern, formatDayText, maskDayText, parseDayText } from '../src/ui/dayText.js';

describe("days in the language's format", () => {
  const pt = dayPattern('pt-BR');
  const en = dayPattern('en-US');
  const es = dayPattern('es-ES');

  it('reads the order and separator of each language', () => {
    expect(pt).to.deep.equal({ order: ['day', 'month', 'year'], separator: '/' });
    expect(es).to.deep.equal({ order: ['day', 'month', 'year'], separator: '/' });
    expect(en).to.deep.equal({ order: ['month', 'day', 'year'], separator: '/' });
  });

  it('shows a day, lays out what is typed, and reads back only whole real days', () => {
    expect(formatDayText('2024-03-10', pt)).to.equal('10/03/2024');
    expect(formatDayText('2024-03-10', en)).to.equal('03/10/2024');
    expect(formatDayText('', pt)).to.equal('');
    expect(maskDayText('1', pt)).to.equal('1');
    expect(maskDayText('1003', pt)).to.equal('10/03');
    expect(maskDayText('10/03/2024 x9', pt)).to.equal('10/03/2024');
    expect(parseDayText('10/03/2024', pt)).to.equal('2024-03-10');
    expect(parseDayText('03/10/2024', en)).to.equal('2024-03-10');
    expect(parseDayText('31/02/2024', pt), 'no 31st of February').to.equal(null);
    expect(parseDayText('10/03/24', pt)).to.equal(null);
    expect(parseDayText('10/03', pt)).to.equal(null);
  });
});
