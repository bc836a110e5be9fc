/**
 * The bounds a sheet is read within (set from the shared import limits by rows.ts), and the error
 * a reader throws as soon as one is passed. The readers run in a worker (worker.ts) and import
 * nothing from @atende/shared at run time, so that the worker starts fast.
 */
import type { ImportLimit } from '@atende/shared';

export interface SheetLimits {
  /** Rows with content, the header included. */
  rows: number;
  /** Cells written in the file (empty ones too), or fields of a CSV. */
  cells: number;
  /** The workbook's parts read, once unpacked. */
  unpackedBytes: number;
}

/** Columns read from each row; cells further right are counted but not kept (contacts need three). */
export const SHEET_COLUMNS_MAX = 64;

export class SheetTooLarge extends Error {
  constructor(
    readonly limit: ImportLimit,
    readonly max: number,
  ) {
    super(`more than ${max} ${limit === 'unpackedBytes' ? 'bytes once unpacked' : limit}`);
  }
}

/** Collects the rows of a sheet within the limits: cells as they are met, rows as they end. */
export class RowCollector {
  readonly rows: string[][] = [];
  private cells = 0;
  private strings = 0;

  constructor(private readonly limits: SheetLimits) {}

  /** One more cell (or field) met in the file. */
  countCell(): void {
    this.cells += 1;
    if (this.cells > this.limits.cells) throw new SheetTooLarge('cells', this.limits.cells);
  }

  /** One more entry of a workbook's table of strings (each stands for a cell at least). */
  countString(): void {
    this.strings += 1;
    if (this.strings > this.limits.cells) throw new SheetTooLarge('cells', this.limits.cells);
  }

  /** A finished row: kept when it has content, its gaps filled with ''. */
  addRow(cells: (string | undefined)[]): void {
    const filled = Array.from(cells, (cell) => (cell ?? '').trim());
    if (!filled.some((cell) => cell !== '')) return;
    if (this.rows.length >= this.limits.rows) throw new SheetTooLarge('rows', this.limits.rows);
    this.rows.push(filled);
  }
}
