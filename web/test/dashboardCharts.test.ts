import { expect } from 'chai';
import { chartAxisStyles } from '../src/pages/dashboard/chartAxes.js';

describe('dashboard charts', () => {
  const colors = { textSecondary: '#555', border: '#ddd' };

  it('turns the day labels when there are many, never the counts', () => {
    for (const bars of [1, 8, 9, 31]) {
      const { days, counts } = chartAxisStyles(bars, colors);
      expect(counts.tickLabels.angle, `${bars} bars`).to.equal(0);
      expect(days.tickLabels.angle, `${bars} bars`).to.equal(bars > 8 ? -45 : 0);
    }
  });
});
