import type { Plugin, Request } from '@hapi/hapi';
import { flowSimulatorMessageSchema, flowSimulatorParams, flowSimulatorStartSchema, ticketFlowParams } from '@atende/shared';
import type { AppContext } from '../../platform/context.js';
import { actor, params, payload } from '../../platform/http/routes.js';
import type { FlowEngine, SimulationStart } from './engine.js';

export interface FlowEngineContext extends AppContext {
  flows: FlowEngine;
}

/** The stop button of a ticket's flow, and the flow editor's simulator. */
export const flowEngineRoutes: Plugin<FlowEngineContext> = {
  name: 'flowEngine',
  register(server, context) {
    const { flows } = context;
    const simulationId = (request: Request) => params<{ simulationId: string }>(request).simulationId;

    server.route([
      {
        method: 'DELETE',
        path: '/tickets/{ticketId}/flow',
        options: { tags: ['api', 'tickets'], description: 'Stop the flow running in a ticket (agents who can see the ticket); answers the ticket', validate: { params: ticketFlowParams } },
        handler: (request) => flows.stop(actor(request), params<{ ticketId: string }>(request).ticketId),
      },
      {
        method: 'POST',
        path: '/flowbuilder/simulator',
        options: {
          tags: ['api', 'flowbuilder'],
          description: 'Run the graph being edited in a simulated conversation of the author; events on /company/{companyId}/flowSimulator',
          validate: { payload: flowSimulatorStartSchema },
        },
        handler: async (request, h) => h.response(await flows.startSimulation(actor(request), payload<SimulationStart>(request))).code(201),
      },
      {
        method: 'POST',
        path: '/flowbuilder/simulator/{simulationId}/message',
        options: { tags: ['api', 'flowbuilder'], description: 'The author writes as the customer in their simulation', validate: { params: flowSimulatorParams, payload: flowSimulatorMessageSchema } },
        handler: (request) => flows.simulateMessage(actor(request), simulationId(request), payload<{ body: string }>(request).body),
      },
      {
        method: 'DELETE',
        path: '/flowbuilder/simulator/{simulationId}',
        options: { tags: ['api', 'flowbuilder'], description: 'End a simulation', validate: { params: flowSimulatorParams } },
        handler: async (request, h) => {
          await flows.stopSimulation(actor(request), simulationId(request));
          return h.response().code(204);
        },
      },
    ]);
  },
};
