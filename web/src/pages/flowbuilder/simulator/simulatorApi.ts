/** The simulator's calls (shared/src/domain/flows.ts): start with the graph being edited, write as the customer, end. */
import type { FlowGraph, FlowSimulatorMessage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export function simulatorApi(api: ApiClient) {
  const one = (simulationId: string) => `/flowbuilder/simulator/${encodeURIComponent(simulationId)}`;
  return {
    start: (flowId: string, graph: FlowGraph) =>
      api.request<{ simulationId: string }>('POST', '/flowbuilder/simulator', { body: { flowId, nodes: graph.nodes, connections: graph.connections } }),
    /** Answers the author's message as the conversation shows it (also pushed as a 'message' event). */
    send: (simulationId: string, body: string) => api.request<{ message: FlowSimulatorMessage }>('POST', `${one(simulationId)}/message`, { body: { body } }),
    end: (simulationId: string) => api.request<void>('DELETE', one(simulationId)),
  };
}
