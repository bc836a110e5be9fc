/** The to-do list (document 1 section 2): tasks kept only in this browser; empty text is ignored. */
import { readStorage, writeStorage } from '../../app/storage.js';

export const TODO_STORAGE_KEY = 'tasks';

export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

function isTask(value: unknown): value is Task {
  const task = value as Task;
  return typeof task === 'object' && task !== null && typeof task.text === 'string' && typeof task.createdAt === 'string' && typeof task.updatedAt === 'string';
}

/** The stored tasks; anything unreadable counts as none. */
export function readTasks(): Task[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(TODO_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isTask) : [];
  } catch {
    return [];
  }
}

export function writeTasks(tasks: Task[]): void {
  writeStorage(TODO_STORAGE_KEY, JSON.stringify(tasks));
}

/** Adds a task, or replaces the text of the one at `index`; blank text changes nothing. */
export function saveTask(tasks: Task[], text: string, index: number | null, now: Date = new Date()): Task[] {
  const trimmed = text.trim();
  if (!trimmed) return tasks;
  const stamp = now.toISOString();
  if (index === null) return [...tasks, { text: trimmed, createdAt: stamp, updatedAt: stamp }];
  return tasks.map((task, position) => (position === index ? { ...task, text: trimmed, updatedAt: stamp } : task));
}
