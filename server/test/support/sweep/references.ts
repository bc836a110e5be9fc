/**
 * The references a request body makes to a company's entities (issue 29): every id field of a
 * route's schemas (24 hex characters), what entity it names, and a body that names another
 * company's one there. An id field the sweeps cannot name fails them, which say so.
 */
import type { Schema } from 'joi';
import type { Entity } from './routes.js';
import type { Sample } from './samples.js';
import type { Ids } from './world.js';

interface Description {
  type?: string;
  keys?: Record<string, Description>;
  items?: Description[];
  matches?: { schema?: Description; then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  whens?: { then?: Description; otherwise?: Description; switch?: { then?: Description; otherwise?: Description }[] }[];
  rules?: { name: string }[];
}

function walk(description: Description | undefined, path: string[], found: Set<string>): void {
  if (!description) return;
  const rules = new Set((description.rules ?? []).map((rule) => rule.name));
  if (description.type === 'string' && rules.has('hex') && rules.has('length')) found.add(path.join('.'));
  for (const [key, child] of Object.entries(description.keys ?? {})) walk(child, [...path, key], found);
  for (const item of description.items ?? []) walk(item, [...path, '*'], found);
  for (const branch of [...(description.matches ?? []), ...(description.whens ?? [])]) {
    walk((branch as { schema?: Description }).schema, path, found);
    walk(branch.then, path, found);
    walk(branch.otherwise, path, found);
    for (const option of branch.switch ?? []) {
      walk(option.then, path, found);
      walk(option.otherwise, path, found);
    }
  }
}

/** The id fields of a schema, as paths ('*' for the items of a list). */
export function idFieldsOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const found = new Set<string>();
  walk(schema.describe() as Description, [], found);
  return [...found];
}

/** What an id field names, by its last key. */
const BY_KEY: Record<string, Entity> = {
  whatsappId: 'whatsapp',
  contactListId: 'contactList',
  tagId: 'tag',
  tagListId: 'tag',
  fileListId: 'fileList',
  fileId: 'fileList',
  users: 'user',
  userId: 'user',
  flowId: 'flow',
  idFlow: 'flow',
  queueId: 'queue',
  queueIds: 'queue',
  transferQueueId: 'queue',
  integrationId: 'queueIntegration',
  promptId: 'prompt',
  parentId: 'queueOption',
  contactId: 'contact',
  invoiceId: 'invoice',
  ticketId: 'ticket',
  companyId: 'company',
  messageIds: 'message',
  quotedMsgId: 'message',
  planId: 'plan',
};

/** Where the last key does not tell, by route and path. */
const BY_PATH: Record<string, Entity> = {
  'POST /api/messages/{ticketId} quotedMsg.id': 'message',
  'POST /api/tags/sync tags.*.id': 'tag',
  'POST /api/queueIntegration/testSession id': 'queueIntegration',
  'PUT /api/flowcampaign id': 'flowCampaign',
};

/** Id fields that name no entity of the company: a part of the document the request writes. */
export const NOT_REFERENCES: Record<string, string> = {
  'POST /api/contacts extraInfo.*.id': "the contact's own extra field",
  'PUT /api/contacts/{id} extraInfo.*.id': "the contact's own extra field",
  'POST /api/files options.*.id': "the file list's own option",
  'PUT /api/files/{id} options.*.id': "the file list's own option",
  'POST /api/files/uploadList/{id} id': "the file list's own option",
  'POST /api/files/uploadList/{id} id.*': "the file list's own options",
  'POST /api/users companyId': "names the company for super users only; anyone else's user goes to their own company",
  'POST /api/whatsapp companyId': "names the company for super users only; anyone else's connection goes to their own company",
  'POST /api/chats/{id}/read userId': "not read: the caller's own counter is cleared",
  'POST /api/flowbuilder/import flow.nodes.*.data.typebotIntegration.queueId': "an import adopts a graph made elsewhere: an OpenAI block's queue of another company is emptied (security/foreignReferences.test.ts)",
};

/** The entity an id field names (undefined: the sweep does not know; it says so). */
export function referenceOf(route: string, path: string): Entity | undefined {
  const key = path.split('.').filter((part) => part !== '*').at(-1) ?? '';
  return BY_PATH[`${route} ${path}`] ?? BY_KEY[key];
}

/**
 * Requests whose sample does not hold a nested reference, or holds one that excludes it: one that
 * does, by route (and field).
 */
export const REFERENCE_SAMPLES: Record<string, (ids: Ids) => Sample> = {
  // The audience is a contact list or a tag, not both.
  'POST /api/campaigns contactListId': (ids) => ({ payload: { name: 'Sweep campaign', message1: 'Sweep', whatsappId: ids.whatsapp } }),
  'POST /api/campaigns tagId': (ids) => ({ payload: { name: 'Sweep campaign', message1: 'Sweep', whatsappId: ids.whatsapp } }),
  'POST /api/flowbuilder/flow': (ids) => ({ payload: { idFlow: ids.flow, ...graphNaming(ids.queue) } }),
  'POST /api/flowbuilder/simulator': (ids) => ({ payload: { flowId: ids.flow, ...graphNaming(ids.queue) } }),
  'POST /api/flowbuilder/import': (ids) => ({ payload: { format: 'atende-flow', version: 1, name: 'Sweep import', active: true, flow: graphNaming(ids.queue) } }),
};

function graphNaming(queueId: string) {
  const at = { x: 0, y: 0 };
  return {
    nodes: [
      { id: '1', type: 'start', position: at, data: {} },
      { id: 'to', type: 'ticket', position: at, data: { queueId, name: 'Queue' } },
      { id: 'ai', type: 'openai', position: at, data: { typebotIntegration: { name: 'AI', prompt: 'Be brief.', apiKey: 'sk-sweep', queueId } } },
    ],
    connections: [{ id: 'e1', source: '1', target: 'to', sourceHandle: 'a', targetHandle: null }],
  };
}

/**
 * `value` with every place `path` names set to `id` (list items: a list of it). A top-level or
 * nested object place the sample lacks is made; a list the sample lacks is not (null).
 */
export function namingAt(value: unknown, path: string[], id: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return id;
  if (head === '*') {
    if (rest.length === 0) return [id];
    if (!Array.isArray(value)) return null;
    const items = value.map((item) => (typeof item === 'object' && item !== null && hasPath(item, rest) ? namingAt(item, rest, id) : item));
    return items.some((item, index) => item !== value[index]) ? items : null;
  }
  const base = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const inner = namingAt(base[head], rest, id);
  return inner === null ? null : { ...base, [head]: inner };
}

function hasPath(value: unknown, path: string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return true;
  if (head === '*') return Array.isArray(value) && value.some((item) => hasPath(item, rest));
  return typeof value === 'object' && value !== null && Object.prototype.hasOwnProperty.call(value, head) && hasPath((value as Record<string, unknown>)[head], rest);
}
