import { expect } from 'chai';
import { presenceOf } from '../../../src/channels/baileys/identity.js';

describe('Baileys onWhatsApp answers per number asked', () => {
  it('keeps the order asked, matches by JID, tolerates the Brazilian ninth digit, and lists the missing as absent', () => {
    const asked = ['5511988887777', '5521977776666', '14155550100', '5511900000000'];
    // WhatsApp lists only the accounts it found, in its own order; one registered without the 9.
    const found = [
      { jid: '14155550100@s.whatsapp.net', exists: true },
      { jid: '552177776666@s.whatsapp.net', exists: true },
      { jid: '5511988887777@s.whatsapp.net', exists: true },
    ];
    expect(presenceOf(asked, found)).to.deep.equal([
      { number: '5511988887777', exists: true, jid: '5511988887777@s.whatsapp.net' },
      { number: '5521977776666', exists: true, jid: '552177776666@s.whatsapp.net' },
      { number: '14155550100', exists: true, jid: '14155550100@s.whatsapp.net' },
      { number: '5511900000000', exists: false, jid: null },
    ]);
  });
});
