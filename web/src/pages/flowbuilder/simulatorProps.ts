/** The props of the simulator panel (helper "pages" builds it in ./simulator), as the editor mounts it. */
import type { FlowGraph } from '@atende/shared';

export interface FlowSimulatorProps {
  flowId: string;
  /** The graph being edited, saved or not. */
  graph: () => FlowGraph;
  /** The block the simulated run is at (null: none), highlighted on the canvas. */
  onNode: (nodeId: string | null) => void;
  onClose: () => void;
}
