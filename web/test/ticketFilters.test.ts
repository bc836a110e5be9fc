import { expect } from 'chai';
import { effectiveQueueIds, parseFilters, type TicketFilters } from '../src/pages/tickets/useTicketFilters.js';

const DEFAULTS: TicketFilters = { tab: 'assigned', showAll: true, queueIds: null, tagIds: [], userIds: [], pendingOrder: 'newest' };

describe('the inbox filters kept in the browser', () => {
  it('reads back what was stored, and the defaults from nothing or garbage', () => {
    const stored = { tab: 'pending', showAll: false, queueIds: ['q1'], tagIds: ['t1'], userIds: [], pendingOrder: 'oldest' };
    expect(parseFilters(JSON.stringify(stored), DEFAULTS)).to.deep.equal(stored);
    expect(parseFilters(null, DEFAULTS)).to.deep.equal(DEFAULTS);
    expect(parseFilters('{not json', DEFAULTS)).to.deep.equal(DEFAULTS);
    expect(parseFilters(JSON.stringify({ tab: 'elsewhere', showAll: 'yes', queueIds: [1, 'q2'], pendingOrder: 'random' }), DEFAULTS)).to.deep.equal({ ...DEFAULTS, queueIds: ['q2'] });
  });

  it('asks for every queue by default, and drops a stored queue the user no longer has', () => {
    expect(effectiveQueueIds({ queueIds: null }, ['q1', 'q2'])).to.deep.equal(['q1', 'q2']);
    expect(effectiveQueueIds({ queueIds: ['q2', 'gone'] }, ['q1', 'q2'])).to.deep.equal(['q2']);
  });
});
