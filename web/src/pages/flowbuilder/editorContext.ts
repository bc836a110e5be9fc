/** What the blocks on the canvas need from the editor: their actions, their problems, the simulated run. */
import { createContext, useContext } from 'react';

export interface EditorContextValue {
  /** The user may not write flows: blocks offer no duplicate or delete. */
  readOnly: boolean;
  duplicate(id: string): void;
  remove(id: string): void;
  /** The texts of the graph's problems by block id (live checks and the server's answer). */
  problems: ReadonlyMap<string, string[]>;
  /** The block the simulator's run is at. */
  activeNodeId: string | null;
  /** The signed address of a stored media file (media is served only by signed links), if known. */
  mediaUrl(name: string): string | undefined;
  /** Addresses the server signed for files just uploaded. */
  addMediaUrls(names: string[], urls: string[]): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the flow editor');
  return value;
}
