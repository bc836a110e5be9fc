import assert from 'node:assert/strict';
import { EDIT_WINDOW_MS, editRefusal, mayForward, signatureName, signatureOf, unsignedText } from '../src/domain/messageActions.js';
import { isEmoji, reactionChips, type MessageReaction } from '../src/domain/reactions.js';

const mine = { fromMe: true, userId: 'me', mediaType: 'chat' as const, isDeleted: false, createdAt: new Date().toISOString() };

describe('message actions (issue 23)', () => {
  it('takes one emoji (skin tones, families, flags, keycaps), not text nor two emoji', () => {
    for (const emoji of ['👍', '❤️', '👍🏽', '👨‍👩‍👧‍👦', '🇧🇷', '1️⃣']) assert.equal(isEmoji(emoji), true, emoji);
    for (const text of ['', 'ok', '👍👍', 'a👍', ':)']) assert.equal(isEmoji(text), false, text);
  });

  it("signs with the name in bold and a new line; the text and the name are read back from a signed message", () => {
    assert.equal(signatureOf('Ana Lima'), '*Ana Lima*:\n');
    assert.equal(signatureOf(' *Ana*\nLima '), '*Ana Lima*:\n');
    assert.equal(signatureOf('  '), '');
    const signed = { body: '*Ana*:\nfirst line\nsecond', signed: true };
    assert.equal(unsignedText(signed), 'first line\nsecond');
    assert.equal(signatureName(signed), 'Ana');
    assert.equal(unsignedText({ body: '*Ana*:\nnot signed', signed: false }), '*Ana*:\nnot signed');
    assert.equal(signatureName({ body: 'x', signed: false }), null);
  });

  it("lets only the author edit a text, not deleted, within 15 minutes", () => {
    assert.equal(editRefusal(mine, 'me'), null);
    assert.equal(editRefusal(mine, 'colleague'), 'ERR_NO_PERMISSION');
    assert.equal(editRefusal({ ...mine, fromMe: false }, 'me'), 'ERR_NO_PERMISSION');
    assert.equal(editRefusal({ ...mine, isDeleted: true }, 'me'), 'ERR_MESSAGE_DELETED');
    assert.equal(editRefusal({ ...mine, mediaType: 'image' }, 'me'), 'ERR_MESSAGE_NOT_EDITABLE');
    const sentAt = Date.parse(mine.createdAt);
    assert.equal(editRefusal(mine, 'me', sentAt + EDIT_WINDOW_MS - 1), null);
    assert.equal(editRefusal(mine, 'me', sentAt + EDIT_WINDOW_MS + 1), 'ERR_EDIT_WINDOW_CLOSED');
  });

  it('forwards what has content of its own', () => {
    const message = { isDeleted: false, mediaType: 'chat' as const, mediaUrl: null, mediaError: null };
    assert.equal(mayForward(message), true);
    assert.equal(mayForward({ ...message, isDeleted: true }), false);
    assert.equal(mayForward({ ...message, mediaType: 'call_log' }), false);
    assert.equal(mayForward({ ...message, mediaType: 'image', mediaError: 'ERR_WAPP_DOWNLOAD_MEDIA' }), false);
  });

  it('groups reactions by emoji into chips, in the order they came, marking ours', () => {
    const reaction = (sender: string, emoji: string, at: number, fromMe = false): MessageReaction => ({ sender, name: sender, emoji, fromMe, userId: null, createdAt: new Date(at).toISOString() });
    const chips = reactionChips([reaction('b', '❤️', 2), reaction('me', '👍', 3, true), reaction('a', '👍', 1)]);
    assert.deepEqual(chips, [
      { emoji: '👍', count: 2, names: ['a', 'me'], mine: true },
      { emoji: '❤️', count: 1, names: ['b'], mine: false },
    ]);
  });
});
