/**
 * One answer of the assistant on a ticket: the customer's messages not answered yet (after our
 * last answer, and after the last agent's reply) are read with the conversation before them;
 * audio is transcribed; a request for a human hands over (prompts; a flow's block leaves that to
 * the flow); otherwise the model's reply goes out through the message service. The ticket is read
 * again before the reply goes: an agent who took it meanwhile keeps it to themselves.
 */
import { asksForHuman } from '@atende/shared';
import type { Config } from '../../platform/config.js';
import { mediaFilePath } from '../../platform/uploads.js';
import type { MessageDoc } from '../../domains/messages/model.js';
import type { MessageService } from '../../domains/messages/service.js';
import { renderVariables } from '../../domains/messages/variables.js';
import { TicketModel, type TicketDoc } from '../../domains/tickets/model.js';
import { baseUrlOf, type Assistant } from './assistant.js';
import { chatMessages, isTurn, lastMessages, turnText } from './context.js';
import { AiFailure, chatCompletion, failureOf, transcribe, type EndpointSettings } from './endpoint.js';
import { markAnswered, stateOf } from './state.js';
import type { AiTranscript } from './stateModel.js';
import type { TicketSide } from './ticketSide.js';

/** Messages read beyond the context to find the customer's unanswered ones (automatic messages may follow them). */
const LOOKBACK = 10;

export interface AnswerJob {
  assistant: Assistant;
  /** A prompt's assistant hands over on the customer's phrase; a flow's block leaves it to the flow. */
  handsOver: boolean;
  /** Checked before anything is sent (a flow's run may have moved on meanwhile). */
  stillWanted(): Promise<boolean>;
}

/** A ticket an automation may answer: waiting (pending, no agent), not a group, not handed over. */
export function answerable(ticket: Pick<TicketDoc, 'isGroup' | 'status' | 'userId' | 'handedOver'>): boolean {
  return !ticket.isGroup && ticket.status === 'pending' && !ticket.userId && !ticket.handedOver;
}

export function createAnswerer(deps: { config: Config; messages: MessageService; side: TicketSide }) {
  const { config, messages, side } = deps;

  async function current(ticket: Pick<TicketDoc, 'companyId' | '_id'>): Promise<TicketDoc | null> {
    return TicketModel.findOne({ companyId: ticket.companyId, _id: ticket._id }).lean<TicketDoc>();
  }

  async function endpointOf(ticket: TicketDoc, assistant: Assistant): Promise<EndpointSettings> {
    if (!assistant.apiKey) throw new AiFailure('keyUnreadable', null);
    return { apiKey: assistant.apiKey, baseURL: await baseUrlOf(assistant, String(ticket.companyId), config), timeoutMs: config.openAi.timeoutMs };
  }

  /** The text of a customer's audio, or null when it cannot be had (told on the ticket unless the endpoint has no transcriptions). */
  async function hear(ticket: TicketDoc, endpoint: EndpointSettings, audio: MessageDoc): Promise<string | null> {
    if (!audio.mediaPath) return null;
    try {
      return await transcribe(endpoint, config.openAi.transcriptionModel, mediaFilePath(String(ticket.companyId), audio.mediaPath), audio.mediaName ?? audio.mediaPath);
    } catch (err) {
      const failure = failureOf(err);
      if (failure.code !== 'refused' && failure.code !== 'emptyAnswer') await side.failed(ticket, failure, 'transcription');
      return null;
    }
  }

  return async function answer(ticket: TicketDoc, job: AnswerJob): Promise<void> {
    const { assistant } = job;
    const [state, read] = await Promise.all([stateOf(ticket.companyId, ticket._id), lastMessages(ticket, assistant.maxMessages + LOOKBACK)]);
    // An agent's reply answers what the customer wrote before it.
    const agentSeq = Math.max(-1, ...read.filter((message) => message.fromMe && message.userId).map((message) => message.seq));
    const unanswered = read.filter((message) => !message.fromMe && isTurn(message) && message.seq > Math.max(state.answeredSeq, agentSeq));
    if (unanswered.length === 0) return;
    // The last maxMessages messages, reaching back to the first message being answered.
    const history = read.slice(Math.max(0, Math.min(read.length - assistant.maxMessages, read.indexOf(unanswered[0]!))));
    const lastSeq = Math.max(...unanswered.map((message) => message.seq));
    const transcripts: AiTranscript[] = [...state.transcripts];

    let endpoint: EndpointSettings | null = null;
    let unheard = false;
    for (const audio of unanswered.filter((message) => message.mediaType === 'audio' && !transcripts.some((known) => known.messageId === String(message._id)))) {
      try {
        endpoint ??= await endpointOf(ticket, assistant);
      } catch (err) {
        await side.failed(ticket, failureOf(err), 'transcription');
        unheard = true;
        break;
      }
      const text = await hear(ticket, endpoint, audio);
      if (text === null) unheard = true;
      else transcripts.push({ messageId: String(audio._id), text });
    }

    if (job.handsOver && unanswered.some((message) => asksForHuman(turnText(message, transcripts), assistant.humanPhrases))) {
      await markAnswered(ticket.companyId, ticket._id, lastSeq, transcripts);
      const now = await current(ticket);
      if (now && answerable(now) && (await job.stillWanted())) await side.handOver(now, assistant.queueId);
      return;
    }
    if (unheard) {
      await markAnswered(ticket.companyId, ticket._id, lastSeq, transcripts);
      const now = await current(ticket);
      if (now && answerable(now) && (await job.stillWanted())) await messages.storeOutbound({ companyId: String(now.companyId), ticket: now, body: side.texts.t('inbox.aiAudioNotUnderstood'), origin: 'ai' });
      return;
    }

    let reply: string;
    try {
      endpoint ??= await endpointOf(ticket, assistant);
      const instructions = renderVariables(assistant.instructions, { contactName: ticket.contact?.name ?? '', ticketId: String(ticket._id), now: new Date(), timeZone: config.timeZone, texts: side.texts });
      reply = await chatCompletion(endpoint, { model: assistant.model, maxTokens: assistant.maxTokens, temperature: assistant.temperature, messages: chatMessages(instructions, history, transcripts) });
    } catch (err) {
      await side.failed(ticket, failureOf(err), 'chat');
      return;
    }
    const now = await current(ticket);
    if (!now || !answerable(now) || !(await job.stillWanted())) return;
    await messages.storeOutbound({ companyId: String(now.companyId), ticket: now, body: reply, origin: 'ai' });
    await markAnswered(ticket.companyId, ticket._id, lastSeq, transcripts);
    await side.answered((await current(ticket)) ?? now, assistant.promptId);
  };
}
