import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  CellStyleModule, ClientSideRowModelModule, ColumnApiModule, DateFilterModule, InfiniteRowModelModule, NumberFilterModule,
  RenderApiModule, TextFilterModule, createPart, themeQuartz, type FilterOpenedEvent, type GridApi, type GridReadyEvent, type Module,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { describeError } from '../../../core/flow/builtins.ts';
import { resolveBindings } from '../../../core/bindings.ts';
import { useTranslator } from '../../app/translation.ts';
import { useRuntime } from '../../app/runtime.ts';
import { isLinkable, resolveLink } from '../../app/route-table.ts';
import { useScope } from '../../app/scope.tsx';
import { useFlowView } from '../flow-context.ts';
import { LoadFailed } from '../LoadFailed.tsx';
import { useErrorText } from '../error-text.ts';
import type { WidgetProps } from '../../component-types.ts';
import { columnShown, useReachedBreakpoint } from './breakpoints.ts';
import type { CellContext } from './cells.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { buildColumnDefs, isDataColumn } from './columns.ts';
import { CutTextTip } from './CutTextTip.tsx';
import { nameFilterPopup } from './header-filter.ts';
import { layoutKey } from './layout-store.ts';
import { cachedRead, pagedDatasource, useReloadOnInvalidate, type PagedSource } from './paged-rows.ts';
import { saveFile } from './save-file.ts';
import { exportQuery } from './server-model.ts';
import type { GridDoc } from './types.ts';
import { useFitColumns } from './use-fit-columns.ts';
import { useGridLayout } from './use-grid-layout.ts';

// Only the modules the grids use (ag-grid is large): the core brings sorting, moving and resizing
// columns; the column API saves and restores layouts; cell styles right-align amounts; the infinite
// row model pages server lists; the three filters are those the server's grid contract understands;
// the render API tells a paged grid's row height (a short list gets a short grid).
const modules: Module[] = [
  ClientSideRowModelModule, InfiniteRowModelModule, ColumnApiModule, CellStyleModule, TextFilterModule, NumberFilterModule, DateFilterModule,
  RenderApiModule,
];

// A header wraps between its words, never inside one (the columns are fitted to its longest word).
const wholeWords = createPart({ css: '.ag-header-cell-text { word-break: normal; overflow-wrap: normal; }' });

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
}).withPart(wholeWords);

// A header's filter button, reached by the keyboard, shows the focus as the page's other controls do.
const filterButtonFocus = {
  '& .ag-header-cell-filter-button:focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
};

/**
 * A paged grid's height: its rows when few (no empty box under three rows), else a scrolling
 * window of at most 70 % of the screen.
 */
function pagedHeight(api: GridApi | null, total: number | null): string {
  const cap = 'min(70vh, 36rem)';
  if (!api || total === null || api.isDestroyed()) return cap;
  const { rowHeight, headerHeight } = api.getSizesForCurrentTheme();
  // The horizontal scrollbar and borders may take up to 20 px more.
  return `min(${cap}, ${headerHeight + Math.max(total, 1) * rowHeight + 20}px)`;
}

type GridViewProps = WidgetProps & { id: string; doc: GridDoc } & ({ rows: unknown[]; paged?: undefined } | { rows?: undefined; paged: PagedSource });

/** A grid of rows given in full (`rows`) or read from the server page by page (`paged`). */
export function GridView({ node, id, doc, rows, paged }: GridViewProps) {
  const { t } = useTranslator();
  const runtime = useRuntime();
  const scope = useScope();
  const flow = useFlowView();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const captionId = useId();
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [api, setApi] = useState<GridApi | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<ReturnType<typeof describeError> | null>(null);
  const exportErrorText = useErrorText(exportFailure);

  const owner = resolveBindings<unknown>(node.owner, scope);
  const key = layoutKey(id, doc.layoutKey, typeof owner === 'string' || typeof owner === 'number' ? owner : null);
  const fields = useMemo(() => doc.columns.map((column) => column.field), [doc]);
  const toast = useCallback((titleKey: string, status: 'success' | 'info' = 'success') => {
    runtime.environment().toast({ status, titleKey, durationMs: 6000 });
  }, [runtime]);
  const weights = useMemo(() => Object.fromEntries(doc.columns.map((column) => [column.field, column.flex ?? 0])), [doc]);
  const fit = useFitColumns(containerRef, weights);
  const layout = useGridLayout(key, fields, toast, fit.hold);

  const breakpoints = runtime.config.app.breakpoints;
  const reached = useReachedBreakpoint(breakpoints);
  // The user's choice wins over the width: a narrow screen leaves columns out until they are chosen.
  const isShown = useCallback(
    (column: GridDoc['columns'][number]) => !column.hidden && !layout.hidden.has(column.field)
      && (layout.shown.has(column.field) || columnShown(column, reached, breakpoints)),
    [reached, breakpoints, layout.hidden, layout.shown],
  );
  const columnDefs = useMemo(() => buildColumnDefs(doc.columns, runtime.formatters, t, isShown), [doc, runtime, t, isShown]);

  const context = useMemo<CellContext>(() => ({
    t: (messageKey, values) => t(messageKey, values),
    href: (path) => (isLinkable(path, runtime.routes) ? resolveLink(path, pathname, runtime.routes) : null),
    navigate: (href) => navigate(href),
    ...(flow ? { send: (event) => flow.send(event) } : {}),
  }), [t, runtime.routes, pathname, navigate, flow]);

  const datasource = useMemo(() => {
    if (!paged) return undefined;
    return pagedDatasource(paged, doc.columns, cachedRead(runtime.queryClient, runtime.readQuery),
      ({ total: count }) => { setTotal(count); setFailure(null); }, setFailure);
    // The source's values, not its identity: a new render with the same request keeps the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paged && JSON.stringify(paged), doc, runtime]);
  useReloadOnInvalidate(runtime.queryClient, paged?.operation, api);

  const onGridReady = useCallback((event: GridReadyEvent) => {
    setApi(event.api);
    layout.onReady(event.api);
    fit.attach(event.api);
    // ag-grid's own roles and keyboard support; the caption names the grid for assistive technology.
    containerRef.current?.querySelector('[role="grid"], [role="treegrid"]')?.setAttribute('aria-labelledby', captionId);
  }, [layout, fit, captionId]);
  const onFilterOpened = useCallback((event: FilterOpenedEvent) => {
    const header = 'getColDef' in event.column ? event.column.getColDef().headerName : undefined;
    if (header) nameFilterPopup(event, t('grid.filterColumn', { column: header }));
  }, [t]);

  const exportCsv = async () => {
    if (!paged || !api) return;
    setExporting(true);
    setExportFailure(null);
    try {
      const visible = api.getAllDisplayedColumns().map((column) => column.getColId())
        .filter((field) => doc.columns.some((column) => column.field === field && isDataColumn(column)));
      const sortModel = api.getColumnState().filter((state) => state.sort).sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
        .map((state) => ({ colId: state.colId, sort: state.sort }));
      const query = exportQuery(paged.query, sortModel, api.getFilterModel(), doc.columns, visible);
      const { blob, name } = await runtime.files.download(paged.operation, { params: paged.params, query, suppressToast: true });
      saveFile(blob, name ?? `${id}.csv`);
    } catch (error) {
      setExportFailure(describeError(error));
    } finally {
      setExporting(false);
    }
  };

  const caption = node.caption ? t(String(node.caption)) : '';
  if (rows && rows.length === 0 && node.empty) {
    return (
      <Box as="section" aria-labelledby={captionId}>
        {caption ? <Text id={captionId} fontWeight="semibold" mb="2">{caption}</Text> : null}
        <Text color="fg.muted">{t(String(node.empty))}</Text>
      </Box>
    );
  }
  const showLayout = node.layout !== false;
  // Every column is offered, also those the screen's width leaves out.
  const choosable = doc.columns.filter((column) => !column.hidden)
    .map((column) => ({ field: column.field, header: t(column.header), shown: isShown(column) }));
  return (
    <Box as="section" aria-labelledby={captionId} data-grid={id} css={filterButtonFocus}>
      <HStack justify="space-between" align="end" wrap="wrap" gap="3" mb="2">
        <Text id={captionId} fontWeight="semibold">{caption}</Text>
        <HStack gap="2" wrap="wrap">
          {node.export && paged ? (
            <Button size="sm" variant="outline" colorPalette="brand" loading={exporting} disabled={!api} onClick={() => void exportCsv()}>
              {t(String(node.export))}
            </Button>
          ) : null}
          {showLayout ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label={t('grid.layoutLabel')}>
              {paged ? <ColumnChooser label={t('grid.columns')} columns={choosable} onToggle={layout.setShown} /> : null}
              <Button size="sm" variant="outline" onClick={layout.save}>{t('grid.save')}</Button>
              <Button size="sm" variant="outline" onClick={layout.restore}>{t('grid.restore')}</Button>
              <Button size="sm" variant="outline" onClick={layout.reset}>{t('grid.resetButton')}</Button>
            </HStack>
          ) : null}
        </HStack>
      </HStack>
      {exportErrorText ? <Text role="alert" color="fg.error" fontSize="sm" mb="2">{exportErrorText}</Text> : null}
      {failure ? <LoadFailed text={node.error} error={failure} retry={() => { setFailure(null); api?.refreshInfiniteCache(); }} /> : null}
      {paged ? (
        <Text aria-live="polite" fontSize="sm" color="fg.muted" mb="1">
          {total === null ? '' : total === 0 && node.empty ? t(String(node.empty)) : t('grid.rowCount', { count: total.toLocaleString('en-US') })}
        </Text>
      ) : null}
      {/* Cells and headers cut short show their full text in a tip (CutTextTip): marked so for layout checks. */}
      <div ref={containerRef} data-cut-text-tip="" style={paged ? { height: pagedHeight(api, total) } : undefined}>
        <AgGridReact
          modules={modules}
          theme={theme}
          context={context}
          {...(paged
            ? { rowModelType: 'infinite' as const, datasource, cacheBlockSize: 100, maxBlocksInCache: 20 }
            : { rowData: rows as Record<string, unknown>[], domLayout: 'autoHeight' as const })}
          columnDefs={columnDefs}
          defaultColDef={{ sortable: true, resizable: true, minWidth: 90, wrapHeaderText: true, autoHeaderHeight: true }}
          ensureDomOrder
          // Every shown column is in the page (grids have a dozen at most): read out, found and exported alike.
          suppressColumnVirtualisation
          maintainColumnOrder
          suppressDragLeaveHidesColumns
          onGridReady={onGridReady}
          onFilterOpened={onFilterOpened}
          {...fit.events}
        />
      </div>
      <CutTextTip container={containerRef} />
    </Box>
  );
}
