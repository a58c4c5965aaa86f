// Keeps a grid's columns fitted to its width and content (fit-widths.ts): when rows first show,
// when the grid's width or its columns change, when rows arrive or are replaced, and when a sort icon
// appears.
// Widths the user set (dragging a column's edge, or a saved layout) are left as they are until reset.
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { ColumnResizedEvent, GridApi } from 'ag-grid-community';
import { fitWidths } from './fit-widths.ts';
import { gridWidth, measureColumn } from './measure-columns.ts';

export interface FitColumns {
  /** Grid events to pass to ag-grid. */
  events: {
    onFirstDataRendered(): void;
    onGridSizeChanged(): void;
    onDisplayedColumnsChanged(): void;
    onModelUpdated(): void;
    onSortChanged(): void;
    onColumnResized(event: ColumnResizedEvent): void;
  };
  /** `true`: the columns keep the widths they have (a saved layout); `false`: fitted again. */
  hold(held: boolean): void;
  /** The grid to fit. */
  attach(api: GridApi): void;
}

/** `weights`: each column's share of the room left once every column has what it wants. */
export function useFitColumns(container: RefObject<HTMLElement | null>, weights: Readonly<Record<string, number>>): FitColumns {
  const api = useRef<GridApi | null>(null);
  const held = useRef(false);
  const frame = useRef(0);

  const fitNow = useCallback(() => {
    const grid = api.current;
    const root = container.current;
    if (held.current || !grid || grid.isDestroyed() || !root) return;
    const available = gridWidth(root);
    // Not laid out (a hidden tab): nothing to measure.
    if (available <= 0) return;
    const columns = grid.getAllDisplayedColumns();
    const spaces = columns.map((column) => measureColumn(root, column.getColId(), column.getMinWidth(), weights[column.getColId()] ?? 0));
    if (spaces.some((space) => space === null)) return;
    const widths = fitWidths(spaces.map((space) => space!), available);
    const state = columns
      .map((column, index) => ({ column, width: widths[index] }))
      .filter(({ column, width }) => column.getFlex() || Math.abs(column.getActualWidth() - width) >= 1)
      .map(({ column, width }) => ({ colId: column.getColId(), width, flex: null }));
    if (state.length > 0) grid.applyColumnState({ state });
  }, [container, weights]);

  // One fit per frame, after ag-grid has drawn what changed.
  const fit = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(fitNow);
  }, [fitNow]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  return useMemo<FitColumns>(() => ({
    events: {
      onFirstDataRendered: fit,
      onGridSizeChanged: fit,
      onDisplayedColumnsChanged: fit,
      onModelUpdated: fit,
      onSortChanged: fit,
      onColumnResized: (event) => {
        if (event.finished && (event.source === 'uiColumnResized' || event.source === 'autosizeColumns')) held.current = true;
      },
    },
    hold: (value) => {
      held.current = value;
      if (!value) fit();
    },
    attach: (grid) => {
      api.current = grid;
      fit();
    },
  }), [fit]);
}
