import { expect } from 'chai';
import { LANGUAGES } from '@atende/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textsFor } from '../src/app/i18n.js';
import { KEY_SECTIONS } from '../src/app/keymap.js';
import { TABS } from '../src/state/tickets.js';
import { kindOf } from '../src/format/messages.js';
import { SANDBOX_MEDIA_TYPES, TICKET_STATUSES } from '@atende/shared';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal key the inbox passes to t(), and the keys it builds from its own lists. */
function usedKeys(): string[] {
  const literal = sources(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'((?:tui|auth|realtime|validation)\.[A-Za-z0-9_.]+)'/g)].map((match) => match[1]!));
  const built = [
    ...Object.values(KEY_SECTIONS).flat().map((key) => `tui.keys.${key.action}`),
    ...Object.keys(KEY_SECTIONS).map((section) => `tui.help.${section}`),
    ...TABS.map((tab) => `tui.tabs.${tab}`),
    ...TICKET_STATUSES.map((status) => `tui.status.${status}`),
    ...SANDBOX_MEDIA_TYPES.map(kindOf).filter((kind) => kind !== 'text').map((kind) => `tui.kinds.${kind}`),
    ...['accept', 'return', 'resolve', 'reopen'].map((action) => `tui.actions.${action}Done`),
    ...['connecting', 'connected', 'reconnecting', 'disconnected'].map((status) => `realtime.${status}`),
  ];
  return [...new Set([...literal, ...built])];
}

describe('inbox texts', () => {
  it('exist in pt, en and es for every key the inbox uses', () => {
    const keys = usedKeys();
    expect(keys.length).to.be.greaterThan(80);
    for (const language of LANGUAGES) {
      const { i18n } = textsFor(language);
      const missing = keys.filter((key) => !i18n.exists(key, { fallbackLng: [] }) && !i18n.exists(`${key}_one`, { fallbackLng: [] }));
      expect(missing, language).to.deep.equal([]);
    }
  });
});
