import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Suspense, use, useCallback, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ClientSideRowModelModule, ColumnApiModule, themeQuartz,
  type ColumnState, type GridApi, type GridReadyEvent, type Module,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { gridLoaders } from 'virtual:engine-grids';
import { resolveBindings, readPath } from '../../../core/bindings.ts';
import { useRuntime } from '../../app/runtime.ts';
import { useScope } from '../../app/scope.tsx';
import { Busy } from '../Busy.tsx';
import { useOperationData, useOperationRequest } from '../DataWidget.tsx';
import type { WidgetProps } from '../WidgetNode.tsx';
import { buildColumnDefs } from './columns.ts';
import { browserStorage, clearLayout, layoutKey, readLayout, writeLayout } from './layout-store.ts';
import type { GridDoc } from './types.ts';

// Only the modules the grids use (ag-grid is large): the core brings sorting, moving and resizing
// columns; the column API saves and restores layouts.
const modules: Module[] = [ClientSideRowModelModule, ColumnApiModule];

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

interface GridSource { operation: string; params?: Record<string, unknown>; query?: Record<string, unknown>; rows?: string }

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
  const { t } = useTranslation();
  const source = node.source as GridSource;
  const request = useOperationRequest(source as unknown as Record<string, unknown>);
  const result = useOperationData(source.operation, request, request.ready);
  if (request.ready && result.isPending) return <Busy />;
  if (result.isError) return node.error ? <Text role="alert">{t(String(node.error))}</Text> : null;
  const rows = source.rows ? readPath(result.data, source.rows.split('.')) : result.data;
  return <GridView node={node} id={id} doc={doc} rows={Array.isArray(rows) ? rows : []} />;
}

function GridView({ node, id, doc, rows }: WidgetProps & { id: string; doc: GridDoc; rows: unknown[] }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const captionId = useId();
  const apiRef = useRef<GridApi | null>(null);
  const containerRef = useRef<HTMLDivElement | null>(null);
  const key = layoutKey(id, doc.layoutKey);
  const columnDefs = useMemo(() => buildColumnDefs(doc.columns, runtime.flows.formatters ?? {}, t), [doc, runtime, t]);
  const toast = useCallback((titleKey: string, status: 'success' | 'info' = 'success') => {
    runtime.environment().toast({ status, titleKey, durationMs: 6000 });
  }, [runtime]);

  const onGridReady = useCallback((event: GridReadyEvent) => {
    apiRef.current = event.api;
    const saved = readLayout(browserStorage(), key);
    if (saved) event.api.applyColumnState({ state: saved as ColumnState[], applyOrder: true });
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
    api.applyColumnState({ state: saved as ColumnState[], applyOrder: true });
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
          defaultColDef={{ sortable: true, resizable: true, minWidth: 100 }}
          domLayout="autoHeight"
          ensureDomOrder
          suppressDragLeaveHidesColumns
          onGridReady={onGridReady}
        />
      </div>
    </Box>
  );
}
