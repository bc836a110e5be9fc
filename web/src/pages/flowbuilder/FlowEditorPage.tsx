/**
 * /flowbuilder/:id? (document 3 sections 2-5, 8, 9): the flow editor. The flow loads 0.5 s after
 * opening (a flow never saved keeps the start block); blocks come from the floating menu and their
 * dialogs, are connected by dragging handles and saved as { idFlow, nodes, connections }. The
 * graph's problems show on the blocks and in a side note, live and as the server answered them.
 * Issue 30: unsaved work is guarded, edits can be undone and redone, new blocks appear in view, a
 * refused save names its block, and users who may not write flows get a read-only view.
 */
/// <reference types="vite/client" />
import '@xyflow/react/dist/style.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import {
  addEdge,
  Background,
  BackgroundVariant,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
} from '@xyflow/react';
import { FLOW_HANDLE_DEFAULT, mayWriteFlows, type FlowProblem } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi, useUser } from '../../app/api.js';
import { Spinner } from '../../ui/controls.js';
import { PageFrame } from '../../ui/Page.js';
import { useErrorText } from '../../ui/toast.js';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { BlockMenu, type MenuBlock } from './BlockMenu.js';
import { BlockDialogFor, type DialogBlock } from './dialogs/BlockDialogFor.js';
import { EditorContext, type EditorContextValue } from './editorContext.js';
import { EditorHeader } from './EditorHeader.js';
import { useEditorErrorToast, useEditorToast } from './editorToast.js';
import { addBlock, defaultStartNode, DIALOG_SAVE_DELAY_MS, duplicateOf, FLOW_LOAD_DELAY_MS, fromGraph, newNodeId, removeBlock, toGraph, type EditorNode } from './graph.js';
import { nodeTypes } from './nodes/blocks.js';
import { ProblemsNote } from './ProblemsNote.js';
import type { FlowSimulatorProps } from './simulatorProps.js';
import { blockName, offendingNode } from './saveError.js';
import { UnsavedGuard } from './UnsavedGuard.js';
import { useHistory, type Drawing } from './useHistory.js';
import { graphSignature, useProblems, type ServerProblems } from './useProblems.js';

type SimulatorModule = { default?: ComponentType<FlowSimulatorProps>; FlowSimulator?: ComponentType<FlowSimulatorProps> };
// The simulator panel is another helper's; until it exists the editor simply offers no Simulate button.
const simulatorModule = import.meta.glob<SimulatorModule>('./simulator/FlowSimulator.tsx')['./simulator/FlowSimulator.tsx'];
const FlowSimulator = simulatorModule
  ? lazy(async () => {
      const loaded = await simulatorModule();
      return { default: (loaded.default ?? loaded.FlowSimulator) as ComponentType<FlowSimulatorProps> };
    })
  : null;

const Workspace = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  gap: 12px;
  @media (max-width: 899px) {
    flex-direction: column;
  }
`;

const Canvas = styled.div`
  position: relative;
  flex: 1;
  min-height: 360px;
  background: ${({ theme }) => theme.paper};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 8px;
  overflow: hidden;
  .react-flow__controls button {
    width: 28px;
    height: 28px;
  }
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  height: 100%;
  color: ${({ theme }) => theme.textSecondary};
`;

/**
 * Fitting the view leaves room for the floating menu (left; on narrow windows a row at the top) and
 * for the zoom controls and the problems (bottom).
 */
const FIT_VIEW = { maxZoom: 1, padding: { left: '170px', right: '30px', top: '30px', bottom: '60px' } } as const;
const FIT_VIEW_NARROW = { maxZoom: 1, padding: { left: '20px', right: '20px', top: '70px', bottom: '60px' } } as const;

/** The dialog open: creating a block of a type, or editing a block. */
type OpenDialog = { type: DialogBlock; node?: EditorNode } | null;

/** What is saved of a drawing: unsaved work is a drawing that differs from it. */
const savedForm = (nodes: EditorNode[], edges: Edge[]) => JSON.stringify(toGraph(nodes, edges));

function FlowEditor() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { id: flowId } = useParams<{ id: string }>();
  const { api } = useApi();
  const canWrite = mayWriteFlows(useUser());
  const toast = useEditorToast();
  const showError = useEditorErrorToast();
  const errorText = useErrorText();
  const calls = api.flows;
  const { setCenter, fitView, screenToFlowPosition } = useReactFlow<EditorNode, Edge>();
  const canvas = useRef<HTMLDivElement>(null);
  const fitOptions = useMediaQuery('(max-width: 599px)') ? FIT_VIEW_NARROW : FIT_VIEW;

  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>([defaultStartNode()]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [loading, setLoading] = useState(Boolean(flowId));
  const [saving, setSaving] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [serverProblems, setServerProblems] = useState<ServerProblems | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [activeNodeId, setActiveNodeId] = useState<string | null>(null);
  const [mediaUrls, setMediaUrls] = useState<Record<string, string>>({});
  const latest = useRef({ nodes, edges });
  latest.current = { nodes, edges };
  const [saved, setSaved] = useState(() => savedForm(nodes, edges));
  const dirty = useMemo(() => canWrite && !loading && savedForm(nodes, edges) !== saved, [canWrite, loading, nodes, edges, saved]);
  const current = useCallback((): Drawing => ({ ...latest.current }), []);
  const restore = useCallback(
    (drawing: Drawing) => {
      setNodes(drawing.nodes);
      setEdges(drawing.edges);
    },
    [setNodes, setEdges],
  );
  const history = useHistory(current, restore, canWrite);
  /** The point of the canvas in the middle of the view, where new blocks go. */
  const viewCenter = () => {
    const box = canvas.current?.getBoundingClientRect();
    return box ? screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 250, y: 100 };
  };

  useEffect(() => {
    if (!flowId) return;
    let live = true;
    const timer = window.setTimeout(() => {
      calls
        .getFlow(flowId)
        .then(({ flow }) => {
          if (!live) return;
          setMediaUrls(flow.mediaUrls ?? {});
          if (!flow.flow) return;
          const graph = fromGraph(flow.flow);
          setNodes(graph.nodes);
          setEdges(graph.edges);
          setSaved(savedForm(graph.nodes, graph.edges));
        })
        .catch((error: unknown) => live && showError(error))
        .finally(() => live && setLoading(false));
    }, FLOW_LOAD_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [flowId, calls, setNodes, setEdges, showError]);
  useEffect(() => history.reset(), [flowId, history.reset]);

  useEffect(() => {
    if (!loading) void fitView(fitOptions);
  }, [loading, fitView, fitOptions]);

  const problems = useProblems(nodes, edges, serverProblems);

  const save = async () => {
    if (!flowId) return;
    setSaving(true);
    const signature = graphSignature(nodes, edges);
    try {
      const answer = await calls.saveFlow({ idFlow: flowId, ...toGraph(nodes, edges) });
      setServerProblems({ signature, problems: answer.problems ?? [] });
      setSaved(savedForm(nodes, edges));
      toast.success(t('web.flowEditor.saved'));
    } catch (error) {
      const refused = error instanceof ApiError ? (error.data as { problems?: FlowProblem[] }).problems : undefined;
      if (refused) setServerProblems({ signature, problems: refused });
      const node = offendingNode(error, nodes);
      if (node) {
        toast.error(t('web.flowEditor.saveFailedAt', { reason: errorText(error), block: blockName(t, node, nodes) }));
        showNode(node.id);
      } else showError(error);
    } finally {
      setSaving(false);
    }
  };

  const pick = (type: MenuBlock) => {
    if (type === 'start') {
      history.record();
      const next = addBlock(latest.current.nodes, latest.current.edges, 'start', {}, viewCenter());
      setNodes(next.nodes);
      setEdges(next.edges);
    } else setDialog({ type });
  };

  const applyDialog = (data: object) => {
    const open = dialog;
    setDialog(null);
    if (!open) return;
    // Section 4: a dialog's save applies about 0.4 s later.
    window.setTimeout(() => {
      const { nodes: current, edges: currentEdges } = latest.current;
      history.record();
      if (open.node) {
        const editedId = open.node.id;
        setNodes(current.map((node) => (node.id === editedId ? { ...node, data: { ...data } } : node)));
        // A menu that lost options loses the connections of those options.
        setEdges(currentEdges.filter((edge) => edge.source !== editedId || stillExits(open.type, data, edge.sourceHandle)));
      } else {
        const next = addBlock(current, currentEdges, open.type, data, viewCenter());
        setNodes(next.nodes);
        setEdges(next.edges);
      }
    }, DIALOG_SAVE_DELAY_MS);
  };

  const { record } = history;
  const onConnect = useCallback(
    (connection: Connection) => {
      record();
      setEdges((current) => {
        const handle = connection.sourceHandle ?? FLOW_HANDLE_DEFAULT;
        // One connection per exit: a new one from the same exit replaces the old.
        const others = current.filter((edge) => !(edge.source === connection.source && (edge.sourceHandle ?? FLOW_HANDLE_DEFAULT) === handle));
        return addEdge({ ...connection, id: `e${newNodeId()}` }, others);
      });
    },
    [setEdges, record],
  );
  // Removals by the keyboard and moves are edits too: the drawing before them can be brought back.
  const nodesChanged = useCallback<typeof onNodesChange>(
    (changes) => {
      if (changes.some((change) => change.type === 'remove')) record();
      onNodesChange(changes);
    },
    [onNodesChange, record],
  );
  const edgesChanged = useCallback<typeof onEdgesChange>(
    (changes) => {
      if (changes.some((change) => change.type === 'remove')) record();
      onEdgesChange(changes);
    },
    [onEdgesChange, record],
  );

  const context = useMemo<EditorContextValue>(
    () => ({
      readOnly: !canWrite,
      duplicate: (id) => {
        const { nodes: current } = latest.current;
        const node = current.find((candidate) => candidate.id === id);
        if (!node) return;
        record();
        setNodes([...current, duplicateOf(node, current)]);
      },
      remove: (id) => {
        record();
        const next = removeBlock(latest.current.nodes, latest.current.edges, id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
      problems: problems.byNode,
      activeNodeId,
      mediaUrl: (name) => mediaUrls[name],
      addMediaUrls: (names, urls) => setMediaUrls((known) => ({ ...known, ...Object.fromEntries(names.map((name, index) => [name, urls[index] ?? ''])) })),
    }),
    [problems.byNode, activeNodeId, mediaUrls, setNodes, setEdges, record, canWrite],
  );

  const edit = (node: EditorNode) => {
    if (canWrite && node.type !== 'start') setDialog({ type: node.type, node });
  };

  /** Enter on a focused block opens its dialog: the keyboard's double click. */
  const onCanvasKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !target.classList.contains('react-flow__node')) return;
    const node = nodes.find((candidate) => candidate.id === target.dataset.id);
    if (!node) return;
    // Otherwise the same Enter would go on to submit the dialog's form, focused meanwhile.
    event.preventDefault();
    edit(node);
  };

  const showNode = (nodeId: string) => {
    const node = nodes.find((candidate) => candidate.id === nodeId);
    if (!node) return;
    setNodes((current) => current.map((other) => ({ ...other, selected: other.id === nodeId })));
    void setCenter(node.position.x + 110, node.position.y + 60, { zoom: 1, duration: 300 });
  };

  const graph = useCallback(() => toGraph(latest.current.nodes, latest.current.edges), []);
  const closeSimulator = useCallback(() => {
    setSimulating(false);
    setActiveNodeId(null);
  }, []);

  return (
    <EditorContext.Provider value={context}>
      <PageFrame>
        <EditorHeader
          canWrite={canWrite}
          history={history}
          simulate={FlowSimulator && flowId ? () => setSimulating(true) : null}
          simulating={simulating}
          save={flowId ? () => void save() : null}
          busy={loading}
          saving={saving}
        />
        <UnsavedGuard dirty={dirty} />
        <Workspace>
          <Canvas ref={canvas} data-flow-canvas data-scroll-x data-loading={loading || undefined} data-dirty={dirty || undefined} data-read-only={!canWrite || undefined} onKeyDown={onCanvasKey}>
            {loading ? (
              <Loading role="status">
                <Spinner $size={24} />
                {t('web.flowEditor.loading')}
              </Loading>
            ) : (
              <>
                <ReactFlow<EditorNode, Edge>
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={nodeTypes}
                  onNodesChange={nodesChanged}
                  onEdgesChange={edgesChanged}
                  onConnect={onConnect}
                  onNodeDragStart={record}
                  onNodeDoubleClick={(_event, node) => edit(node)}
                  nodesDraggable={canWrite}
                  nodesConnectable={canWrite}
                  deleteKeyCode={canWrite ? ['Backspace', 'Delete'] : null}
                  zoomOnDoubleClick={false}
                  colorMode={theme.mode}
                  minZoom={0.2}
                  aria-label={t('web.flowEditor.canvas')}
                  proOptions={{ hideAttribution: true }}
                >
                  <Background variant={BackgroundVariant.Dots} gap={16} size={1.5} />
                  <Controls fitViewOptions={fitOptions} />
                </ReactFlow>
                {canWrite ? <BlockMenu onPick={pick} /> : null}
                <ProblemsNote problems={problems.listed} onShow={showNode} />
              </>
            )}
          </Canvas>
          {FlowSimulator && flowId && simulating ? (
            <Suspense fallback={<Spinner />}>
              <FlowSimulator flowId={flowId} graph={graph} onNode={setActiveNodeId} onClose={closeSimulator} />
            </Suspense>
          ) : null}
        </Workspace>
        {dialog ? <BlockDialogFor type={dialog.type} data={dialog.node?.data} onCancel={() => setDialog(null)} onSave={applyDialog} /> : null}
      </PageFrame>
    </EditorContext.Provider>
  );
}

/** Whether an edited block still has the exit an edge leaves by (a menu's options may have gone). */
function stillExits(type: DialogBlock, data: object, handle: string | null | undefined): boolean {
  if (type !== 'menu') return true;
  const { arrayOption } = data as { arrayOption: { number: number }[] };
  return arrayOption.some((option) => `a${option.number}` === handle);
}

export default function FlowEditorPage() {
  // Another flow opened from here starts afresh (its own load, spinner and problems).
  const { id } = useParams<{ id: string }>();
  return (
    <ReactFlowProvider key={id ?? ''}>
      <FlowEditor />
    </ReactFlowProvider>
  );
}
