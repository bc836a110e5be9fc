/**
 * One simulation of the graph being edited: subscribes to `flowSimulator` first (so that the
 * flow's first messages are not missed), then starts the run; keeps the conversation, the
 * variables and what the run waits for; ends the run on restart, close and unmount. Events of
 * other simulations (another tab, an ended run) are ignored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FlowGraph, FlowRunEndReason, FlowSimulatorEvent, FlowSimulatorMessage, TicketFlowRun } from '@atende/shared';
import { useApi } from '../../../app/api.js';
import { useErrorToast } from '../../../ui/toast.js';
import { useLatest } from '../../../ui/useLatest.js';

export type SimulationPhase = { kind: 'starting' } | { kind: 'running' } | { kind: 'ended'; reason: FlowRunEndReason; detail?: string } | { kind: 'failed' };

/** A message of the conversation; `pending` while the author's own has not come back from the server. */
export type SimulationMessage = FlowSimulatorMessage & { pending?: boolean };

/** Events that come before the start's answer names this run (kept only that long). */
const EARLY_EVENTS_MAX = 200;

interface SimulationOptions {
  flowId: string;
  graph(): FlowGraph;
  onNode(nodeId: string | null): void;
}

export function useSimulation({ flowId, graph, onNode }: SimulationOptions) {
  const { api, realtime } = useApi();
  const showError = useErrorToast();
  const latest = useLatest({ graph, onNode, showError });
  const [run, setRun] = useState(0);
  const [phase, setPhase] = useState<SimulationPhase>({ kind: 'starting' });
  const [messages, setMessages] = useState<SimulationMessage[]>([]);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [waiting, setWaiting] = useState<TicketFlowRun['waiting']>(null);
  const simulationId = useRef<string | null>(null);

  const apply = useCallback(
    (event: FlowSimulatorEvent) => {
      if (event.action === 'message') {
        const incoming = event.message;
        setMessages((list) => {
          if (list.some((message) => message.id === incoming.id)) return list;
          // The author's own message coming back replaces the copy shown while it was sent.
          const echo = incoming.fromMe ? -1 : list.findIndex((message) => message.pending && message.body === incoming.body);
          return echo < 0 ? [...list, incoming] : list.map((message, index) => (index === echo ? incoming : message));
        });
      } else if (event.action === 'node') {
        setVariables(event.variables);
        setWaiting(event.waiting);
        latest.current.onNode(event.nodeId);
      } else {
        setPhase({ kind: 'ended', reason: event.reason, detail: event.detail });
        setWaiting(null);
        simulationId.current = null;
        latest.current.onNode(null);
      }
    },
    [latest],
  );

  useEffect(() => {
    if (!realtime) return;
    const calls = api.flowEngine;
    let alive = true;
    let mine: string | null = null;
    let early: FlowSimulatorEvent[] = [];
    let unsubscribe: (() => Promise<void>) | null = null;
    setPhase({ kind: 'starting' });
    setMessages([]);
    setVariables({});
    setWaiting(null);

    const onEvent = (event: FlowSimulatorEvent) => {
      if (!alive) return;
      if (mine === null) {
        if (early.length < EARLY_EVENTS_MAX) early.push(event);
      } else if (event.simulationId === mine) apply(event);
    };

    realtime
      .subscribe<FlowSimulatorEvent>('flowSimulator', onEvent)
      .then(async (stop) => {
        unsubscribe = stop;
        if (!alive) return void stop();
        const { nodes, connections } = latest.current.graph();
        const { simulationId: started } = await calls.startSimulation({ flowId, nodes, connections });
        // Closed while starting: the run is ended at once.
        if (!alive) return void calls.stopSimulation(started).catch(() => undefined);
        mine = started;
        simulationId.current = started;
        setPhase((current) => (current.kind === 'starting' ? { kind: 'running' } : current));
        const before = early.filter((event) => event.simulationId === started);
        early = [];
        before.forEach(apply);
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setPhase({ kind: 'failed' });
        latest.current.showError(error);
      });

    return () => {
      alive = false;
      simulationId.current = null;
      void unsubscribe?.();
      if (mine) void calls.stopSimulation(mine).catch(() => undefined);
      latest.current.onNode(null);
    };
  }, [api, realtime, flowId, run, apply, latest]);

  const send = useCallback(
    async (body: string) => {
      const current = simulationId.current;
      if (!current) return;
      const local: SimulationMessage = { id: `local-${Date.now()}-${Math.random()}`, fromMe: false, body, mediaType: 'chat', mediaUrl: null, createdAt: new Date().toISOString(), pending: true };
      setMessages((list) => [...list, local]);
      try {
        const { message } = await api.flowEngine.simulateMessage(current, body);
        // The pushed copy may have come first and taken the local one's place already.
        setMessages((list) => (list.some((shown) => shown.id === message.id) ? list.filter((shown) => shown.id !== local.id) : list.map((shown) => (shown.id === local.id ? message : shown))));
      } catch (error) {
        setMessages((list) => list.filter((message) => message.id !== local.id));
        latest.current.showError(error);
      }
    },
    [api, latest],
  );

  const restart = useCallback(() => setRun((count) => count + 1), []);

  return { phase, messages, variables, waiting, send, restart };
}
