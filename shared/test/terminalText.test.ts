import assert from 'node:assert/strict';
import { terminalJson, terminalSafe } from '../src/domain/terminalText.js';

describe('text a terminal may be given (issue 29)', () => {
  it('removes whole escape sequences: CSI, OSC with BEL or ST, DCS, C1 forms, two-character ESC', () => {
    assert.equal(terminalSafe('a\u001b[2J\u001b[1;31mb\u001b[0m'), 'ab');
    assert.equal(terminalSafe('a\u001b]0;new title\u0007b'), 'ab');
    assert.equal(terminalSafe('a\u001b]8;;http://evil.test\u001b\\link\u001b]8;;\u001b\\b'), 'alinkb');
    assert.equal(terminalSafe('a\u001bPq#0;2;0\u001b\\b'), 'ab');
    assert.equal(terminalSafe('a\u009b2Jb\u009d0;x\u009cc'), 'abc');
    assert.equal(terminalSafe('a\u001bcb\u001b(Bc'), 'abc');
    // An OSC left open swallows the rest, as a terminal would.
    assert.equal(terminalSafe('a\u001b]0;title without end'), 'a');
  });

  it('drops the other controls (a carriage return, backspace, bell, bidi overrides) and keeps line feeds, tabs and every script', () => {
    assert.equal(terminalSafe('line\r\nnext\rover\u0008\u0007'), 'line\nnextover');
    assert.equal(terminalSafe('\u202eevil\u202c \u2066x\u2069'), 'evil x');
    assert.equal(terminalSafe('Olá\tJoão 👍🏽 مرحبا 日本'), 'Olá\tJoão 👍🏽 مرحبا 日本');
  });

  it('writes JSON whose value is unchanged, with the controls JSON.stringify leaves raw escaped', () => {
    const value = { body: 'a\u009b2J\u202eb\u001b[0m\u2028c', n: 1 };
    const text = terminalJson(value, 2);
    assert.deepEqual(JSON.parse(text), value);
    assert.equal(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2028]/.test(text.replace(/\n/g, '')), false);
    assert.equal(terminalJson(undefined), 'null');
  });
});
