import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resolveBindings } from '../../core/bindings.ts';
import { useInteractive } from '../app/interactive.tsx';
import { useRuntime } from '../app/runtime.ts';
import { DataScopeProvider, useDataScope, useScope } from '../app/scope.tsx';
import { useWaitingMark } from '../app/settled.ts';
import { Busy } from './Busy.tsx';
import { SkeletonBlocks, type SkeletonSize } from './Skeleton.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { WidgetChildren } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

/** Resolves an operation request from a node's `params` / `query` bindings; not ready while a value is missing. */
export function useOperationRequest(node: Record<string, unknown>): { params: Record<string, unknown>; query: Record<string, unknown>; ready: boolean } {
  const scope = useScope();
  const params = resolveBindings<Record<string, unknown>>(node.params ?? {}, scope);
  const bound = resolveBindings<Record<string, unknown>>(node.query ?? {}, scope);
  // An empty query value is a filter left blank (a search box): it is not sent. A missing one
  // (undefined or null: the session or a flow has not given it yet) waits, as a path value does.
  const query = Object.fromEntries(Object.entries(bound).filter(([, value]) => value !== ''));
  const ready = [...Object.values(params), ...Object.values(query)].every((value) => value !== undefined && value !== null && value !== '');
  return { params, query, ready };
}

/**
 * Reads an operation through the query cache, under the same key as flows reading it: `alwaysRefetch`
 * operations are fetched again on every mount, and a write that invalidates them refetches them on screen.
 */
export function useOperationData(operation: string, request: { params: Record<string, unknown>; query: Record<string, unknown> }, enabled: boolean) {
  const runtime = useRuntime();
  return useQuery({ ...runtime.readQuery(operation, { params: request.params, query: request.query }), enabled });
}

/**
 * Loads a read operation and shows its children with the result as `$data.<as>`:
 * `{ widget: data, operation, params: {...}, query: {...}, as: name, children }`.
 * While a bound request value is missing nothing is loaded and the children see no value.
 */
export function DataWidget({ node }: WidgetProps) {
  const outer = useDataScope();
  const request = useOperationRequest(node);
  // A page rendered ahead of time had no answer (nor the address's query): it is adopted as it was
  // rendered, and reads once it is the browser's own.
  const interactive = useInteractive();
  const enabled = request.ready && interactive;
  const result = useOperationData(String(node.operation), request, enabled);
  const name = String(node.as ?? node.operation);
  const value = useMemo(() => ({ ...(outer ?? {}), [name]: result.data }), [outer, name, result.data]);
  // Loading quietly shows nothing, but what it then shows still pushes down whatever is below the
  // screen: the page waits for it as for a busy state (the footer stays unseen until it is there).
  useWaitingMark(enabled && result.isPending && node.quiet === true);
  // showWhileLoading: the children are there from the start, their values filling in (nothing moves).
  if (enabled && result.isPending && node.showWhileLoading !== true) {
    if (node.skeleton) return <SkeletonBlocks size={node.skeleton as SkeletonSize} />;
    return node.quiet === true ? null : <Busy />;
  }
  if (result.isError) return <LoadFailed text={node.error} error={result.error} retry={() => void result.refetch()} />;
  return <DataScopeProvider value={value}><WidgetChildren nodes={node.children} /></DataScopeProvider>;
}
