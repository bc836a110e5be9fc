/**
 * Browser storage 'variables' (document 3 section 3): the names questions save answers in, offered
 * as {{name}} buttons in texts and as a condition's key.
 */
import { readStorage, writeStorage } from '../../app/storage.js';

const KEY = 'variables';

export function readVariables(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string' && name !== '') : [];
  } catch {
    return [];
  }
}

/** A question saved with `key` (and, when edited, formerly `previous`): the list without duplicates. */
export function storeQuestionVariable(key: string, previous?: string): void {
  const kept = readVariables().filter((name) => name !== previous && name !== key);
  writeStorage(KEY, JSON.stringify([...kept, key]));
}
