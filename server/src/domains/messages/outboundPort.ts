/**
 * What the messages domain asks of the channels once a message or an action is stored: that it
 * reaches the customer, in the ticket's order. The outbound sender (channels/outbound.ts)
 * implements it and app.ts wires it in.
 */
export interface OutboundPort {
  /**
   * Queues the send of a message of the ticket, behind the ticket's earlier ones; `stored` settles
   * once the message is stored (queue it as soon as its place is known, so that the order holds).
   */
  enqueue(companyId: string, ticketId: string, messageId: string, stored?: Promise<unknown>): void;
  /** Queues a stored provider action (a reaction, an edit, a delete) behind the ticket's earlier sends. */
  enqueueAction(companyId: string, ticketId: string, actionId: string): void;
}
