// How read operations sit in the query cache and which writes make them stale. Every reader (data,
// grid and repeat widgets through useQuery, flow actors through fetchQuery) uses the same keys, so
// `alwaysRefetch` and a write's `invalidates` reach all of them.
import type { QueryClient } from '@tanstack/react-query';
import type { OperationRequest } from '../../core/flow/types.ts';

export interface QuerySettings {
  staleMinutes: number;
  /** Reads fetched afresh whenever a reader asks (never served from the cache alone). */
  alwaysRefetch: string[];
  /**
   * How long an answer to an `alwaysRefetch` read stays fresh for widgets, ms (default 0): widgets
   * that start showing the same read as a page loads (the frame and the page both showing the unread
   * messages) share one request instead of each fetching it again as it appears.
   */
  alwaysRefetchSharedMs?: number;
  /**
   * Write operationId -> the read operationIds its success makes stale. Absent from a build's
   * configuration: its pages fetch the table with their first write (virtual:engine-invalidation).
   */
  invalidates?: Record<string, string[]>;
}

type Invalidates = Record<string, string[]>;
let apart: Promise<Invalidates> | null = null;

/** The build's table of invalidations, fetched once (again after a failed fetch). */
export function loadInvalidates(): Promise<Invalidates> {
  apart ??= import('virtual:engine-invalidation').then((module) => module.default, (error: unknown) => {
    apart = null;
    throw error;
  });
  return apart;
}

/** The cache key of a read: its operationId first (invalidation matches on it), then the request. */
export function operationQueryKey(operationId: string, request: OperationRequest, token: string | null): unknown[] {
  return [operationId, request.params ?? {}, request.query ?? {}, token ?? ''];
}

/**
 * The cache time of a read: for `alwaysRefetch` operations none for a flow's read, and
 * `alwaysRefetchSharedMs` (0 unless set) for a widget's; else the client's default (undefined).
 */
export function operationStaleTime(operationId: string, settings: QuerySettings, byFlow = false): number | undefined {
  return settings.alwaysRefetch.includes(operationId) ? (byFlow ? 0 : settings.alwaysRefetchSharedMs ?? 0) : undefined;
}

/**
 * After `operationId` succeeded: every cached read it declares is marked stale; those on screen are
 * fetched again, the others when next read. Resolves once they are marked (not refetched), so that
 * whatever reads next after the write never gets the old answer from the cache.
 */
export async function invalidateAfter(queryClient: QueryClient, operationId: string, settings: QuerySettings): Promise<void> {
  const table = settings.invalidates ?? await loadInvalidates().catch(() => null);
  // Without the table (its fetch failed), every read is taken as stale rather than none.
  if (!table) void queryClient.invalidateQueries();
  else for (const target of table[operationId] ?? []) void queryClient.invalidateQueries({ queryKey: [target] });
}
