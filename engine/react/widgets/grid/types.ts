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
  /** Shown only once the user picks it in the Columns chooser (a column the grid has no room for). */
  optional?: boolean;
  /** `end`: cells and header right-aligned (amounts). */
  align?: 'start' | 'end';
  /** A filter in the column's header (paged grids filter on the server). */
  filter?: 'text' | 'number' | 'date';
  /** A number filter's typed value is multiplied by this before it is sent (amounts typed in whole units). */
  filterScale?: number;
  /** `false`: the column cannot be sorted. */
  sortable?: boolean;
  /** The cell links to this path; `{{field}}` placeholders are filled from the row. */
  link?: string;
  /** Buttons in the cell, each sending `{ type: event, data: <row> }` to the enclosing flow. Not exported. */
  actions?: GridActionDoc[];
}

export interface GridActionDoc {
  /** Message key of the button; `{{field}}` placeholders of its accessible name come from the row. */
  text: string;
  event: string;
  /** Shown only for rows whose `field` equals `equals`. */
  when?: { field: string; equals: string | number | boolean | null };
  /** Message key of the button's accessible name (e.g. naming the row); default its text. */
  label?: string;
}

export interface GridDoc {
  columns: GridColumnDoc[];
  /** Local storage key of the saved column layout; default `grid.<id>`. */
  layoutKey?: string;
}
