/**
 * Flows of the flow builder (document 3 section 7, "Flows"): the list, names and the Ativo switch,
 * duplicates, the graph the editor saves, and export/import. Graph checks live in graph.ts.
 */
import { FLOW_NAME_MAX, type Flow, type FlowEvent, type FlowExport, type FlowGraph, type FlowProblem, type FlowsPage, type FlowWithGraph, PAGE_SIZE } from '@atende/shared';
import type { AuthCredentials } from '../../platform/auth/credentials.js';
import { searchRegex } from '../../platform/database/models.js';
import { AppError } from '../../platform/errors.js';
import type { RealtimePublisher } from '../../platform/realtime.js';
import type { Sealer } from '../../platform/sealing.js';
import { WhatsappModel } from '../whatsapp/model.js';
import { FlowCampaignModel } from './campaignModel.js';
import { toFlow, toFlowWithGraph } from './dto.js';
import { adoptGraph, checkGraph } from './graph.js';
import { maskBlockKeys, sealBlockKeys } from './blockKeys.js';
import { FlowModel, type FlowDoc } from './model.js';

/** A flow of the company, or ERR_NO_FLOW_FOUND (also for another company's id). */
export async function findFlow(companyId: string, id: string): Promise<FlowDoc> {
  const doc = await FlowModel.findOne({ companyId, _id: id }).lean<FlowDoc>();
  if (!doc) throw new AppError('ERR_NO_FLOW_FOUND');
  return doc;
}

const COPY_SUFFIX = / \((\d+)\)$/;

/**
 * The name a duplicate or an import takes when the wanted one is taken: "<name> (2)", "(3)" ...,
 * the first free, counted from the name without its own suffix (the copy of "Sales (2)" is
 * "Sales (3)", not "Sales (2) (2)"); the same in every language, so no translated word is stored.
 */
async function freeName(companyId: string, wanted: string, alwaysSuffix: boolean): Promise<string> {
  const base = wanted.replace(COPY_SUFFIX, '');
  const rows = await FlowModel.find({ companyId, name: new RegExp(`^${searchRegex(base).source}`, 'i') }, { name: 1 }).lean<{ name: string }[]>();
  const taken = new Set(rows.map((row) => row.name));
  if (!alwaysSuffix && !taken.has(wanted)) return wanted;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, FLOW_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export interface FlowSaveInput extends FlowGraph {
  idFlow: string;
}

export function createFlowService(realtime: RealtimePublisher, sealer: Sealer) {
  function announce(event: FlowEvent, companyId: string): void {
    realtime.publish(companyId, 'flowbuilder', event);
  }

  /** The flow with its graph as answered: the OpenAI blocks' keys masked (blockKeys.ts). */
  function withGraph(doc: FlowDoc): FlowWithGraph {
    const view = toFlowWithGraph(doc);
    return { ...view, flow: view.flow ? maskBlockKeys(view.flow, sealer) : null };
  }

  async function insert(actor: AuthCredentials, fields: { name: string; active: boolean; flow: FlowGraph | null }): Promise<Flow> {
    const created = await FlowModel.create({ companyId: actor.companyId, userId: actor.userId, ...fields });
    const flow = toFlow(created.toObject() as FlowDoc);
    announce({ action: 'create', flow }, actor.companyId);
    return flow;
  }

  async function change(actor: AuthCredentials, id: string, set: Record<string, unknown>): Promise<FlowDoc> {
    const updated = await FlowModel.findOneAndUpdate({ companyId: actor.companyId, _id: id }, { $set: set }, { returnDocument: 'after' }).lean<FlowDoc>();
    if (!updated) throw new AppError('ERR_NO_FLOW_FOUND');
    announce({ action: 'update', flow: toFlow(updated) }, actor.companyId);
    return updated;
  }

  return {
    /** Searched by name, in name order; a page more tells hasMore (no count of the whole list). */
    async page(actor: AuthCredentials, query: { searchParam: string; pageNumber: number }): Promise<FlowsPage> {
      const filter: Record<string, unknown> = { companyId: actor.companyId };
      if (query.searchParam) filter.name = searchRegex(query.searchParam);
      const rows = await FlowModel.find(filter, { flow: 0 })
        .sort({ name: 1, _id: 1 })
        .skip((query.pageNumber - 1) * PAGE_SIZE)
        .limit(PAGE_SIZE + 1)
        .lean<FlowDoc[]>();
      return { flows: rows.slice(0, PAGE_SIZE).map(toFlow), hasMore: rows.length > PAGE_SIZE };
    },

    create(actor: AuthCredentials, input: { name: string }): Promise<Flow> {
      return insert(actor, { name: input.name, active: true, flow: null });
    },

    async update(actor: AuthCredentials, input: { flowId: string; name?: string; active?: boolean }): Promise<Flow> {
      const set: Record<string, unknown> = {};
      if (input.name !== undefined) set.name = input.name;
      if (input.active !== undefined) set.active = input.active;
      return toFlow(await change(actor, input.flowId, set));
    },

    /**
     * Refused (409 ERR_FLOW_IN_USE, with how many) while a phrase campaign or a connection (its
     * default flow) starts the flow: deleting it would silently break them. Runs in tickets are
     * ended by the engine when it finds the flow gone. Media files stay: duplicates and exports name
     * the same files.
     */
    async remove(actor: AuthCredentials, id: string): Promise<void> {
      await findFlow(actor.companyId, id);
      const [campaigns, connections] = await Promise.all([
        FlowCampaignModel.find({ companyId: actor.companyId, flowId: id }, { _id: 1 }).lean<{ _id: unknown }[]>(),
        WhatsappModel.find({ companyId: actor.companyId, flowId: id }, { _id: 1 }).lean<{ _id: unknown }[]>(),
      ]);
      if (campaigns.length + connections.length > 0) throw new AppError('ERR_FLOW_IN_USE', { campaigns: campaigns.length, connections: connections.length });
      const { deletedCount } = await FlowModel.deleteOne({ companyId: actor.companyId, _id: id });
      if (deletedCount === 0) throw new AppError('ERR_NO_FLOW_FOUND');
      announce({ action: 'delete', flowId: id }, actor.companyId);
    },

    async duplicate(actor: AuthCredentials, flowId: string): Promise<Flow> {
      const source = await findFlow(actor.companyId, flowId);
      return insert(actor, { name: await freeName(actor.companyId, source.name, true), active: source.active, flow: source.flow ?? null });
    },

    async get(actor: AuthCredentials, id: string): Promise<{ flow: FlowWithGraph }> {
      return { flow: withGraph(await findFlow(actor.companyId, id)) };
    },

    /** Stores the graph when checkGraph lets it; answers the problems left for the canvas. */
    async save(actor: AuthCredentials, input: FlowSaveInput): Promise<{ flow: FlowWithGraph; problems: FlowProblem[] }> {
      const current = await findFlow(actor.companyId, input.idFlow);
      const graph: FlowGraph = { nodes: input.nodes, connections: input.connections };
      const problems = await checkGraph(actor.companyId, graph);
      const updated = await change(actor, input.idFlow, { flow: sealBlockKeys(graph, current.flow ?? null, sealer) });
      return { flow: withGraph(updated), problems };
    },

    /** Media travel as their stored file names only: the files stay on this server; OpenAI keys as masks (not at all). */
    async exportFlow(actor: AuthCredentials, id: string): Promise<FlowExport> {
      const doc = await findFlow(actor.companyId, id);
      return { format: 'atende-flow', version: 1, name: doc.name, active: doc.active, flow: doc.flow ? maskBlockKeys(doc.flow, sealer) : null };
    },

    /** A new flow from an export: the graph adopted (graph.ts) and checked as a save is; a taken name gets a suffix. */
    async importFlow(actor: AuthCredentials, input: FlowExport): Promise<Flow> {
      let graph: FlowGraph | null = null;
      if (input.flow) {
        graph = sealBlockKeys(await adoptGraph(actor.companyId, input.flow), null, sealer);
        await checkGraph(actor.companyId, graph);
      }
      return insert(actor, { name: await freeName(actor.companyId, input.name, false), active: input.active, flow: graph });
    },
  };
}

export type FlowService = ReturnType<typeof createFlowService>;
