/** Flows, their graphs, block media, export/import and phrase-triggered campaigns (document 3 section 7). */
import type { FlowProblem } from '../../domain/flowProblems.js';
import type { Flow, FlowCampaign, FlowEdge, FlowExport, FlowNode, FlowsPage, FlowWithGraph } from '../../domain/flows.js';
import type { Http } from '../http.js';
import type { PageQuery } from './page.js';

export interface FlowUpdateData {
  name?: string;
  active?: boolean;
}

/** POST /flowbuilder/flow: the graph as the editor holds it. */
export interface FlowSaveData {
  idFlow: string;
  nodes: FlowNode[];
  connections: FlowEdge[];
}

/**
 * A saved graph with the problems flowProblems() found that did not refuse the save (shown on the
 * canvas); startMissing, startDuplicated and danglingEdge refuse it (400 ERR_FLOW_INVALID).
 */
export interface FlowSaveAnswer {
  flow: FlowWithGraph;
  problems: FlowProblem[];
}

/**
 * img and audio take one file and answer its stored name (what a node's `url` keeps); content takes
 * several of any block media kind and answers their names in order. `url(s)`: signed addresses to show them.
 */
export type FlowUploadKind = 'img' | 'audio' | 'content';
export type FlowUploadAnswer<K extends FlowUploadKind> = K extends 'content' ? { names: string[]; urls: string[] } : { name: string; url: string };

export interface FlowCampaignData {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status?: boolean;
}

/** A file to upload: a browser File, or bytes with the name they go by. */
export type FlowUploadFile = File | { file: Blob; name: string };

export function flowCalls(http: Http) {
  const flowPath = (id: string) => `/flowbuilder/${encodeURIComponent(id)}`;
  const campaignPath = (id: string) => `/flowcampaign/${encodeURIComponent(id)}`;
  return {
    listFlows: (query: PageQuery = {}) => http.request<FlowsPage>('GET', '/flowbuilder', { query }),
    createFlow: (name: string) => http.request<Flow>('POST', '/flowbuilder', { body: { name } }),
    updateFlow: (flowId: string, data: FlowUpdateData) => http.request<Flow>('PUT', '/flowbuilder', { body: { flowId, ...data } }),
    /** Refused with 409 ERR_FLOW_IN_USE while a phrase campaign starts it. */
    deleteFlow: (id: string) => http.request<void>('DELETE', flowPath(id)),
    /** A copy with the graph, named as import names a clash: "<name> (2)", "(3)" ... */
    duplicateFlow: (flowId: string) => http.request<Flow>('POST', '/flowbuilder/duplicate', { body: { flowId } }),
    getFlow: (id: string) => http.request<{ flow: FlowWithGraph }>('GET', `/flowbuilder/flow/${encodeURIComponent(id)}`),
    saveFlow: (data: FlowSaveData) => http.request<FlowSaveAnswer>('POST', '/flowbuilder/flow', { body: data }),
    uploadFlowMedia: <K extends FlowUploadKind>(kind: K, files: FlowUploadFile[], fields: { fromMe?: boolean; body?: string } = {}) => {
      const form = new FormData();
      form.append('fromMe', String(fields.fromMe ?? true));
      form.append('body', fields.body ?? '');
      for (const item of files) {
        if (item instanceof Blob) form.append('medias', item, item.name);
        else form.append('medias', item.file, item.name);
      }
      return http.request<FlowUploadAnswer<K>>('POST', `/flowbuilder/${kind}`, { form });
    },
    /** Media travel as their stored file names only (not the files). */
    exportFlow: (id: string) => http.request<FlowExport>('GET', `${flowPath(id)}/export`),
    /** A name already taken gets a suffix: "<name> (2)", "(3)" ... */
    importFlow: (data: FlowExport) => http.request<Flow>('POST', '/flowbuilder/import', { body: data }),

    /** The spec's key: `flow` holds the list. */
    listFlowCampaigns: () => http.request<{ flow: FlowCampaign[] }>('GET', '/flowcampaign'),
    getFlowCampaign: (id: string) => http.request<{ details: FlowCampaign }>('GET', campaignPath(id)),
    /** One active campaign per connection and phrase (409 ERR_DUPLICATED_PHRASE). */
    createFlowCampaign: (data: FlowCampaignData) => http.request<FlowCampaign>('POST', '/flowcampaign', { body: data }),
    updateFlowCampaign: (id: string, data: FlowCampaignData) => http.request<FlowCampaign>('PUT', '/flowcampaign', { body: { id, ...data } }),
    /** Admins and supervisors (as deleting contacts). */
    deleteFlowCampaign: (id: string) => http.request<void>('DELETE', campaignPath(id)),
  };
}

export type FlowCalls = ReturnType<typeof flowCalls>;
