/**
 * The flows list's calls (document 3 section 7, Flows) through the client's plain request, until
 * the shared client has its own flow calls.
 */
import type { Flow, FlowExport, FlowsPage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';
import type { PageQuery } from '@atende/shared/client';

export function flowsApi(api: ApiClient) {
  return {
    listFlows: (query: PageQuery = {}) => api.request<FlowsPage>('GET', '/flowbuilder', { query }),
    createFlow: (name: string) => api.request<Flow>('POST', '/flowbuilder', { body: { name } }),
    updateFlow: (flowId: string, data: { name?: string; active?: boolean }) => api.request<Flow>('PUT', '/flowbuilder', { body: { flowId, ...data } }),
    deleteFlow: (id: string) => api.request<void>('DELETE', `/flowbuilder/${encodeURIComponent(id)}`),
    duplicateFlow: (flowId: string) => api.request<Flow>('POST', '/flowbuilder/duplicate', { body: { flowId } }),
    exportFlow: (id: string) => api.request<FlowExport>('GET', `/flowbuilder/${encodeURIComponent(id)}/export`),
    importFlow: (data: FlowExport) => api.request<Flow>('POST', '/flowbuilder/import', { body: data }),
  };
}
