/** What the blocks on the canvas need from the editor: their actions, their problems, the simulated run. */
import { createContext, useContext } from 'react';

export interface EditorContextValue {
  duplicate(id: string): void;
  remove(id: string): void;
  /** The texts of the graph's problems by block id (live checks and the server's answer). */
  problems: ReadonlyMap<string, string[]>;
  /** The block the simulator's run is at. */
  activeNodeId: string | null;
  /** Media blocks show their file from /public/{companyId}/{url}. */
  companyId: string;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the flow editor');
  return value;
}
