/** @atende/shared/node: helpers for the Node programs only (the web console never imports this). */
export {
  fileSession,
  readSavedSession,
  removeSavedSession,
  sessionFilePath,
  writeSavedSession,
  type SavedSession,
} from './sessionFile.js';
