/** First index of a window of `size` items over `count` that keeps the cursor in view, centred when it can. */
export function windowStart(cursor: number, count: number, size: number): number {
  if (count <= size) return 0;
  const centred = cursor - Math.floor(size / 2);
  return Math.max(0, Math.min(centred, count - size));
}

/** Keeps an index inside a list of `count` items (0 for an empty list). */
export function clamp(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}
