import { expect } from 'chai';
// @ts-expect-error: a plain ESM script without types (also run as `npm run size`).
import { measureFirstLoad } from '../scripts/first-load.mjs';

describe('first load of the built console', () => {
  it('stays within the 250 KB gzip budget for the sign-in page and for the tickets screen', () => {
    const { budgetKb, firstLoad } = measureFirstLoad() as { budgetKb: number; firstLoad: Record<string, number> };
    expect(Object.keys(firstLoad)).to.deep.equal(['/login', '/tickets']);
    for (const [route, kb] of Object.entries(firstLoad)) expect(kb, route).to.be.within(50, budgetKb);
  });
});
