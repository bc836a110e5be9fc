import { expect } from 'chai';
import { textsFor } from '../src/app/i18n.js';
import { ackMark } from '../src/format/acks.js';
import { describeMessage, parseLocation, parseVcard } from '../src/format/messages.js';
import { filterQuickAnswers, quickAnswerLabel, quickAnswerQuery } from '../src/format/quickAnswers.js';
import stringWidth from 'string-width';
import { cellsOf, stableCluster, terminalText } from '../src/format/cells.js';
import { textWidth, truncate, wrapText } from '../src/format/text.js';
import { clockTime, daysLeft, longDate, relativeTime } from '../src/format/time.js';
import type { QuickMessage } from '@atende/shared';
import { makeMessage } from './support/fixtures.js';

const en = textsFor('en');
const ptTexts = textsFor('pt');
const { t } = en;
const pt = ptTexts.t;

function quick(shortcode: string, message: string): QuickMessage {
  return { id: shortcode, companyId: 'co1', userId: 'agent', shortcode, message, geral: false, status: true, allowView: false, allowEdit: false, isMedia: false, mediaPath: null, mediaName: null, mediaUrl: null, createdAt: '', updatedAt: '' };
}

describe('formatting', () => {
  describe('acks', () => {
    it('shows a clock while waiting, ✓ sent, ✓✓ delivered, and ✓✓ highlighted once read or played', () => {
      expect([0, 1, 2, 3, 4, 5].map(ackMark)).to.deep.equal([
        { symbol: '◷', read: false },
        { symbol: '✓', read: false },
        { symbol: '✓✓', read: false },
        { symbol: '✓✓', read: true },
        { symbol: '✓✓', read: true },
        { symbol: '✓✓', read: true },
      ]);
    });
  });

  describe('time', () => {
    const now = new Date(2025, 2, 10, 15, 30);
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

    it('tells the list how long ago, then the date after a week', () => {
      expect(relativeTime(ago(20_000), now, t)).to.equal('now');
      expect(relativeTime(ago(5 * 60_000), now, t)).to.equal('5 min');
      expect(relativeTime(ago(3 * 3_600_000), now, t)).to.equal('3 h');
      expect(relativeTime(ago(2 * 86_400_000), now, pt)).to.equal('2 d');
      expect(relativeTime(new Date(2025, 1, 1, 9).toISOString(), now, t)).to.equal('01/02/25');
      expect(relativeTime(ago(-60_000), now, pt), 'a clock a bit ahead').to.equal('agora');
    });

    it('shows HH:mm today and dd/MM/yy HH:mm before', () => {
      expect(clockTime(new Date(2025, 2, 10, 9, 5).toISOString(), now)).to.equal('09:05');
      expect(clockTime(new Date(2025, 2, 9, 23, 59).toISOString(), now)).to.equal('09/03/25 23:59');
      expect(longDate(new Date(2025, 2, 10, 1).toISOString())).to.equal('10/03/2025');
    });

    it('counts the days left only when fewer than the warning days remain', () => {
      expect(daysLeft(new Date(now.getTime() + 2.5 * 86_400_000).toISOString(), now, 5)).to.equal(2);
      expect(daysLeft(new Date(now.getTime() + 9 * 86_400_000).toISOString(), now, 5)).to.equal(null);
      expect(daysLeft(new Date(now.getTime() - 86_400_000).toISOString(), now, 5)).to.equal(null);
      expect(daysLeft(undefined, now, 5)).to.equal(null);
    });
  });

  describe('message kinds', () => {
    const server = 'http://inbox.test:8080';

    it('keeps text as is and labels media with their absolute URL', () => {
      expect(describeMessage(makeMessage({ body: 'Oi' }), en, server)).to.deep.equal({ kind: 'text', label: null, text: 'Oi', url: null, problem: null });
      expect(describeMessage(makeMessage({ mediaType: 'image', body: 'foto.png', mediaUrl: '/public/co1/ab.png' }), en, server)).to.deep.equal({
        kind: 'image',
        label: 'Image',
        text: 'foto.png',
        url: 'http://inbox.test:8080/public/co1/ab.png',
        problem: null,
      });
      expect(describeMessage(makeMessage({ mediaType: 'application', body: 'nota.pdf', mediaUrl: '/public/co1/cd.pdf' }), ptTexts, server).label).to.equal('Documento');
      expect(describeMessage(makeMessage({ mediaType: 'audio', body: '', mediaUrl: 'https://cdn.test/a.ogg' }), en, server).url).to.equal('https://cdn.test/a.ogg');
    });

    it('summarises a location (image|link|description) and a vCard', () => {
      expect(parseLocation('data:image/png;base64,xx|https://maps.google.com/?q=-23.5,-46.6|Av. Paulista, 1000')).to.deep.equal({
        image: 'data:image/png;base64,xx',
        link: 'https://maps.google.com/?q=-23.5,-46.6',
        description: 'Av. Paulista, 1000',
      });
      const location = describeMessage(makeMessage({ mediaType: 'locationMessage', body: 'img|https://maps.google.com/?q=1,2|' }), en, server);
      expect(location).to.deep.equal({ kind: 'location', label: 'Location', text: 'https://maps.google.com/?q=1,2', url: 'https://maps.google.com/?q=1,2', problem: null });

      const vcard = 'BEGIN:VCARD\nVERSION:3.0\nN:Souza;Pedro\nFN:Pedro Souza\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD';
      expect(parseVcard(vcard)).to.deep.equal({ name: 'Pedro Souza', number: '+55 11 98888-7777' });
      expect(describeMessage(makeMessage({ mediaType: 'vcard', body: vcard }), en, server).text).to.equal('Pedro Souza +55 11 98888-7777');
      expect(parseVcard('Pedro')).to.deep.equal({ name: 'Pedro', number: '' });
    });

    it('replaces a deleted message by its mark, without its media', () => {
      const view = describeMessage(makeMessage({ isDeleted: true, body: '', mediaType: 'image', mediaUrl: '/public/x.png' }), en, server);
      expect(view).to.deep.equal({ kind: 'image', label: null, text: 'This message was deleted', url: null, problem: null });
    });

    it('says why a media is missing, in the catalogue’s words', () => {
      const view = describeMessage(makeMessage({ mediaType: 'video', body: '', mediaError: 'ERR_MEDIA_TOO_LARGE' }), ptTexts, server);
      expect([view.label, view.url, view.problem]).to.deep.equal(['Vídeo', null, 'Este arquivo é maior do que o permitido para o seu tipo.']);
    });
  });

  describe('quick answers', () => {
    const list = [quick('bomdia', 'Bom dia! Como posso ajudar?'), quick('pix', 'Nossa chave Pix é o CNPJ 12.345.678/0001-90, envie o comprovante'), quick('prazo', 'O prazo é de 3 dias')];

    it('are suggested when the text starts with / and is longer than one character', () => {
      expect(quickAnswerQuery('/')).to.equal(null);
      expect(quickAnswerQuery('olá /p')).to.equal(null);
      expect(quickAnswerQuery('/P')).to.equal('p');
      expect(quickAnswerQuery('/p\nmais')).to.equal(null);
    });

    it('match on the shortcode, whatever the case', () => {
      expect(filterQuickAnswers(list, 'p').map((q) => q.shortcode)).to.deep.equal(['pix', 'prazo']);
      expect(filterQuickAnswers(list, 'dia').map((q) => q.shortcode)).to.deep.equal(['bomdia']);
      expect(filterQuickAnswers(list, 'zzz')).to.deep.equal([]);
    });

    it('label with shortcode and text, cut at 35 characters', () => {
      expect(quickAnswerLabel(list[2]!)).to.equal('/prazo - O prazo é de 3 dias');
      const long = quickAnswerLabel(list[1]!);
      expect(long).to.have.length(35);
      expect(long.endsWith('…')).to.equal(true);
    });
  });

  describe('text', () => {
    it('measures emoji and wide characters as two cells', () => {
      expect(textWidth('abc')).to.equal(3);
      expect(textWidth('👍')).to.equal(2);
      expect(textWidth('日本')).to.equal(4);
      expect(truncate('abcdef', 4)).to.equal('abc…');
      expect(truncate('abc', 4)).to.equal('abc');
    });

    it('shows emoji in the form terminals draw as wide as Ink measures: no skin tone, selector or keycap mark', () => {
      expect(stableCluster('👍🏽')).to.equal('👍');
      expect(stableCluster('❤️')).to.equal('❤');
      expect(stableCluster('1️⃣')).to.equal('1');
      expect(stableCluster('🏳️‍🌈'), 'a joined sequence whose first part is narrow').to.equal('🏳');
      expect(stableCluster('👩🏽‍💻'), 'joined wide emoji stay joined').to.equal('👩‍💻');
      expect(stableCluster('🇧🇷')).to.equal('🇧🇷');
      expect(stableCluster('👨‍👩‍👧')).to.equal('👨‍👩‍👧');
      expect(stableCluster('🏽'), 'a skin tone alone is an emoji').to.equal('🏽');
      // Ink's measure (string-width) of each shown form is the width the inbox counts.
      for (const text of ['Oi 👍🏽 🇧🇷 👨‍👩‍👧 ❤️ 1️⃣ 🏳️‍🌈', 'São Paulo', '日本', 'e\u0301']) expect(textWidth(text), text).to.equal(stringWidth(terminalText(text)));
      expect(textWidth('👍🏽 🇧🇷 👨‍👩‍👧')).to.equal(8);
    });

    it('never lets control characters through to the terminal, and tabs become spaces', () => {
      expect(terminalText('a\x1b[2Jb\x07c\u202Ed\te\nf')).to.equal('a[2Jbcd  e\nf');
      expect(cellsOf('a👨‍👩‍👧b').map((cell) => [cell.text, cell.start, cell.end])).to.deep.equal([
        ['a', 0, 1],
        ['👨‍👩‍👧', 1, 9],
        ['b', 9, 10],
      ]);
    });

    it('cuts and wraps by graphemes, never inside one', () => {
      expect(truncate('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 5)).to.equal('👨‍👩‍👧👨‍👩‍👧…');
      expect(wrapText('👍🏽👍🏽👍🏽', 4)).to.deep.equal(['👍👍', '👍']);
      expect(wrapText('first  second', 20), 'spaces inside a line are kept').to.deep.equal(['first  second']);
    });

    it('wraps words, keeps line breaks and breaks words longer than the width', () => {
      expect(wrapText('the quick brown fox', 10)).to.deep.equal(['the quick', 'brown fox']);
      expect(wrapText('one\ntwo three', 20)).to.deep.equal(['one', 'two three']);
      expect(wrapText('abcdefghij', 4)).to.deep.equal(['abcd', 'efgh', 'ij']);
      expect(wrapText('', 5)).to.deep.equal(['']);
    });
  });
});
