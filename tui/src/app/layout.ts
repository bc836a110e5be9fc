/**
 * The screen by terminal size: wide terminals show the ticket list and the conversation side by
 * side, narrow ones one pane at a time. Rows: top bar, notification line, the panes, notice line,
 * footer; one row is left free so that Ink never clears the whole screen to redraw.
 */
export const WIDE_MIN_COLUMNS = 90;
const LIST_SHARE = 0.36;
const LIST_MIN = 30;
const LIST_MAX = 52;
const CHROME_ROWS = 5;
const BODY_MIN_ROWS = 6;

export interface Layout {
  columns: number;
  rows: number;
  wide: boolean;
  /** Width of the ticket list pane (the whole width when narrow). */
  listWidth: number;
  /** Width of the conversation pane (the whole width when narrow). */
  conversationWidth: number;
  /** Rows of the panes, borders included. */
  bodyHeight: number;
}

export function layoutFor(columns: number, rows: number): Layout {
  const wide = columns >= WIDE_MIN_COLUMNS;
  const listWidth = wide ? Math.max(LIST_MIN, Math.min(LIST_MAX, Math.round(columns * LIST_SHARE))) : columns;
  return {
    columns,
    rows,
    wide,
    listWidth,
    conversationWidth: wide ? columns - listWidth : columns,
    bodyHeight: Math.max(BODY_MIN_ROWS, rows - CHROME_ROWS),
  };
}
