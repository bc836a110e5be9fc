/** Every flow of the company, page after page: the selects that pick a flow (phrase campaigns, a connection's default flow). */
import type { Flow } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export async function loadAllFlows(api: ApiClient): Promise<Flow[]> {
  const flows: Flow[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await api.flows.listFlows({ pageNumber });
    flows.push(...page.flows);
    if (!page.hasMore || page.flows.length === 0) return flows;
  }
}
