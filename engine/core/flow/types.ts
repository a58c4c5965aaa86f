import type { BindingScope } from '../bindings.ts';

export type FlowContext = Record<string, unknown>;
export type FlowEvent = { type: string; [key: string]: unknown };
export interface FlowArgs { context: FlowContext; event: FlowEvent }

export interface OperationRequest {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The caller shows the error itself: the global error rules do not toast. */
  suppressToast?: boolean;
  /** Sent as the Idempotency-Key header: a retry with the same key cannot act twice. */
  idempotencyKey?: string;
}

export interface ToastRequest {
  status: 'success' | 'error' | 'warning' | 'info';
  titleKey?: string;
  descriptionKey?: string;
  description?: string;
  durationMs?: number;
}

/** What a running flow may do to the world around it; supplied by the host application. */
export interface FlowEnvironment {
  call(operationId: string, request: OperationRequest): Promise<unknown>;
  /** Goes to a path of this site; `reload`: by loading the page afresh (nothing of this page's state outlives it). */
  navigate(to: string, options?: { reload?: boolean }): void;
  toast(request: ToastRequest): void;
  sendToSession(event: FlowEvent): void;
  /** Route, query and session values for bindings. */
  scope(): BindingScope;
  /** `tab: true`: for this tab only (the slot's api.yaml `tabKey`), leaving the other tabs' token alone. */
  setToken(slot: string, value: string | null, options?: { tab?: boolean }): void;
  getToken(slot: string): string | null;
  clearStored(storage: 'local' | 'session', key: string): void;
  now(): number;
}

type Params = Record<string, unknown>;

/**
 * What guards and context updates may look at: the bindings' scope, the stored tokens and the
 * clock. Reading only: a function given a FlowReader cannot change anything outside the flow.
 */
export type FlowReader = Pick<FlowEnvironment, 'scope' | 'getToken' | 'now'>;

/** A guard: true when its transition may be taken. */
export type FlowGuard = (args: FlowArgs, params: Params, env: FlowReader) => boolean;
/** A context update: pure, returns the context fields it changes (an empty object for none). */
export type FlowAssign = (args: FlowArgs, params: Params, env: FlowReader) => FlowContext;
/** A side effect (navigating, storing, calling the API, a toast): acts through env, returns nothing. */
export type FlowEffect = (args: FlowArgs, params: Params, env: FlowEnvironment) => void;
/** An actor a state invokes; its promise's value is the `onDone` event's `output`. */
/**
 * A long-running piece of work a state invokes. `signal` is aborted when the flow leaves that state
 * or stops (its page is left): work that goes on by itself (polling, listening) ends there.
 */
export type FlowActor = (input: Params, env: FlowEnvironment, signal: AbortSignal) => Promise<unknown>;
export type Formatter = (value: unknown, options?: Params) => string;

/**
 * Behaviour handed to the engine by name: one flow's own module, a module several flows share, or
 * the engine's built-ins. A machine's `actions` name assigns and effects alike; a module keeps the
 * two apart so that the engine runs context updates as XState `assign`s and effects as plain actions.
 */
export interface FlowModule {
  guards?: Record<string, FlowGuard>;
  assigns?: Record<string, FlowAssign>;
  effects?: Record<string, FlowEffect>;
  actors?: Record<string, FlowActor>;
  /**
   * Names this module defines on purpose although a module after it in the lookup path defines them
   * too (a shared module the flow uses, or the engine). Any other such name is a clash.
   */
  overrides?: readonly string[];
}

/** Every flow module the portal knows, where the lookup finds them (engine/core/flow/lookup.ts). */
export interface FlowCatalog {
  /** The engine's own guards, actions and actors: last in every lookup path. */
  builtins: FlowModule;
  /** Each flow's own module, by flow name (the machine's file name, flows/<name>.machine.yaml). */
  flows: Record<string, FlowModule>;
  /** Modules several flows share, by name; a machine names those it uses in `uses:`. */
  shared: Record<string, FlowModule>;
  /** Flow modules fetched on first use, by flow name; moved into `flows` once loaded (lazy-modules.ts). */
  lazy?: Record<string, () => Promise<FlowModule>>;
  /** Shared modules fetched with the first machine that uses one; moved into `shared` once loaded. */
  lazyShared?: Record<string, () => Promise<FlowModule>>;
}

export interface FlowPersistence { storage: 'local' | 'session'; key: string; fields: string[] }

export interface FlowDocument {
  id: string;
  /** The shared flow modules whose names this machine uses, looked up after its own module. */
  uses?: string[];
  /**
   * Bindings to what lies outside the machine (`$session.…`, `$route.…`): when one of their values
   * changes, the running machine is replaced by a new one from its initial state, so that nothing it
   * loaded or was given for the old value is shown or sent for the new one.
   */
  restartOn?: string[];
  persist?: FlowPersistence;
  context?: FlowContext;
  [key: string]: unknown;
}
