import { createContext, useContext, useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { useSelector } from '@xstate/react';
import { sameFields } from '../../core/same-fields.ts';
import { SESSION_STATES } from '../../core/session-contract.ts';
import { useRuntime } from './runtime.ts';

/** Values that `$…` bindings in screens can read: session, route, query, site, flow context, `$item` and `$data`. */
export type Scope = Record<string, unknown>;

const FlowScopeContext = createContext<Record<string, unknown> | null>(null);
export const FlowScopeProvider = FlowScopeContext.Provider;

/** Values loaded by `data` widgets, by their `as` name, for `$data.<name>` bindings of their children. */
const DataScopeContext = createContext<Record<string, unknown> | null>(null);
export const DataScopeProvider = DataScopeContext.Provider;
export function useDataScope(): Record<string, unknown> | null {
  return useContext(DataScopeContext);
}

/** The current element of a repeated list, seen by bindings as `$item`. */
const ItemScopeContext = createContext<Record<string, unknown> | null>(null);
export const ItemScopeProvider = ItemScopeContext.Provider;

export function useSessionContext(): Record<string, unknown> {
  const { session } = useRuntime();
  // Every widget with a binding reads it: an event that changes no field of it (a guest page saying
  // "no brand" to a portal that has none) re-renders none of them.
  return useSelector(session, (snapshot) => snapshot.context as Record<string, unknown>, sameFields);
}

export function useSessionStatus(): 'loading' | 'signedIn' | 'signedOut' {
  const { session } = useRuntime();
  return useSelector(session, (snapshot) => {
    if (snapshot.matches(SESSION_STATES.signedIn)) return 'signedIn';
    if (snapshot.matches(SESSION_STATES.signedOut)) return 'signedOut';
    return 'loading';
  });
}

export function useScope(): Scope {
  const runtime = useRuntime();
  const session = useSessionContext();
  const route = useParams();
  const location = useLocation();
  const flow = useContext(FlowScopeContext);
  const item = useContext(ItemScopeContext);
  const data = useContext(DataScopeContext);
  return useMemo(() => ({
    session, route, site: runtime.site(session),
    query: Object.fromEntries(new URLSearchParams(location.search)),
    ...(flow ? { context: flow } : {}),
    ...(item ? { item } : {}),
    ...(data ? { data } : {}),
  }), [runtime, session, route, location.search, flow, item, data]);
}
