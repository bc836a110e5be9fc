/**
 * The phrase campaigns' calls (document 3 section 7, Phrase-triggered campaigns) and the flows
 * they pick from, through the client's plain request until the shared client has its own.
 */
import type { Flow, FlowCampaign, FlowsPage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export interface FlowCampaignData {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
}

export function flowsApi(api: ApiClient) {
  return {
    /** Every flow of the company, page after page, for the dialog's select. */
    async listFlows(): Promise<Flow[]> {
      const flows: Flow[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const page = await api.request<FlowsPage>('GET', '/flowbuilder', { query: { pageNumber } });
        flows.push(...page.flows);
        if (!page.hasMore || page.flows.length === 0) return flows;
      }
    },
    /** The spec's key: `flow` holds the list. */
    listFlowCampaigns: () => api.request<{ flow: FlowCampaign[] }>('GET', '/flowcampaign'),
    createFlowCampaign: (data: FlowCampaignData) => api.request<FlowCampaign>('POST', '/flowcampaign', { body: data }),
    updateFlowCampaign: (id: string, data: FlowCampaignData) => api.request<FlowCampaign>('PUT', '/flowcampaign', { body: { id, ...data } }),
    deleteFlowCampaign: (id: string) => api.request<void>('DELETE', `/flowcampaign/${encodeURIComponent(id)}`),
  };
}
