/**
 * Whom a message to a person goes to. A number typed by someone (by hand, an import, the send API,
 * a campaign) may not be the identity WhatsApp knows the person by: a Brazilian mobile number
 * exists there with or without its ninth digit. Before the first send to such a contact the
 * connection asks WhatsApp (Provider.onWhatsApp) and the contact keeps the answer (`waNumber`), as
 * it keeps the number of everyone who writes to the company; a number WhatsApp does not know is
 * refused (ERR_WAPP_INVALID_CONTACT) instead of sent into the void.
 */
import { normaliseProviderNumber } from '@atende/shared';
import { AppError } from '../platform/errors.js';
import type { ContactDoc } from '../domains/contacts/model.js';
import { updateContact } from '../domains/contacts/writer.js';
import type { Provider } from './provider.js';

/** The number (digits) or group id to send to; asks WhatsApp once for a person's typed number. */
export async function recipientOf(contact: ContactDoc, provider: Provider): Promise<string> {
  // A group, a person known only by their LID (replies go to the LID), or one whose account is known.
  if (contact.isGroup || contact.lid === contact.number) return contact.number;
  if (contact.waNumber) return contact.waNumber;
  const [presence] = await provider.onWhatsApp([contact.number]);
  if (!presence?.exists || !presence.jid) throw new AppError('ERR_WAPP_INVALID_CONTACT', { number: contact.number });
  const waNumber = normaliseProviderNumber(presence.jid, false);
  await updateContact(contact.companyId, contact._id, { waNumber });
  return waNumber;
}

/** A send that cannot succeed however often it is tried. */
export function isFinalSendError(err: unknown): boolean {
  return err instanceof AppError && err.code === 'ERR_WAPP_INVALID_CONTACT';
}
