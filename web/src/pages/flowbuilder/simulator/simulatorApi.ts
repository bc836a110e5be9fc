/**
 * The simulator's calls (shared/src/domain/flows.ts), named as the shared client's flow engine
 * calls: start with the graph being edited, write as the customer, end.
 */
import type { FlowGraph, FlowSimulatorMessage } from '@atende/shared';
import type { ApiClient } from '@atende/shared/client';

export function simulatorApi(api: ApiClient) {
  const one = (simulationId: string) => `/flowbuilder/simulator/${encodeURIComponent(simulationId)}`;
  return {
    startSimulation: (data: FlowGraph & { flowId: string }) => api.request<{ simulationId: string }>('POST', '/flowbuilder/simulator', { body: data }),
    /** Answers the author's message as the conversation shows it (also pushed as a 'message' event). */
    simulateMessage: (simulationId: string, body: string) => api.request<{ message: FlowSimulatorMessage }>('POST', `${one(simulationId)}/message`, { body: { body } }),
    stopSimulation: (simulationId: string) => api.request<void>('DELETE', one(simulationId)),
  };
}
