/**
 * Colours users pick (queues, tags and so the kanban lanes): hex only, #rgb, #rrggbb or
 * #rrggbbaa. A stored colour ends up in colleagues' CSS: anything else (a colour name followed by
 * `;background:url(...)`) is refused when saved, and answered as the default when read.
 */
export const COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** What a colour that is not one shows as (the tags' default). */
export const DEFAULT_COLOR = '#5c59a0';

export function isColor(value: unknown): value is string {
  return typeof value === 'string' && COLOR_PATTERN.test(value);
}

/** The colour if it is one, else `fallback`: what reads a stored colour, and what puts one into CSS. */
export function safeColor(value: unknown, fallback = DEFAULT_COLOR): string {
  return isColor(value) ? value : fallback;
}
