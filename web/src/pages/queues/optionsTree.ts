/**
 * The queue's options tree (document 2 section 3): the API gives the options flat, each with its
 * parentId (-1 at the top level); the dialog shows them nested and ordered by their option number.
 */
import { TOP_LEVEL_OPTION, type QueueOption } from '@atende/shared';

export interface OptionNode {
  option: QueueOption;
  children: OptionNode[];
}

type ParentRef = string | typeof TOP_LEVEL_OPTION;

function byOption(a: QueueOption, b: QueueOption): number {
  return a.option.localeCompare(b.option, undefined, { numeric: true });
}

/** Nested nodes under `parent`; an option whose parent is missing is shown at the top level. */
export function buildOptionTree(options: QueueOption[], parent: ParentRef = TOP_LEVEL_OPTION): OptionNode[] {
  const ids = new Set(options.map((option) => option.id));
  const parentOf = (option: QueueOption): ParentRef => (option.parentId !== TOP_LEVEL_OPTION && ids.has(option.parentId) ? option.parentId : TOP_LEVEL_OPTION);
  const build = (of: ParentRef): OptionNode[] =>
    options
      .filter((option) => parentOf(option) === of)
      .sort(byOption)
      .map((option) => ({ option, children: build(option.id) }));
  return build(parent);
}

/** The number a new option under `parent` gets: one more than the largest numeric sibling. */
export function nextOptionNumber(options: QueueOption[], parent: ParentRef): string {
  const numbers = options.filter((option) => option.parentId === parent).map((option) => Number.parseInt(option.option, 10)).filter(Number.isFinite);
  return String(numbers.length ? Math.max(...numbers) + 1 : 1);
}

/** The option and every option below it: what deleting it takes away. */
export function subtreeIds(options: QueueOption[], id: string): Set<string> {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const option of options) {
      if (option.parentId !== TOP_LEVEL_OPTION && gone.has(option.parentId) && !gone.has(option.id)) {
        gone.add(option.id);
        grew = true;
      }
    }
  }
  return gone;
}

/** The list after an option was saved: replaced when known, added otherwise. */
export function putOption(options: QueueOption[], saved: QueueOption): QueueOption[] {
  return options.some((option) => option.id === saved.id) ? options.map((option) => (option.id === saved.id ? saved : option)) : [...options, saved];
}
