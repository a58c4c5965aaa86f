// How read operations sit in the query cache and which writes make them stale. Every reader (data,
// grid and repeat widgets through useQuery, flow actors through fetchQuery) uses the same keys, so
// `alwaysRefetch` and a write's `invalidates` reach all of them.
import type { QueryClient } from '@tanstack/react-query';
import type { OperationRequest } from '../../core/flow/types.ts';

export interface QuerySettings {
  staleMinutes: number;
  /** Reads fetched afresh whenever a reader asks (never served from the cache alone). */
  alwaysRefetch: string[];
  /** Write operationId -> the read operationIds its success makes stale. */
  invalidates?: Record<string, string[]>;
}

/** The cache key of a read: its operationId first (invalidation matches on it), then the request. */
export function operationQueryKey(operationId: string, request: OperationRequest, token: string | null): unknown[] {
  return [operationId, request.params ?? {}, request.query ?? {}, token ?? ''];
}

/** The cache time of a read: none for `alwaysRefetch` operations, else the client's default. */
export function operationStaleTime(operationId: string, settings: QuerySettings): number | undefined {
  return settings.alwaysRefetch.includes(operationId) ? 0 : undefined;
}

/**
 * After `operationId` succeeded: every cached read it declares is marked stale; those on screen are
 * fetched again now, the others when next read.
 */
export function invalidateAfter(queryClient: QueryClient, operationId: string, settings: QuerySettings): Promise<void> {
  const targets = settings.invalidates?.[operationId] ?? [];
  return Promise.all(targets.map((target) => queryClient.invalidateQueries({ queryKey: [target] }))).then(() => undefined);
}
