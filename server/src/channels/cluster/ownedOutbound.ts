/**
 * The outbound sender of a node among several (issue 17). Only the node running a connection's
 * session sends through it; rather than carry each send to that node, a node that stored a message
 * (or an action) tells the owner which ticket has something waiting, once it is stored, and the
 * owner queues that ticket's waiting jobs read from the database in their order (by seq: the order
 * holds whichever node stored each one, and a repeated word queues nothing twice). A node that
 * takes a session over queues what waits on its connection (resumeConnections), and so does a node
 * when Redis is back after an outage: what the others told it meanwhile was lost.
 */
import type { Types } from 'mongoose';
import type { ClusterBus } from '../../platform/cluster/bus.js';
import type { Logger } from '../../platform/logger.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { WhatsappModel } from '../../domains/whatsapp/model.js';
import type { OutboundQueue } from '../outbound.js';
import type { Leases } from './leases.js';

const WAITING = 'outbound.ticket';

interface TicketRef {
  companyId: string;
  ticketId: string;
}

export function ownedOutbound(local: OutboundQueue, deps: { bus: ClusterBus; leases: Leases; logger: Logger }): OutboundQueue {
  const { bus, leases, logger } = deps;
  const warn = (err: unknown) => logger.warn({ err }, 'outbound: telling the owner of a connection failed');

  bus.listen(WAITING, (body) => {
    const { companyId, ticketId } = body as TicketRef;
    void local.resumeTicket(companyId, ticketId).catch(warn);
  });
  bus.onBack(() => void local.resumeConnections(leases.held()).catch(warn));

  async function tell(companyId: string, ticketId: string): Promise<void> {
    const ticket = await TicketModel.findOne({ companyId, _id: ticketId }, { whatsappId: 1 }).lean<Pick<TicketDoc, 'whatsappId'>>();
    const whatsappId = ticket?.whatsappId ?? (await WhatsappModel.findOne({ companyId, isDefault: true }, { _id: 1 }).lean<{ _id: Types.ObjectId }>())?._id;
    if (!whatsappId) return;
    const owner = await leases.ownerOf(String(whatsappId));
    if (owner && owner !== bus.nodeId) bus.send(owner, WAITING, { companyId, ticketId } satisfies TicketRef);
    // Ours, or nobody runs the session: queued here, failing and retrying as on a node alone until
    // the send gives up or a node that takes the session over sends it (it reads the send again).
    else await local.resumeTicket(companyId, ticketId);
  }

  return {
    ...local,
    enqueue(companyId, ticketId, _messageId, stored = Promise.resolve()) {
      void stored.then(
        () => tell(companyId, ticketId).catch(warn),
        () => undefined,
      );
    },
    enqueueAction(companyId, ticketId) {
      void tell(companyId, ticketId).catch(warn);
    },
    // A node sends only for the sessions it holds: what it takes over is resumed then (resumeConnections).
    resume: async () => 0,
  };
}
