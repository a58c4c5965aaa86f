import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Suspense, use, useCallback, useId, useMemo, useRef } from 'react';
import { useTranslator } from '../../app/translation.ts';
import {
  CellStyleModule, ClientSideRowModelModule, ColumnApiModule, themeQuartz,
  type ColumnState, type GridApi, type GridReadyEvent, type Module,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { gridLoaders } from 'virtual:engine-grids';
import { resolveBindings } from '../../../core/bindings.ts';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import { Busy } from '../Busy.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import { useSourceRows, type RowSource } from '../source-rows.ts';
import type { WidgetProps } from '../WidgetNode.tsx';
import { columnShown, useReachedBreakpoint } from './breakpoints.ts';
import { buildColumnDefs } from './columns.ts';
import { browserStorage, clearLayout, layoutKey, readLayout, writeLayout } from './layout-store.ts';
import type { GridDoc } from './types.ts';

// Only the modules the grids use (ag-grid is large): the core brings sorting, moving and resizing
// columns; the column API saves and restores layouts; cell styles right-align amounts (the
// `rightAligned` column type sets cell and header classes).
const modules: Module[] = [ClientSideRowModelModule, ColumnApiModule, CellStyleModule];

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 15,
  headerFontWeight: 600,
  accentColor: 'var(--chakra-colors-brand-solid, #2563eb)',
  foregroundColor: 'var(--chakra-colors-fg, #18181b)',
  backgroundColor: 'var(--chakra-colors-bg, #ffffff)',
  headerTextColor: 'var(--chakra-colors-fg, #18181b)',
  borderColor: 'var(--chakra-colors-border, #e4e4e7)',
  wrapperBorderRadius: 8,
});

/** A saved layout's order, sizes and sorts; which columns show is the screen width's choice. */
function withoutVisibility(saved: unknown[]): ColumnState[] {
  return (saved as ColumnState[]).map(({ hide: _hide, ...rest }) => rest);
}

const loaded = new Map<string, Promise<GridDoc>>();
function loadGrid(id: string): Promise<GridDoc> {
  let promise = loaded.get(id);
  if (!promise) {
    const loader = gridLoaders[id];
    promise = loader ? loader().then((module) => module.default as GridDoc) : Promise.reject(new Error(`No grid "${id}"`));
    loaded.set(id, promise);
  }
  return promise;
}

/**
 * A data grid: columns from `schemas/grids/<grid>.yaml`, rows from a binding (`rows: $data.x.items`)
 * or an operation (`source: { operation, params, query, rows: <field of the response> }`).
 * `caption` labels it; `empty` is shown instead when there are no rows; `layout: false` hides the
 * save / restore / reset layout buttons.
 */
export function GridWidget({ node }: WidgetProps) {
  return <Suspense fallback={<Busy />}><GridLoader node={node} /></Suspense>;
}

function GridLoader({ node }: WidgetProps) {
  const id = String(node.grid);
  const doc = use(loadGrid(id));
  return node.source ? <OperationRows node={node} id={id} doc={doc} /> : <BoundRows node={node} id={id} doc={doc} />;
}

function BoundRows({ node, id, doc }: WidgetProps & { id: string; doc: GridDoc }) {
  const scope = useScope();
  const rows = resolveBindings<unknown>(node.rows, scope);
  return <GridView node={node} id={id} doc={doc} rows={Array.isArray(rows) ? rows : []} />;
}

function OperationRows({ node, id, doc }: WidgetProps & { id: string; doc: GridDoc }) {
  const loaded = useSourceRows(node.source as RowSource);
  if (loaded.status === 'waiting') return <Busy />;
  if (loaded.status === 'error') return <LoadFailed text={node.error} error={loaded.error} retry={loaded.retry} />;
  return <GridView node={node} id={id} doc={doc} rows={loaded.rows} />;
}

function GridView({ node, id, doc, rows }: WidgetProps & { id: string; doc: GridDoc; rows: unknown[] }) {
  const { t } = useTranslator();
  const runtime = useRuntime();
  const captionId = useId();
  const apiRef = useRef<GridApi | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const key = layoutKey(id, doc.layoutKey);
  const breakpoints = runtime.config.app.breakpoints;
  const reached = useReachedBreakpoint(breakpoints);
  const columnDefs = useMemo(
    () => buildColumnDefs(doc.columns, runtime.formatters, t, (column) => columnShown(column, reached, breakpoints)),
    [doc, runtime, t, reached, breakpoints],
  );
  const toast = useCallback((titleKey: string, status: 'success' | 'info' = 'success') => {
    runtime.environment().toast({ status, titleKey, durationMs: 6000 });
  }, [runtime]);

  const onGridReady = useCallback((event: GridReadyEvent) => {
    apiRef.current = event.api;
    const saved = readLayout(browserStorage(), key);
    if (saved) event.api.applyColumnState({ state: withoutVisibility(saved), applyOrder: true });
    // ag-grid's own roles and keyboard support; the caption names the grid for assistive technology.
    containerRef.current?.querySelector('[role="grid"], [role="treegrid"]')?.setAttribute('aria-labelledby', captionId);
  }, [key, captionId]);

  const save = () => {
    const api = apiRef.current;
    if (!api) return;
    writeLayout(browserStorage(), key, api.getColumnState());
    toast('grid.saved');
  };
  const restore = () => {
    const api = apiRef.current;
    if (!api) return;
    const saved = readLayout(browserStorage(), key);
    if (!saved) { toast('grid.nothingSaved', 'info'); return; }
    api.applyColumnState({ state: withoutVisibility(saved), applyOrder: true });
    toast('grid.restored');
  };
  const reset = () => {
    const api = apiRef.current;
    if (!api) return;
    clearLayout(browserStorage(), key);
    api.resetColumnState();
    toast('grid.reset');
  };

  const caption = node.caption ? t(String(node.caption)) : '';
  if (rows.length === 0 && node.empty) {
    return (
      <Box as="section" aria-labelledby={captionId}>
        {caption ? <Text id={captionId} fontWeight="semibold" mb="2">{caption}</Text> : null}
        <Text color="fg.muted">{t(String(node.empty))}</Text>
      </Box>
    );
  }
  const showLayout = node.layout !== false;
  return (
    <Box as="section" aria-labelledby={captionId} data-grid={id}>
      <HStack justify="space-between" align="end" wrap="wrap" gap="3" mb="2">
        <Text id={captionId} fontWeight="semibold">{caption}</Text>
        {showLayout ? (
          <HStack gap="2" role="group" aria-label={t('grid.layoutLabel')}>
            <Button size="sm" variant="outline" onClick={save}>{t('grid.save')}</Button>
            <Button size="sm" variant="outline" onClick={restore}>{t('grid.restore')}</Button>
            <Button size="sm" variant="outline" onClick={reset}>{t('grid.resetButton')}</Button>
          </HStack>
        ) : null}
      </HStack>
      <div ref={containerRef}>
        <AgGridReact
          modules={modules}
          theme={theme}
          rowData={rows as Record<string, unknown>[]}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, minWidth: 90, wrapHeaderText: true, autoHeaderHeight: true }}
          domLayout="autoHeight"
          ensureDomOrder
          suppressDragLeaveHidesColumns
          onGridReady={onGridReady}
        />
      </div>
    </Box>
  );
}
