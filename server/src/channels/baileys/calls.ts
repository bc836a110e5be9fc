/**
 * Incoming calls: logged in the conversation (mediaType call_log); when the company disabled calls
 * (setting `call`), rejected and answered with a message asking for text instead.
 */
import type { WACallEvent } from '@whiskeysockets/baileys';
import type { Logger } from '../../platform/logger.js';
import { companySetting } from '../../domains/settings/service.js';
import type { ProviderEvents } from '../provider.js';
import type { CallBody } from './content.js';
import { personOf, rememberLid } from './identity.js';
import type { WaSocket } from './socket.js';
import { saveSent, type Scope } from './store.js';

export type CallHandler = (socket: WaSocket, calls: WACallEvent[]) => Promise<void>;

export function createCallHandler(deps: { scope: Scope; logger: Logger; events: Pick<ProviderEvents, 'inbound'>; callBody: CallBody; rejectReply: () => string }): CallHandler {
  const { scope, logger, events } = deps;

  async function reject(socket: WaSocket, call: WACallEvent): Promise<void> {
    try {
      await socket.rejectCall(call.id, call.from);
      const sent = await socket.sendMessage(call.from, { text: deps.rejectReply() });
      if (sent?.key.id && sent.message) await saveSent(scope, sent.key.id, sent.message);
    } catch (err) {
      logger.warn({ err, callId: call.id }, 'rejecting a call failed');
    }
  }

  return async (socket, calls) => {
    for (const call of calls) {
      // One log per call: its offer (later updates of the same call say nothing new).
      if (call.status !== 'offer' || call.isGroup) continue;
      const refused = !call.offline && (await companySetting(scope.companyId, 'call')) === 'disabled';
      if (refused) await reject(socket, call);
      const person = await personOf(call.from, call.callerPn, socket.signalRepository.lidMapping);
      await rememberLid(scope.companyId, person);
      const lid = person.lid ? { lid: person.lid } : {};
      await events.inbound({
        providerMessageId: call.id,
        chat: { id: person.number, name: '', isGroup: false, ...lid },
        sender: { number: person.number, name: '', ...lid },
        fromMe: false,
        body: deps.callBody({ isVideo: Boolean(call.isVideo), missed: refused || call.offline }),
        mediaType: 'call_log',
        timestamp: call.date instanceof Date ? call.date : new Date(),
      });
    }
  };
}
