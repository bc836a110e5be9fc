/**
 * The editor's calls (document 3 section 7, "Flows"), through the console's API client until the
 * shared client has its typed flow calls (same names: getFlow, saveFlow, uploadFlowMedia).
 */
import type { FlowGraph, FlowProblem, FlowWithGraph } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export type FlowUploadKind = 'img' | 'audio' | 'content';

/** POST /flowbuilder/flow: graph problems that did not refuse the save come back as `problems`. */
export interface FlowSaveAnswer {
  problems?: FlowProblem[];
}

/** img and audio answer the stored name and its signed address; content the names and addresses, in the order sent. */
export interface FlowUploadAnswer {
  name?: string;
  url?: string;
  names?: string[];
  urls?: string[];
}

/** The flow with its graph and the signed addresses of the graph's media by stored file name. */
export interface FlowAnswer {
  flow: FlowWithGraph & { mediaUrls?: Record<string, string> };
}

export function flowApi(api: ApiClient) {
  return {
    getFlow: (id: string) => api.request<FlowAnswer>('GET', `/flowbuilder/flow/${encodeURIComponent(id)}`),
    saveFlow: (data: { idFlow: string } & FlowGraph) => api.request<FlowSaveAnswer>('POST', '/flowbuilder/flow', { body: data }),
    uploadFlowMedia: (kind: FlowUploadKind, files: File[]) => {
      const form = new FormData();
      form.append('fromMe', 'true');
      form.append('body', '');
      for (const file of files) form.append('medias', file, file.name);
      return api.request<FlowUploadAnswer>('POST', `/flowbuilder/${kind}`, { form });
    },
  };
}
