/** The flow editor's simulator (issue 15; contract in domain/flows.ts, FlowSimulatorEvent). */
import { Joi } from './joi.js';
import { FLOW_TEXT_MAX } from '../domain/flows.js';
import { id } from './common.js';
import { flowGraphFields } from './flows.js';

/** POST /flowbuilder/simulator: the graph being edited, saved or not. */
export const flowSimulatorStartSchema = Joi.object({ flowId: id.required(), ...flowGraphFields });
/** POST /flowbuilder/simulator/{simulationId}/message: the author writing as the customer. */
export const flowSimulatorMessageSchema = Joi.object({ body: Joi.string().trim().min(1).max(FLOW_TEXT_MAX).required() });
export const flowSimulatorParams = Joi.object({ simulationId: id.required() });
/** DELETE /tickets/{ticketId}/flow */
export const ticketFlowParams = Joi.object({ ticketId: id.required() });
