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
  navigate(to: string): void;
  toast(request: ToastRequest): void;
  sendToSession(event: FlowEvent): void;
  /** Route, query and session values for bindings. */
  scope(): BindingScope;
  setToken(slot: string, value: string | null): void;
  getToken(slot: string): string | null;
  clearStored(storage: 'local' | 'session', key: string): void;
  now(): number;
}

/** Product behaviour handed to the engine by name. Actions return context updates. */
export interface FlowImplementations {
  guards: Record<string, (args: FlowArgs, params: Record<string, unknown>, env: FlowEnvironment) => boolean>;
  actions: Record<string, (args: FlowArgs, params: Record<string, unknown>, env: FlowEnvironment) => FlowContext | void>;
  actors: Record<string, (input: Record<string, unknown>, env: FlowEnvironment) => Promise<unknown>>;
  formatters?: Record<string, (value: unknown, options?: Record<string, unknown>) => string>;
}

export interface FlowPersistence { storage: 'local' | 'session'; key: string; fields: string[] }

export interface FlowDocument {
  id: string;
  persist?: FlowPersistence;
  context?: FlowContext;
  [key: string]: unknown;
}
