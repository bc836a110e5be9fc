/**
 * Moving through a conversation with ↑↓: from message to message, but through a message taller
 * than the pane a page at a time first, so that its start and its end can both be read. A place is
 * the message at the bottom of the pane and how many of its last lines are hidden below (a row then
 * says so, see messageLines.ts).
 */
export interface Place {
  index: number;
  below: number;
}

/** Rows one ↑ or ↓ scrolls inside a tall message: a page, less two rows kept for context. */
export function scrollStep(rows: number): number {
  return Math.max(1, rows - 2);
}

/** Hidden lines below when a message of `height` rows shows from its first line. */
function fromTop(height: number, rows: number): number {
  return height > rows ? height - (rows - 1) : 0;
}

/** One step up: the rest of a tall message, else the previous message (null: none loaded). */
export function stepUp(place: Place, heightOf: (index: number) => number, rows: number): Place | null {
  const height = heightOf(place.index);
  const room = place.below > 0 ? rows - 1 : rows;
  if (height - place.below > room) return { index: place.index, below: Math.min(place.below + scrollStep(rows), fromTop(height, rows)) };
  return place.index > 0 ? { index: place.index - 1, below: 0 } : null;
}

/** One step down: the rest of a tall message, else the next message from its first line. */
export function stepDown(place: Place, heightOf: (index: number) => number, rows: number, count: number): Place {
  if (place.below > 0) return { index: place.index, below: Math.max(0, place.below - scrollStep(rows)) };
  if (place.index >= count - 1) return place;
  const next = place.index + 1;
  return { index: next, below: fromTop(heightOf(next), rows) };
}
