/** @atende/shared/node: helpers for the Node programs only (the web console never imports this). */
export {
  configDir,
  fileSession,
  readSavedSession,
  removeSavedSession,
  sessionFilePath,
  writePrivateJson,
  writeSavedSession,
  type SavedSession,
} from './sessionFile.js';
