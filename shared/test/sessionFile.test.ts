import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '../src/domain/entities.js';
import { fileSession, readSavedSession, sessionFilePath } from '../src/node/index.js';

describe('session file of the terminal programs', () => {
  let dir: string;
  let path: string;
  const user = { id: 'u1', name: 'Ana' } as unknown as User;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atende-session-'));
    path = join(dir, 'nested', 'session.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives in ATENDE_CONFIG_DIR, else XDG_CONFIG_HOME/atende, else ~/.config/atende', () => {
    expect(sessionFilePath({ ATENDE_CONFIG_DIR: '/x' })).to.equal('/x/session.json');
    expect(sessionFilePath({ XDG_CONFIG_HOME: '/cfg' })).to.equal('/cfg/atende/session.json');
    expect(sessionFilePath({})).to.match(/\.config\/atende\/session\.json$/);
  });

  it('keeps the session of one server, readable by its owner only', () => {
    const store = fileSession('http://a:1', path);
    expect(store.get()).to.equal(null);
    store.set({ token: 't1', refreshToken: 'r1', user });
    expect(statSync(path).mode & 0o777).to.equal(0o600);
    expect(store.get()).to.deep.equal({ token: 't1', refreshToken: 'r1', user });
    expect(readSavedSession(path)?.server).to.equal('http://a:1');
    expect(fileSession('http://b:2', path).get()).to.equal(null);
  });

  it('sees a token rotated by the other program and forgets an ended session', () => {
    const cli = fileSession('http://a:1', path);
    const inbox = fileSession('http://a:1', path);
    cli.set({ token: 't1', user });
    inbox.set({ token: 't2', refreshToken: 'r2', user });
    expect(cli.get()?.token).to.equal('t2');
    cli.set(null);
    expect(inbox.get()).to.equal(null);
    expect(readSavedSession(path)).to.equal(null);
  });

  it('ignores a file that is not a session', () => {
    writeFileSync(join(dir, 'bad.json'), '{"not":"a session"}');
    writeFileSync(join(dir, 'broken.json'), '{');
    expect(readSavedSession(join(dir, 'bad.json'))).to.equal(null);
    expect(readSavedSession(join(dir, 'broken.json'))).to.equal(null);
  });
});
