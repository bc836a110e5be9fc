/**
 * The interpreter's port in the editor's simulator: no ticket, no inbox, no WhatsApp. What the flow
 * says and where it stands is pushed on `/company/{companyId}/flowSimulator` to the author only.
 */
import { Types } from 'mongoose';
import type { FlowGraph, FlowRunEndReason, FlowSimulatorEvent, FlowSimulatorMessage } from '@atende/shared';
import type { i18n } from 'i18next';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import type { Config } from '../../platform/config.js';
import { setChannelFilter, type RealtimePublisher } from '../../platform/realtime.js';
import { mediaUrl } from '../../platform/uploads.js';
import { renderVariables } from '../../domains/messages/variables.js';
import type { FlowMediaBlock, FlowPort } from './interpreter.js';
import { variablesOf, type FlowRunDoc } from './runModel.js';

const MEDIA_TYPES: Record<FlowMediaBlock, FlowSimulatorMessage['mediaType']> = { img: 'image', audio: 'audio', video: 'video' };

/** Only the simulation's author hears its events. */
interface SimulatorAudience {
  userId: string;
}

export function registerSimulatorVisibility(): void {
  setChannelFilter('flowSimulator', (_payload, credentials: AuthCredentials, internal) => (internal as SimulatorAudience | undefined)?.userId === credentials.userId);
}

export function publishSimulation(realtime: RealtimePublisher, run: Pick<FlowRunDoc, 'companyId' | 'userId'>, event: FlowSimulatorEvent): void {
  const audience: SimulatorAudience = { userId: String(run.userId) };
  realtime.publish(String(run.companyId), 'flowSimulator', { ...event }, audience);
}

export function simulatorMessage(fromMe: boolean, body: string, mediaType: FlowSimulatorMessage['mediaType'] = 'chat', url: string | null = null): FlowSimulatorMessage {
  return { id: String(new Types.ObjectId()), fromMe, body, mediaType, mediaUrl: url, createdAt: new Date().toISOString() };
}

export function simulatorPort(deps: { realtime: RealtimePublisher; config: Config; texts: i18n }, run: FlowRunDoc, authorName: string): FlowPort {
  const { realtime, config, texts } = deps;
  const simulationId = String(run._id);
  const companyId = String(run.companyId);
  const push = (event: FlowSimulatorEvent) => publishSimulation(realtime, run, event);

  return {
    async graph(current: FlowRunDoc): Promise<FlowGraph | null> {
      return current.graph;
    },
    async say(text: string): Promise<void> {
      if (!text.trim()) return;
      // The author stands for the customer: their name fills {{name}}.
      const body = renderVariables(text, { contactName: authorName, ticketId: simulationId, now: new Date(), timeZone: config.timeZone, texts });
      push({ action: 'message', simulationId, message: simulatorMessage(true, body) });
    },
    async media(kind: FlowMediaBlock, fileName: string): Promise<void> {
      let url: string | null = null;
      try {
        url = mediaUrl(companyId, fileName);
      } catch {
        // Not a stored file name (the block's upload is missing): shown without its address.
      }
      push({ action: 'message', simulationId, message: simulatorMessage(true, fileName, MEDIA_TYPES[kind], url) });
    },
    async transfer(): Promise<boolean> {
      return true;
    },
    /** Typebot answers live conversations only: the simulation ends there ('finished', detail 'typebot'). */
    async typebot(): Promise<boolean> {
      return true;
    },
    async ai(): Promise<void> {
      // The simulator calls no model: it says where the model would answer.
      push({ action: 'message', simulationId, message: simulatorMessage(true, texts.t('inbox.aiSimulated')) });
    },
    async handOver(): Promise<void> {},
    async visit(current: FlowRunDoc, nodeId: string): Promise<void> {
      push({ action: 'node', simulationId, nodeId, waiting: null, variables: variablesOf(current) });
    },
    async waits(current: FlowRunDoc): Promise<void> {
      push({ action: 'node', simulationId, nodeId: current.nodeId, waiting: current.waiting, variables: variablesOf(current) });
    },
    async ended(_current: FlowRunDoc, reason: FlowRunEndReason, detail?: string): Promise<void> {
      push({ action: 'end', simulationId, reason, ...(detail ? { detail } : {}) });
    },
  };
}
