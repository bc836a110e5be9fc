/**
 * A dialogflow integration: each customer message is given to the agent (detectIntent, one
 * Dialogflow session per ticket, in the integration's language) and its fulfillment texts are sent
 * back. The agent hands the ticket over by ending the conversation (end of interaction, live agent
 * hand-off), by a "transfer" intent, or by a custom payload `{ "transfer": true, "queue": "Sales" }`.
 */
import type { Sealer } from '../../platform/sealing.js';
import { parseServiceAccount } from '../../domains/queueIntegrations/credentials.js';
import type { Dialogflow } from '../../domains/queueIntegrations/dialogflow.js';
import type { TicketDoc } from '../../domains/tickets/model.js';
import type { Outgoing } from './outgoing.js';
import { saveSession } from './sessions.js';
import type { IntegrationSource } from './source.js';
import type { TicketState } from './ticketState.js';
import type { CustomerTurn } from './typebotRunner.js';

export function createDialogflowRunner(deps: { dialogflow: Dialogflow; sealer: Sealer; outgoing: Outgoing; state: TicketState }) {
  const { dialogflow, sealer, outgoing, state } = deps;

  return {
    /** Gives the message to the agent and says its answer; the caller holds the ticket's turn. */
    async turn(ticket: TicketDoc, source: IntegrationSource, customer: CustomerTurn): Promise<void> {
      const companyId = String(ticket.companyId);
      const doc = source.doc;
      const json = doc?.sealedJsonContent ? sealer.open(doc.sealedJsonContent) : null;
      if (!doc || !json) {
        await state.failed(companyId, ticket._id, source, 'the dialogflow credentials cannot be read (was ATENDE_SECRET_KEY changed?): paste them again');
        return;
      }
      await saveSession(ticket, source, { lastMessageKey: customer.key });
      // Media without a caption has no words for the agent: it stays for the agents.
      if (!customer.text.trim()) return;
      const answer = await dialogflow.detect({ projectName: doc.projectName, account: parseServiceAccount(json), language: doc.language, sessionId: String(ticket._id), text: customer.text });
      await outgoing.send(companyId, ticket._id, answer.texts.map((text) => ({ text })), 0);
      if (answer.handOver) await state.handOver(companyId, ticket._id, source, answer.intent ? `end: ${answer.intent}` : 'end', { queue: answer.handOver.queue, queueId: answer.handOver.queue });
    },
  };
}

export type DialogflowRunner = ReturnType<typeof createDialogflowRunner>;
