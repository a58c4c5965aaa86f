import { Suspense, use } from 'react';
import { gridLoaders } from 'virtual:engine-grids';
import { settled } from '../../app/chunk-cache.ts';
import { apartLoader } from '../../app/apart.ts';
import { useConfigVersion } from '../../app/config-version.ts';
import { onChunkReplaced } from '../../dev/hot-updates.ts';
import { resolveBindings } from '../../../core/bindings.ts';
import { useScope } from '../../app/scope.tsx';
import { useOperationRequest } from '../DataWidget.tsx';
import { Busy } from '../Busy.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import { useSourceRows, type RowSource } from '../source-rows.ts';
import type { WidgetProps } from '../../component-types.ts';
import { GridView } from './GridView.tsx';
import type { PagedSource } from './paged-rows.ts';
import type { GridDoc } from './types.ts';

const loaded = new Map<string, Promise<GridDoc>>();
// Development mode: a saved grid file replaces its document in place (engine/react/dev/hot-updates.ts).
if (import.meta.env.DEV) onChunkReplaced('grid', (id, module) => loaded.set(id, settled((module as { default: GridDoc }).default)));
function loadGrid(id: string): Promise<GridDoc> {
  let promise = loaded.get(id);
  if (!promise) {
    // A grid only gated screens show is in the table apart (apart.ts).
    const found = Object.hasOwn(gridLoaders, id) ? Promise.resolve(gridLoaders[id]) : apartLoader<{ default: unknown }>('grids', id);
    promise = found.then((loader) => (loader ? loader() : Promise.reject(new Error(`No grid "${id}"`))))
      .then((module) => module.default as GridDoc);
    loaded.set(id, promise);
  }
  return promise;
}

/**
 * A data grid: columns from `schemas/grids/<grid>.yaml`; rows from a binding (`rows: $data.x.items`),
 * an operation (`source: { operation, params, query, rows }`), or, with `source.paged`, the server
 * page by page (ag-grid's infinite row model: sorting and filtering happen on the server).
 * `caption` labels it; `empty` is shown instead when there are no rows; `export` offers the server's
 * CSV of the matching rows; `layout: false` hides the save / restore / reset layout buttons.
 */
export function GridWidget({ node }: WidgetProps) {
  return <Suspense fallback={<Busy />}><GridLoader node={node} /></Suspense>;
}

function GridLoader({ node }: WidgetProps) {
  useConfigVersion();
  const id = String(node.grid);
  const doc = use(loadGrid(id));
  const source = node.source as (RowSource & { paged?: boolean; total?: string }) | undefined;
  if (source?.paged) return <PagedRows node={node} id={id} doc={doc} />;
  return source ? <OperationRows node={node} id={id} doc={doc} /> : <BoundRows node={node} id={id} doc={doc} />;
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

function PagedRows({ node, id, doc }: WidgetProps & { id: string; doc: GridDoc }) {
  const source = node.source as RowSource & { total?: string };
  const request = useOperationRequest(source as unknown as Record<string, unknown>);
  if (!request.ready) return <Busy />;
  const paged: PagedSource = {
    operation: source.operation, params: request.params, query: request.query, rows: source.rows ?? 'rows', total: source.total ?? 'lastRow',
  };
  return <GridView node={node} id={id} doc={doc} paged={paged} />;
}
