/** Wire shape of contact lists and their items (document 2 sections 3 and 7): the audiences of campaigns. */

export interface ContactList {
  id: string;
  companyId: string;
  name: string;
  /** Items in the list, kept by the code that adds and removes them. */
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItem {
  id: string;
  companyId: string;
  contactListId: string;
  name: string;
  /** Digits, normalised as contacts' numbers are. */
  number: string;
  email: string;
  /** Whether the number is on WhatsApp, as the list's connection answered; null until asked. */
  isWhatsappValid: boolean | null;
  createdAt: string;
  updatedAt: string;
}
