/**
 * /flowbuilder/:id? (document 3 sections 2-5, 8, 9): the flow editor. The flow loads 0.5 s after
 * opening (a flow never saved keeps the start block); blocks come from the floating menu and their
 * dialogs, are connected by dragging handles and saved as { idFlow, nodes, connections }. The
 * graph's problems show on the blocks and in a side note, live and as the server answered them.
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
import { FLOW_HANDLE_DEFAULT, type FlowProblem } from '@atende/shared';
import { ApiError } from '@atende/shared/client';
import { useApi } from '../../app/api.js';
import { Button, Spinner } from '../../ui/controls.js';
import { PageFrame, PageHeader } from '../../ui/Page.js';
import { useMediaQuery } from '../../ui/useMediaQuery.js';
import { BlockMenu, type MenuBlock } from './BlockMenu.js';
import { BlockDialogFor, type DialogBlock } from './dialogs/BlockDialogFor.js';
import { EditorContext, type EditorContextValue } from './editorContext.js';
import { useEditorErrorToast, useEditorToast } from './editorToast.js';
import { addBlock, defaultStartNode, DIALOG_SAVE_DELAY_MS, duplicateOf, FLOW_LOAD_DELAY_MS, fromGraph, newNodeId, removeBlock, toGraph, type EditorNode } from './graph.js';
import { nodeTypes } from './nodes/blocks.js';
import { ProblemsNote } from './ProblemsNote.js';
import type { FlowSimulatorProps } from './simulatorProps.js';
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

const Hint = styled.span`
  color: ${({ theme }) => theme.textSecondary};
  font-size: 13px;
`;

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

function FlowEditor() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { id: flowId } = useParams<{ id: string }>();
  const { api } = useApi();
  const toast = useEditorToast();
  const showError = useEditorErrorToast();
  const calls = api.flows;
  const { setCenter, fitView } = useReactFlow<EditorNode, Edge>();
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
        })
        .catch((error: unknown) => live && showError(error))
        .finally(() => live && setLoading(false));
    }, FLOW_LOAD_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [flowId, calls, setNodes, setEdges, showError]);

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
      toast.success(t('web.flowEditor.saved'));
    } catch (error) {
      const refused = error instanceof ApiError ? (error.data as { problems?: FlowProblem[] }).problems : undefined;
      if (refused) setServerProblems({ signature, problems: refused });
      showError(error);
    } finally {
      setSaving(false);
    }
  };

  const pick = (type: MenuBlock) => {
    if (type === 'start') {
      const next = addBlock(latest.current.nodes, latest.current.edges, 'start', {});
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
      if (open.node) {
        const editedId = open.node.id;
        setNodes(current.map((node) => (node.id === editedId ? { ...node, data: { ...data } } : node)));
        // A menu that lost options loses the connections of those options.
        setEdges(currentEdges.filter((edge) => edge.source !== editedId || stillExits(open.type, data, edge.sourceHandle)));
      } else {
        const next = addBlock(current, currentEdges, open.type, data);
        setNodes(next.nodes);
        setEdges(next.edges);
      }
    }, DIALOG_SAVE_DELAY_MS);
  };

  const onConnect = useCallback(
    (connection: Connection) =>
      setEdges((current) => {
        const handle = connection.sourceHandle ?? FLOW_HANDLE_DEFAULT;
        // One connection per exit: a new one from the same exit replaces the old.
        const others = current.filter((edge) => !(edge.source === connection.source && (edge.sourceHandle ?? FLOW_HANDLE_DEFAULT) === handle));
        return addEdge({ ...connection, id: `e${newNodeId()}` }, others);
      }),
    [setEdges],
  );

  const context = useMemo<EditorContextValue>(
    () => ({
      duplicate: (id) => {
        const { nodes: current } = latest.current;
        const node = current.find((candidate) => candidate.id === id);
        if (node) setNodes([...current, duplicateOf(node, current)]);
      },
      remove: (id) => {
        const next = removeBlock(latest.current.nodes, latest.current.edges, id);
        setNodes(next.nodes);
        setEdges(next.edges);
      },
      problems: problems.byNode,
      activeNodeId,
      mediaUrl: (name) => mediaUrls[name],
      addMediaUrls: (names, urls) => setMediaUrls((known) => ({ ...known, ...Object.fromEntries(names.map((name, index) => [name, urls[index] ?? ''])) })),
    }),
    [problems.byNode, activeNodeId, mediaUrls, setNodes, setEdges],
  );

  const edit = (node: EditorNode) => {
    if (node.type !== 'start') setDialog({ type: node.type, node });
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
        <PageHeader title={t('web.flowEditor.title')}>
          <Hint>{t('web.flowEditor.hint')}</Hint>
          {FlowSimulator && flowId ? (
            <Button $variant="outlined" onClick={() => setSimulating(true)} disabled={loading || simulating} data-simulate>
              {t('web.flowEditor.simulate')}
            </Button>
          ) : null}
          <Button onClick={() => void save()} disabled={!flowId || loading || saving} data-save-flow>
            {saving ? <Spinner /> : null}
            {t('web.flowEditor.save')}
          </Button>
        </PageHeader>
        <Workspace>
          <Canvas data-flow-canvas data-scroll-x data-loading={loading || undefined} onKeyDown={onCanvasKey}>
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
                  onNodesChange={onNodesChange}
                  onEdgesChange={onEdgesChange}
                  onConnect={onConnect}
                  onNodeDoubleClick={(_event, node) => edit(node)}
                  deleteKeyCode={['Backspace', 'Delete']}
                  zoomOnDoubleClick={false}
                  colorMode={theme.mode}
                  minZoom={0.2}
                  aria-label={t('web.flowEditor.canvas')}
                  proOptions={{ hideAttribution: true }}
                >
                  <Background variant={BackgroundVariant.Dots} gap={16} size={1.5} />
                  <Controls fitViewOptions={fitOptions} />
                </ReactFlow>
                <BlockMenu onPick={pick} />
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
