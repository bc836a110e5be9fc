/** The contact copied on its tickets (lists join nothing) kept current when the contact changes. */
import type { ContactDoc } from '../contacts/model.js';
import { contactCopyOf, TicketModel, type TicketContactCopy, type TicketDoc } from './model.js';
import { updateTicket } from './writer.js';

function differs(a: TicketContactCopy | undefined, b: TicketContactCopy): boolean {
  return !a || (Object.keys(b) as (keyof TicketContactCopy)[]).some((field) => a[field] !== b[field]);
}

/** Rewrites the copy on every ticket of the contact that holds an older one (their place in the lists stays). */
export async function refreshContactCopies(contact: ContactDoc): Promise<void> {
  const copy = contactCopyOf(contact);
  const tickets = await TicketModel.find({ companyId: contact.companyId, contactId: contact._id }).lean<TicketDoc[]>();
  for (const ticket of tickets.filter((each) => differs(each.contact, copy))) {
    await updateTicket(contact.companyId, ticket, { $set: { contact: copy } }, { touch: false });
  }
}
