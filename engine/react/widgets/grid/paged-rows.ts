// Rows of a paged grid: ag-grid's infinite row model asks for blocks of rows as the user scrolls,
// sorts and filters; each block is one read of the operation through the query cache (so retries,
// the token and freshness are the same as every other read), and a write that invalidates the
// operation reloads the grid's blocks.
import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { readPath } from '../../../core/bindings.ts';
import type { ReadQuery } from '../../app/runtime.ts';
import { pageQuery } from './server-model.ts';
import type { GridColumnDoc } from './types.ts';

export interface PagedSource {
  operation: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The answer's field holding the rows (dotted). */
  rows: string;
  /** The answer's field holding the number of matching rows. */
  total: string;
}

export interface PageReport { total: number }

/**
 * A datasource reading `source` block by block. `onPage` hears the number of matching rows after
 * each block; `onError` hears a failed block (ag-grid shows the rows it has, the screen says why).
 */
export function pagedDatasource(
  source: PagedSource, columns: readonly GridColumnDoc[],
  read: (operation: string, request: { params: Record<string, unknown>; query: Record<string, unknown> }) => Promise<unknown>,
  onPage: (report: PageReport) => void, onError: (error: unknown) => void,
): IDatasource {
  return {
    getRows(request: IGetRowsParams) {
      const query = pageQuery(source.query, { startRow: request.startRow, endRow: request.endRow }, request.sortModel, request.filterModel as Record<string, unknown>, columns);
      read(source.operation, { params: source.params, query }).then((answer) => {
        const rows = readPath(answer, source.rows.split('.'));
        const total = readPath(answer, source.total.split('.'));
        const list = Array.isArray(rows) ? rows : [];
        const count = typeof total === 'number' ? total : request.startRow + list.length;
        onPage({ total: count });
        request.successCallback(list, count);
      }, (error: unknown) => {
        onError(error);
        request.failCallback();
      });
    },
  };
}

/** Reads through the query cache under the operation's key (invalidation matches on the operation). */
export function cachedRead(queryClient: QueryClient, readQuery: (operation: string, request: { params: Record<string, unknown>; query: Record<string, unknown> }) => ReadQuery) {
  return (operation: string, request: { params: Record<string, unknown>; query: Record<string, unknown> }) => queryClient.fetchQuery(readQuery(operation, request));
}

/** Reloads the grid's blocks whenever a cached read of `operation` is invalidated (after a write that declares it). */
export function useReloadOnInvalidate(queryClient: QueryClient, operation: string | undefined, api: GridApi | null): void {
  useEffect(() => {
    if (!operation || !api) return undefined;
    // One write invalidates every cached block of the operation at once: the grid reloads once.
    let pending: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate' || event.query.queryKey[0] !== operation) return;
      clearTimeout(pending);
      pending = setTimeout(() => { if (!api.isDestroyed()) api.refreshInfiniteCache(); }, 0);
    });
    return () => { clearTimeout(pending); unsubscribe(); };
  }, [queryClient, operation, api]);
}
