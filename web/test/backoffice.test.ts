import { expect } from 'chai';
import { contactsCsv, TAG_DEFAULT_COLOR, TOP_LEVEL_OPTION, type QueueOption, type Tag, type Ticket } from '@atende/shared';
import { dashboardQuery, initialFilter } from '../src/pages/dashboard/filters.js';
import { videoEmbedUrl, youtubeId } from '../src/pages/helps/video.js';
import { buildOptionTree, nextOptionNumber, putOption, subtreeIds } from '../src/pages/queues/optionsTree.js';
import { weekSchedules } from '../src/pages/queues/schedules.js';
import { maskHour } from '../src/ui/hourMask.js';
import { hslToHex, TAG_PALETTE } from '../src/pages/tags/tagPalette.js';
import { dueColor } from '../src/pages/settings/dueDate.js';
import { buildLanes, OPEN_LANE, tagsAfterMove } from '../src/pages/kanban/lanes.js';
import { saveTask } from '../src/pages/todolist/todos.js';

function option(id: string, parentId: string | typeof TOP_LEVEL_OPTION, number: string): QueueOption {
  return { id, queueId: 'q', parentId, title: `title ${id}`, message: '', option: number, createdAt: '', updatedAt: '' };
}

describe('back-office helpers', () => {
  it('exports contacts as semicolon-separated rows with a header, quoting what needs it', () => {
    const csv = contactsCsv([
      { name: 'Ana', number: '5511911112222', email: 'ana@example.com' },
      { name: 'Silva; Bruno "B"', number: '5511933334444', email: '' },
    ]);
    expect(csv).to.equal('\ufeffname;number;email\r\nAna;5511911112222;ana@example.com\r\n"Silva; Bruno ""B""";5511933334444;\r\n');
  });

  it('puts each kanban card in the lane of its first kanban tag, the others in the first lane; a move swaps the lane tag only', () => {
    const lane = (id: string) => ({ id, name: id.toUpperCase(), color: '#111111', kanban: 1 as const });
    const [hot, cold] = [lane('hot'), lane('cold')];
    const vip = { id: 'vip', name: 'VIP', color: '#222222' };
    const ticket = (id: string, tags: { id: string; name: string; color: string }[]) => ({ id, tags }) as unknown as Ticket;
    const lanes = buildLanes([ticket('a', [vip]), ticket('b', [vip, cold]), ticket('c', [hot, cold])], [hot, cold] as unknown as Tag[]);
    expect(lanes.map((one) => [one.key, one.tickets.map((card) => card.id)])).to.deep.equal([
      [OPEN_LANE, ['a']],
      ['hot', ['c']],
      ['cold', ['b']],
    ]);
    const moved = tagsAfterMove(ticket('b', [vip, cold]), [hot, cold] as unknown as Tag[], 'hot');
    expect(moved.map((tag) => tag.id)).to.deep.equal(['vip', 'hot']);
    expect(tagsAfterMove(ticket('b', [vip, cold]), [hot, cold] as unknown as Tag[], OPEN_LANE).map((tag) => tag.id)).to.deep.equal(['vip']);
  });

  it('offers 50 distinct #rrggbb colours, the default tag colour first', () => {
    expect(TAG_PALETTE).to.have.length(50);
    expect(new Set(TAG_PALETTE).size).to.equal(50);
    expect(TAG_PALETTE[0]).to.equal(TAG_DEFAULT_COLOR);
    for (const color of TAG_PALETTE) expect(color).to.match(/^#[0-9a-f]{6}$/);
    expect(hslToHex(0, 100, 50)).to.equal('#ff0000');
    expect(hslToHex(120, 100, 25)).to.equal('#008000');
  });

  it('nests queue options by parent, ordered by number, orphans at the top', () => {
    const options = [option('b', TOP_LEVEL_OPTION, '10'), option('a', TOP_LEVEL_OPTION, '2'), option('c', 'a', '1'), option('d', 'gone', '3')];
    const tree = buildOptionTree(options);
    expect(tree.map((node) => node.option.id)).to.deep.equal(['a', 'd', 'b']);
    expect(tree[0]!.children.map((node) => node.option.id)).to.deep.equal(['c']);
  });

  it('numbers, replaces and deletes queue options with their subtree', () => {
    const options = [option('a', TOP_LEVEL_OPTION, '1'), option('b', TOP_LEVEL_OPTION, '4'), option('c', 'a', '1'), option('e', 'c', '1')];
    expect(nextOptionNumber(options, TOP_LEVEL_OPTION)).to.equal('5');
    expect(nextOptionNumber(options, 'a')).to.equal('2');
    expect(nextOptionNumber(options, 'b')).to.equal('1');
    expect([...subtreeIds(options, 'a')].sort()).to.deep.equal(['a', 'c', 'e']);
    const renamed = putOption(options, { ...option('c', 'a', '1'), title: 'Prices' });
    expect(renamed.find((candidate) => candidate.id === 'c')!.title).to.equal('Prices');
    expect(putOption(options, option('f', 'b', '1'))).to.have.length(5);
  });

  it('completes the week of a schedule and masks hours as ##:##', () => {
    const week = weekSchedules([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '09:00', endTime: '17:00' }]);
    expect(week.map((row) => row.weekdayEn)).to.deep.equal(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(week[0]).to.include({ startTime: '09:00', endTime: '17:00' });
    expect(week[5]).to.include({ startTime: '08:00', endTime: '12:00' });
    expect(maskHour('1730')).to.equal('17:30');
    expect(maskHour('9')).to.equal('9');
    expect(maskHour('12:345')).to.equal('12:34');
  });

  it('turns the dashboard form into a query, or null when no filter resolves', () => {
    const now = new Date('2026-03-15T12:00:00Z');
    expect(initialFilter(now)).to.deep.equal({ filterType: 1, dateFrom: '2026-03-01', dateTo: '2026-03-15', period: 0 });
    expect(dashboardQuery(initialFilter(now), now)).to.deep.equal({ date_from: '2026-03-01', date_to: '2026-03-15' });
    expect(dashboardQuery({ filterType: 2, dateFrom: '', dateTo: '', period: 7 }, now)).to.deep.equal({ days: 7 });
    expect(dashboardQuery({ filterType: 2, dateFrom: '', dateTo: '', period: 0 }, now)).to.equal(null);
    expect(dashboardQuery({ filterType: 1, dateFrom: '2026-03-10', dateTo: '', period: 0 }, now)).to.equal(null);
    expect(dashboardQuery({ filterType: 1, dateFrom: '2026-03-10', dateTo: '2026-03-01', period: 0 }, now)).to.equal(null);
  });

  it('embeds YouTube links and ids, and other videos as they are', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).to.equal('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).to.equal('dQw4w9WgXcQ');
    expect(youtubeId('dQw4w9WgXcQ')).to.equal('dQw4w9WgXcQ');
    expect(youtubeId('https://example.com/watch?v=dQw4w9WgXcQ')).to.equal(null);
    expect(videoEmbedUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).to.equal('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://example.com/video.mp4')).to.equal('https://example.com/video.mp4');
  });

  it('adds and edits to-do tasks, ignoring blank text', () => {
    const created = new Date('2026-01-01T10:00:00Z');
    const edited = new Date('2026-01-02T10:00:00Z');
    const tasks = saveTask([], '  Call the supplier ', null, created);
    expect(tasks).to.deep.equal([{ text: 'Call the supplier', createdAt: created.toISOString(), updatedAt: created.toISOString() }]);
    expect(saveTask(tasks, '   ', null, edited)).to.equal(tasks);
    expect(saveTask(tasks, 'Call at 10', 0, edited)).to.deep.equal([{ text: 'Call at 10', createdAt: created.toISOString(), updatedAt: edited.toISOString() }]);
  });

  it('colours companies by the days left to their due date', () => {
    const now = new Date('2026-05-10T15:00:00Z');
    const due = (days: number) => new Date(Date.parse('2026-05-10T03:00:00Z') + days * 86_400_000).toISOString();
    expect(dueColor(due(6), now)).to.equal(null);
    expect(dueColor(due(5), now)).to.equal('yellow');
    expect(dueColor(due(4), now)).to.equal('orange');
    expect(dueColor(due(0), now)).to.equal('orange');
    expect(dueColor(due(-3), now)).to.equal('orange');
    expect(dueColor(due(-4), now)).to.equal('red');
    expect(dueColor(due(-5), now)).to.equal(null);
  });
});
