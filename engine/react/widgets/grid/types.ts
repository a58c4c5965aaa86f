/** A grid definition, `schemas/grids/<id>.yaml`: its columns and, optionally, where its layout is saved. */
export interface GridColumnDoc {
  /** The row field shown. */
  field: string;
  /** Message key of the column header. */
  header: string;
  /** A formatter name (flows/registry.ts `formatters`); the raw value still sorts. */
  format?: string;
  /** The formatted value is a message key: show its text. */
  translate?: boolean;
  width?: number;
  minWidth?: number;
  flex?: number;
  /** Initial sort of this column. */
  sort?: 'asc' | 'desc';
  /** Order among the sorted columns (0 first). */
  sortIndex?: number;
  /** A row field that orders rows whose values in this column are equal, in the same direction. */
  tieBreak?: string;
  /** Not shown; still takes part in the sort. */
  hidden?: boolean;
  /** Shown only on screens at least this wide: a breakpoint name of app.yaml (`sm`, `md`, `lg`). */
  showFrom?: string;
  /** `end`: cells and header right-aligned (amounts). */
  align?: 'start' | 'end';
}

export interface GridDoc {
  columns: GridColumnDoc[];
  /** Local storage key of the saved column layout; default `grid.<id>`. */
  layoutKey?: string;
}
