// Saving, restoring and resetting a grid's layout (spec: per user and per grid, in local storage,
// each with its toast). Which columns the user hid is React state, so it combines with the columns
// the screen's width hides (a column the user chose to show shows at any width); order, widths, sort and filters live in ag-grid.
import { useCallback, useRef, useState } from 'react';
import type { ColumnState, GridApi } from 'ag-grid-community';
import { applicableLayout, browserStorage, clearLayout, readLayout, writeLayout, type GridLayout } from './layout-store.ts';

/** Column states without visibility: which columns show is the width's and the hidden list's choice. */
function withoutVisibility(states: readonly unknown[]): ColumnState[] {
  return (states as ColumnState[]).map(({ hide: _hide, ...rest }) => rest);
}

function applyLayout(api: GridApi, layout: GridLayout): void {
  api.applyColumnState({ state: withoutVisibility(layout.columns), applyOrder: true });
  api.setFilterModel(layout.filter);
}

export interface GridLayoutControls {
  /** Columns the user hid. */
  hidden: ReadonlySet<string>;
  /** Columns the user chose to show although the screen's width would leave them out. */
  shown: ReadonlySet<string>;
  setShown(field: string, shown: boolean): void;
  /** Applies the saved layout to a grid that has just been made. */
  onReady(api: GridApi): void;
  save(): void;
  restore(): void;
  reset(): void;
}

/** `keepWidths` hears whether the columns now have widths of a saved layout (true) or the defaults (false). */
export function useGridLayout(
  key: string, fields: readonly string[], toast: (messageKey: string, status?: 'success' | 'info') => void,
  keepWidths: (kept: boolean) => void = () => undefined,
): GridLayoutControls {
  const apiRef = useRef<GridApi | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => {
    const saved = readLayout(browserStorage(), key);
    return new Set(saved ? applicableLayout(saved, fields).hidden : []);
  });

  const [shown, setShownSet] = useState<ReadonlySet<string>>(() => {
    const saved = readLayout(browserStorage(), key);
    return new Set(saved ? applicableLayout(saved, fields).shown : []);
  });

  const setShown = useCallback((field: string, show: boolean) => {
    const change = (add: boolean) => (current: ReadonlySet<string>) => {
      const next = new Set(current);
      if (add) next.add(field); else next.delete(field);
      return next;
    };
    setHidden(change(!show));
    setShownSet(change(show));
  }, []);

  const onReady = useCallback((api: GridApi) => {
    apiRef.current = api;
    const saved = readLayout(browserStorage(), key);
    if (saved) {
      applyLayout(api, applicableLayout(saved, fields));
      keepWidths(true);
    }
  }, [key, fields, keepWidths]);

  const save = () => {
    const api = apiRef.current;
    if (!api) return;
    writeLayout(browserStorage(), key, { columns: withoutVisibility(api.getColumnState()), hidden: [...hidden], shown: [...shown], filter: api.getFilterModel() });
    toast('grid.saved');
  };
  const restore = () => {
    const api = apiRef.current;
    if (!api) return;
    const saved = readLayout(browserStorage(), key);
    if (!saved) { toast('grid.nothingSaved', 'info'); return; }
    const layout = applicableLayout(saved, fields);
    applyLayout(api, layout);
    keepWidths(true);
    setHidden(new Set(layout.hidden));
    setShownSet(new Set(layout.shown));
    toast('grid.restored');
  };
  const reset = () => {
    const api = apiRef.current;
    if (!api) return;
    clearLayout(browserStorage(), key);
    api.resetColumnState();
    keepWidths(false);
    api.setFilterModel(null);
    setHidden(new Set());
    setShownSet(new Set());
    toast('grid.reset');
  };
  return { hidden, shown, setShown, onReady, save, restore, reset };
}
