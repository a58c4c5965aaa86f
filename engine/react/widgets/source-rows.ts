import { readPath } from '../../core/bindings.ts';
import { useOperationData, useOperationRequest } from './DataWidget.tsx';

/** Where a list widget reads its rows: `source: { operation, params, query, rows: <field of the response> }`. */
export interface RowSource { operation: string; params?: Record<string, unknown>; query?: Record<string, unknown>; rows?: string }

export type SourceRows = { status: 'waiting' } | { status: 'error'; error: unknown; retry: () => void } | { status: 'ready'; rows: unknown[]; data: unknown };

/** The rows of a `source`, read through the query cache (so `alwaysRefetch` and invalidation apply). */
export function useSourceRows(source: RowSource): SourceRows {
  const request = useOperationRequest(source as unknown as Record<string, unknown>);
  const result = useOperationData(source.operation, request, request.ready);
  if (request.ready && result.isPending) return { status: 'waiting' };
  if (result.isError) return { status: 'error', error: result.error, retry: () => void result.refetch() };
  const rows = source.rows ? readPath(result.data, source.rows.split('.')) : result.data;
  return { status: 'ready', rows: Array.isArray(rows) ? rows : [], data: result.data };
}
