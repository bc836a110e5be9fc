/**
 * The flow builder (document 3 sections 2-5, 7, 9): flows drawn from blocks, phrase-triggered flow
 * campaigns, and the state of a flow running in a ticket. The graph's shape is @xyflow/react's
 * (nodes with position and data, edges between handles), stored as the editor saves it.
 */
import type { Profile } from './enums.js';

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'interval',
  'condition',
  'menu',
  'img',
  'audio',
  'video',
  'randomizer',
  'singleBlock',
  'typebot',
  'question',
  'ticket',
  'openai',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/**
 * Profiles that write flows and phrase campaigns (create, rename, switch, delete, save, upload,
 * import); every user of the company reads them. Deleting a campaign follows the contacts' delete
 * permission (section 6), which is these same profiles. Super users always may.
 */
export const FLOW_WRITE_PROFILES = ['admin', 'supervisor'] as const satisfies readonly Profile[];

/** Whether the user may write flows and phrase campaigns (the consoles offer those actions only then). */
export function mayWriteFlows(user: { profile: Profile; super: boolean }): boolean {
  return user.super || (FLOW_WRITE_PROFILES as readonly Profile[]).includes(user.profile);
}

export const FLOW_NAME_MIN = 2;
export const FLOW_NAME_MAX = 50;
/** Random alphanumeric node ids (section 3); the first start node of a new flow is '1'. */
export const FLOW_NODE_ID_LENGTH = 30;
export const FLOW_START_NODE_ID = '1';
export const FLOW_START_LABEL = 'Inicio do fluxo';
/** Editor placement (section 4). */
export const FLOW_NODE_SPACING = 40;
export const FLOW_DUPLICATE_OFFSET = 240;
export const FLOW_INTERVAL_MIN_S = 1;
export const FLOW_INTERVAL_MAX_S = 120;
export const FLOW_RANDOMIZER_STEP = 10;
/** Bounds the spec does not give: a graph's size and a text block's length. */
export const FLOW_NODES_MAX = 500;
export const FLOW_EDGES_MAX = 2000;
export const FLOW_TEXT_MAX = 4096;
export const FLOW_MENU_OPTIONS_MAX = 20;
/**
 * What a run may do between two messages of the customer (intervals do not reset it): a loop,
 * with a wait or without, ends there ('loopLimit') instead of writing to the customer for ever.
 */
export const FLOW_RUN_BLOCKS_MAX = 50;
export const FLOW_RUN_MESSAGES_MAX = 20;
/** A menu asked this many times without a valid answer ends the flow (the ticket stays pending). */
export const FLOW_MENU_RETRIES = 3;
/** Upload limits of the block media (section 5), in bytes, and the kinds each takes. */
export const FLOW_MEDIA_LIMITS = {
  img: { maxBytes: 2 * 1024 * 1024, extensions: ['png', 'jpg', 'jpeg'] },
  audio: { maxBytes: 5 * 1024 * 1024, extensions: ['ogg', 'mp3', 'opus'] },
  video: { maxBytes: 20 * 1024 * 1024, extensions: ['mp4'] },
} as const;
export type FlowMediaKind = keyof typeof FLOW_MEDIA_LIMITS;

/** Operators of the condition block; `key` names a question variable, '' the customer's last message. */
export const FLOW_CONDITION_OPERATORS = ['equals', 'contains', 'startsWith', 'greater', 'less', 'regex'] as const;
export type FlowConditionOperator = (typeof FLOW_CONDITION_OPERATORS)[number];

/** Voices of the OpenAI block (section 3): 'texto' answers in text only. */
export const FLOW_OPENAI_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export const FLOW_OPENAI_DEFAULTS = { voice: 'texto', maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

/**
 * Source handles (edges' `sourceHandle`): one-exit blocks use 'a'; a menu option n uses `a${n}`;
 * a condition 'true' / 'false'; a randomizer 'a' (taken `percent`% of the time) and 'b' (the rest).
 */
export const FLOW_HANDLE_DEFAULT = 'a';
export const menuHandle = (optionNumber: number): string => `a${optionNumber}`;
export const FLOW_CONDITION_HANDLES = { yes: 'true', no: 'false' } as const;
export const FLOW_RANDOMIZER_HANDLES = { percent: 'a', rest: 'b' } as const;

export interface FlowMenuOption {
  /** 1, 2, 3 ... consecutively. */
  number: number;
  value: string;
}

/** One element of a content (singleBlock) sequence; `number` is its entry in `seq` (e.g. 'img2'). */
export interface FlowContentElement {
  number: string;
  type: 'message' | 'interval' | 'img' | 'audio' | 'video';
  /** The text, the seconds, or the stored file name of the media. */
  value: string;
  /** The uploaded file's original name (media). */
  original?: string;
  /** Audio recorded in the browser rather than uploaded. */
  record?: boolean;
}

export interface FlowQueueIntegration {
  name: string;
  projectName?: string;
  urlN8N?: string;
  typebotSlug?: string;
  typebotExpires?: number;
  typebotDelayMessage?: number;
  typebotKeywordFinish?: string;
  typebotKeywordRestart?: string;
  typebotRestartMessage?: string;
  typebotUnknownMessage?: string;
}

export interface FlowOpenAiSettings {
  name: string;
  projectName?: string;
  prompt: string;
  voice: string;
  voiceKey?: string;
  voiceRegion?: string;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: string | null;
  maxMessages: number;
}

/** `data` of each node type (section 3's table). Media `url` is the stored file name (served at /public/{companyId}/{url}). */
export interface FlowNodeData {
  start: Record<string, never>;
  message: { label: string };
  interval: { sec: number; label?: string };
  condition: { key: string; condition: FlowConditionOperator; value: string };
  menu: { message: string; arrayOption: FlowMenuOption[] };
  img: { url: string };
  audio: { url: string; record?: boolean };
  video: { url: string };
  randomizer: { percent: number };
  singleBlock: { seq: string[]; elements: FlowContentElement[] };
  typebot: { typebotIntegration: FlowQueueIntegration };
  question: { typebotIntegration: { message: string; answerKey: string } };
  ticket: { queueId: string; name: string };
  openai: { typebotIntegration: FlowOpenAiSettings };
}

export type FlowNode = {
  [T in FlowNodeType]: { id: string; type: T; position: { x: number; y: number }; data: FlowNodeData[T] };
}[FlowNodeType];

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

export interface FlowGraph {
  nodes: FlowNode[];
  connections: FlowEdge[];
}

export interface Flow {
  id: string;
  companyId: string;
  userId: string | null;
  name: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

/** GET /flowbuilder/flow/{id}: `flow.flow` is null until the first save. */
export interface FlowWithGraph extends Flow {
  flow: FlowGraph | null;
  /** Signed addresses of the graph's media by stored file name (/public/{companyId}/{file} needs the signature). */
  mediaUrls?: Record<string, string>;
}

export interface FlowsPage {
  flows: Flow[];
  hasMore: boolean;
}

/** A file exported from the list (`atende flows export`), read back by import. */
export interface FlowExport {
  format: 'atende-flow';
  version: 1;
  name: string;
  active: boolean;
  flow: FlowGraph | null;
}

/** Phrase-triggered flow campaign (section 3). */
export interface FlowCampaign {
  id: string;
  companyId: string;
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Why a ticket's flow run ended. */
export const FLOW_RUN_END_REASONS = ['finished', 'stopped', 'accepted', 'transferred', 'failed', 'menuRetries', 'closed', 'loopLimit'] as const;
export type FlowRunEndReason = (typeof FLOW_RUN_END_REASONS)[number];

/** Ends the agents must hear of: the ticket keeps them (ticket.flowEnd) until another flow starts or it closes. */
export const FLOW_RUN_END_SHOWN = ['failed', 'loopLimit'] as const satisfies readonly FlowRunEndReason[];

/** Why the last flow of a ticket stopped, when that is something to look into. */
export interface TicketFlowEnd {
  flowId: string;
  flowName: string;
  reason: (typeof FLOW_RUN_END_SHOWN)[number];
  /** The block it stopped at. */
  nodeId: string;
  at: string;
}

/** What a ticket shows while a flow runs in it (ticket.flowRun; null when none runs). */
export interface TicketFlowRun {
  flowId: string;
  flowName: string;
  /** The node being run or waited on. */
  nodeId: string;
  /**
   * What the run waits for: the customer's answer, a menu choice, an interval's end, the customer's
   * next message for the OpenAI block's model ('ai'), or nothing (running).
   */
  waiting: 'answer' | 'menu' | 'interval' | 'ai' | null;
  startedAt: string;
}

/** Payloads of the `flowbuilder` and `flowcampaign` realtime channels. */
export type FlowEvent = { action: 'create' | 'update'; flow: Flow } | { action: 'delete'; flowId: string };
export type FlowCampaignEvent = { action: 'create' | 'update'; flowCampaign: FlowCampaign } | { action: 'delete'; flowCampaignId: string };

/**
 * Case-, accent-, punctuation- and space-insensitive form of a trigger phrase or a customer's
 * message (section 3: phrase match): "Quero atendimento!" matches "quero atendimento". A mark
 * between two digits stays ("1.5", "10,50"); symbols and emoji stay.
 */
export function normalizePhrase(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(?<!\d)\p{P}|\p{P}(?!\d)/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The editor's simulator: the engine runs the graph being edited (saved or not) in a conversation
 * of the author's own that no inbox shows. `POST /flowbuilder/simulator` with `{ flowId, nodes,
 * connections }` starts one and answers `{ simulationId }`; `POST /flowbuilder/simulator/{id}/message`
 * with `{ body }` is the author writing as the customer; `DELETE /flowbuilder/simulator/{id}` ends it.
 * What happens is pushed on `/company/{companyId}/flowSimulator` to the author only.
 */
export interface FlowSimulatorMessage {
  id: string;
  /** true: sent by the flow; false: written by the author as the customer. */
  fromMe: boolean;
  body: string;
  mediaType: 'chat' | 'image' | 'audio' | 'video';
  /** Served media address for image/audio/video, else null. */
  mediaUrl: string | null;
  createdAt: string;
}

export type FlowSimulatorEvent =
  | { action: 'message'; simulationId: string; message: FlowSimulatorMessage }
  | { action: 'node'; simulationId: string; nodeId: string; waiting: TicketFlowRun['waiting']; variables: Record<string, string> }
  | { action: 'end'; simulationId: string; reason: FlowRunEndReason; detail?: string };
