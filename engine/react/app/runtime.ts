import { createContext, useContext } from 'react';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type { StreamEvent } from '../../core/api/client.ts';
import type { FlowCatalog, FlowEnvironment, Formatter, OperationRequest } from '../../core/flow/types.ts';
import type { EngineConfig } from './config-types.ts';
import type { CompiledRoute } from './route-table.ts';

export type SessionActor = ActorRefFrom<AnyStateMachine>;

/** Moves within the site and tells where it is: the router's, handed to the runtime. */
export interface Navigator { navigate(to: string, options?: { replace?: boolean }): void; location(): { pathname: string; search: string } }

export interface Runtime {
  config: EngineConfig;
  /** Every flow module; each machine looks its names up in its own namespace (engine/core/flow/lookup.ts). */
  flows: FlowCatalog;
  formatters: Record<string, Formatter>;
  routes: CompiledRoute[];
  session: SessionActor;
  queryClient: QueryClient;
  /** The site settings a session's bindings see as `$site` (the same object for the same session context). */
  site(session: Record<string, unknown>): Record<string, unknown>;
  /** Builds a flow environment whose bindings see the given route params and flow-local scope. */
  environment(extraScope?: () => Record<string, unknown>): FlowEnvironment;
  /** The cache options of a read operation, shared by every widget and flow that reads it. */
  readQuery(operationId: string, request: OperationRequest): ReadQuery;
  /** Moves to an address of the site as it is (no link resolution: e.g. a link's own href). */
  navigator: Navigator;
  /** Files through the API, with the group's token: a file read, and a multipart upload with its progress. */
  files: {
    download(operationId: string, request: OperationRequest): Promise<{ blob: Blob; name: string | null }>;
    upload(operationId: string, request: OperationRequest, form: FormData, onProgress: (share: number) => void): Promise<unknown>;
  };
  /**
   * An operation answering server-sent events, with the group's token: each event as it arrives;
   * once the answer has ended, the reads the operation makes stale (api.yaml) are refetched.
   */
  stream(operationId: string, request: OperationRequest, onEvent: (event: StreamEvent) => void, signal?: AbortSignal): Promise<void>;
}

/** Options of a cached read (useQuery / fetchQuery): key, fetch and freshness. */
export interface ReadQuery {
  queryKey: unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
  staleTime?: number;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside the engine');
  return runtime;
}
