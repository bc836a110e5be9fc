/** Flows running in conversations (issue 15): a ticket's stop button and the editor's simulator. */
import type { FlowGraph, FlowSimulatorMessage } from '../../domain/flows.js';
import type { Ticket } from '../../domain/tickets.js';
import type { Http } from '../http.js';

export interface FlowSimulationData extends FlowGraph {
  flowId: string;
}

export function flowEngineCalls(http: Http) {
  const simulation = (id: string) => `/flowbuilder/simulator/${encodeURIComponent(id)}`;
  return {
    /** Ends the flow running in the ticket ('stopped'); answers the ticket without it. */
    stopTicketFlow: (ticketId: string) => http.request<{ ticket: Ticket }>('DELETE', `/tickets/${encodeURIComponent(ticketId)}/flow`),
    /** Runs the graph being edited; its events arrive on the `flowSimulator` channel, to the author only. */
    startSimulation: (data: FlowSimulationData) => http.request<{ simulationId: string }>('POST', '/flowbuilder/simulator', { body: data }),
    /** The author writes as the customer. */
    simulateMessage: (simulationId: string, body: string) => http.request<{ message: FlowSimulatorMessage }>('POST', `${simulation(simulationId)}/message`, { body: { body } }),
    stopSimulation: (simulationId: string) => http.request<void>('DELETE', simulation(simulationId)),
  };
}

export type FlowEngineCalls = ReturnType<typeof flowEngineCalls>;
