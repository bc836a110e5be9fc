/**
 * What the address sweep (security/outboundSweep.test.ts) needs beyond the bad-input samples: a
 * valid request per route that carries a value in each of its address fields (the sweep replaces
 * it with private addresses), the routes that check an address field in their handler, and the
 * URL-like fields the server never calls, each with the reason. A route missing here fails the sweep.
 */
import { settingUpdatePayload } from '@atende/shared';
import type { Schema } from 'joi';
import type { Sample } from './samples.js';
import type { Ids } from './world.js';

/** A public-looking address: names are not resolved at save. */
export const PUBLIC_URL = 'https://hooks.sweep.test/atende';

const blocks = [
  { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
  { id: 'tb', type: 'typebot', position: { x: 200, y: 0 }, data: { typebotIntegration: { name: 'Bot', urlN8N: PUBLIC_URL, typebotSlug: 'sales' } } },
  { id: 'ai', type: 'openai', position: { x: 400, y: 0 }, data: { typebotIntegration: { name: 'AI', prompt: 'Be brief.', apiKey: 'sk-sweep', baseURL: PUBLIC_URL } } },
];
const graph = { nodes: blocks, connections: [{ id: 'e1', source: '1', target: 'tb', sourceHandle: 'a', targetHandle: null }] };

export const URL_SAMPLES: Record<string, (ids: Ids) => Sample> = {
  'PUT /api/queueIntegration/{id}': () => ({ payload: { urlN8N: PUBLIC_URL } }),
  'POST /api/prompt': (ids) => ({ payload: { name: 'Sweep prompt', prompt: 'You are the sweep assistant: answer every question in one short line.', apiKey: 'sk-sweep', queueId: ids.queue, baseURL: PUBLIC_URL } }),
  'PUT /api/prompt/{id}': () => ({ payload: { baseURL: PUBLIC_URL } }),
  'POST /api/flowbuilder/flow': (ids) => ({ payload: { idFlow: ids.flow, ...graph } }),
  'POST /api/flowbuilder/simulator': (ids) => ({ payload: { flowId: ids.flow, ...graph } }),
  'POST /api/flowbuilder/import': () => ({ payload: { format: 'atende-flow', version: 1, name: 'Sweep import', active: true, flow: graph } }),
};

/** Routes that validate an address field in their handler: the path values, the schema it uses, a sample. */
export const HANDLER_URL_ROUTES: Record<string, { params: Record<string, string>; schema: Schema; sample: Sample }> = {
  'PUT /api/settings/{key}': { params: { key: 'openAiBaseUrl' }, schema: settingUpdatePayload('openAiBaseUrl'), sample: { payload: { value: PUBLIC_URL } } },
};

/** URL-like fields the server never calls (by route and field), and why. */
export const NOT_CALLED: Record<string, string> = {
  'POST /api/plans payLink': "a payment page shown to the plan's companies; only a browser opens it",
  'PUT /api/plans/{id} payLink': "a payment page shown to the plan's companies; only a browser opens it",
  'POST /api/flowbuilder/flow nodes.*.data.url': 'a media block names a stored file (platform/uploads), never an address',
  'POST /api/flowbuilder/simulator nodes.*.data.url': 'a media block names a stored file (platform/uploads), never an address',
  'POST /api/flowbuilder/import flow.nodes.*.data.url': 'a media block names a stored file (platform/uploads), never an address',
};
