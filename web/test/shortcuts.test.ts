import { expect } from 'chai';
import { shortcutOf, type KeyPress } from '../src/app/shell/shortcuts.js';
import { dueSoon } from '../src/app/shell/TopBar.js';

const press = (part: Partial<KeyPress>): KeyPress => ({ code: '', key: '', altKey: false, ctrlKey: false, metaKey: false, typing: false, ...part });

describe('keyboard shortcuts and the top bar', () => {
  it('maps Alt+L, Alt+C, Alt+J and Alt+K by the physical key, on any layout', () => {
    expect(shortcutOf(press({ code: 'KeyL', key: 'l', altKey: true }))).to.equal('list');
    expect(shortcutOf(press({ code: 'KeyC', key: 'ç', altKey: true }))).to.equal('composer');
    expect(shortcutOf(press({ code: 'KeyJ', key: '∆', altKey: true, typing: true }))).to.equal('next');
    expect(shortcutOf(press({ code: 'KeyK', key: 'k', altKey: true }))).to.equal('previous');
    expect(shortcutOf(press({ code: 'KeyL', key: 'l', altKey: true, ctrlKey: true }))).to.equal(null);
    expect(shortcutOf(press({ code: 'KeyL', key: 'l' }))).to.equal(null);
  });

  it('opens the help with "?" except while typing', () => {
    expect(shortcutOf(press({ code: 'Slash', key: '?' }))).to.equal('help');
    expect(shortcutOf(press({ code: 'Slash', key: '?', typing: true }))).to.equal(null);
  });

  it('shows the due date only when the subscription ends in fewer than 5 days', () => {
    const now = Date.UTC(2025, 0, 10);
    expect(dueSoon('2025-01-14T00:00:00.000Z', now)).to.equal(true);
    expect(dueSoon('2025-01-16T00:00:00.000Z', now)).to.equal(false);
    expect(dueSoon(null, now)).to.equal(false);
  });
});
