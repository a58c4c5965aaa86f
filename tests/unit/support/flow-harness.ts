// Runs a machine of flows/ as the portal does (YAML parsed by the configuration loader, built by
// createFlowMachine with the product's flow modules, each name looked up in the flow's own namespace) against a fake host: operations answer from a
// per-test table, and everything the flow does to the world is recorded. A coverage tracker fails a
// suite that leaves a state unreached or an onDone/onError branch untaken.
import { join } from 'node:path';
import { vi } from 'vitest';
import { createActor, waitFor, type AnyActorRef, type AnyStateMachine, type InspectionEvent } from 'xstate';
import { readConfigFile } from '../../../engine/core/config/read-config.ts';
import { createFlowMachine } from '../../../engine/core/flow/create-machine.ts';
import { keepPersisted } from '../../../engine/core/flow/persist.ts';
import type {
  FlowCatalog, FlowContext, FlowDocument, FlowEnvironment, FlowEvent, OperationRequest, ToastRequest,
} from '../../../engine/core/flow/types.ts';
import { flowCatalog } from '../../../flows/registry.ts';
import { loadAllFlowModules } from '../../../engine/core/flow/lazy-modules.ts';
import { MemoryStorage } from './memory-storage.ts';

// The browser fetches some flow modules with their machine (registry `lazyFlows`); tests run them all.
await loadAllFlowModules(flowCatalog);

const root = join(import.meta.dirname, '..', '..', '..');

/** A machine of flows/ read the way `npm run check` reads it. */
export function loadFlow(name: string): FlowDocument {
  const file = `flows/${name}.machine.yaml`;
  const { doc, problems } = readConfigFile(root, file);
  if (problems.length > 0) throw new Error(`${file}: ${problems.map((p) => p.message).join('; ')}`);
  return doc.data as FlowDocument;
}

/** What the API client rejects with when the server answers with an error status. */
export class OperationFailure extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown> = {}) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

export const fail = (status: number, body: Record<string, unknown> = {}) => new OperationFailure(status, body);

/** A fixed value, a failure to reject with, or a function of the request (it may throw). */
export type Answer = OperationFailure | ((request: OperationRequest) => unknown) | Record<string, unknown> | null | undefined;

export interface Call { operationId: string; request: OperationRequest }

export interface FakeHostOptions {
  answers?: Record<string, Answer>;
  route?: Record<string, unknown>;
  query?: Record<string, unknown>;
  session?: Record<string, unknown>;
  site?: Record<string, unknown>;
  tokens?: Record<string, string>;
  now?: number;
}

export type FakeHost = ReturnType<typeof createFakeHost>;

/** The host boundary of a flow, answering operations from `answers` (which a test may change as it goes). */
export function createFakeHost(options: FakeHostOptions = {}) {
  const host = {
    answers: { ...options.answers } as Record<string, Answer>,
    scope: { route: { ...options.route }, query: { ...options.query }, session: { ...options.session }, site: { ...options.site } },
    calls: [] as Call[],
    navigations: [] as string[],
    /** The navigations that load the page afresh (navigate `reload: true`). */
    reloads: [] as string[],
    toasts: [] as ToastRequest[],
    sessionEvents: [] as FlowEvent[],
    tokens: new Map<string, string>(Object.entries(options.tokens ?? {})),
    /**
     * Tokens stored for this tab only (storeToken `tab: true`). As in the portal (engine/core/api/
     * tokens.ts), while the tab holds any, every slot reads and writes here.
     */
    tabTokens: new Map<string, string>(),
    clearedStorage: [] as { storage: 'local' | 'session'; key: string }[],
    clock: options.now ?? 1_700_000_000_000,
    /** The calls made to one operation, in order. */
    callsTo(operationId: string): OperationRequest[] {
      return host.calls.filter((call) => call.operationId === operationId).map((call) => call.request);
    },
    env: undefined as unknown as FlowEnvironment,
  };
  host.env = {
    async call(operationId, request) {
      host.calls.push({ operationId, request: structuredClone(request) });
      if (!(operationId in host.answers)) throw new Error(`no answer for ${operationId} in this test's table`);
      const answer = host.answers[operationId];
      if (answer instanceof OperationFailure) throw answer;
      return typeof answer === 'function' ? answer(request) : structuredClone(answer);
    },
    navigate: (to, options) => { host.navigations.push(to); if (options?.reload) host.reloads.push(to); },
    toast: (request) => { host.toasts.push(request); },
    sendToSession: (event) => { host.sessionEvents.push(event); },
    scope: () => host.scope,
    setToken: (slot, value, options) => {
      const store = options?.tab || host.tabTokens.size > 0 ? host.tabTokens : host.tokens;
      if (value === null) store.delete(slot); else store.set(slot, value);
    },
    getToken: (slot) => (host.tabTokens.size > 0 ? host.tabTokens.get(slot) : host.tokens.get(slot)) ?? null,
    clearStored: (storage, key) => { host.clearedStorage.push({ storage, key }); },
    now: () => host.clock,
  };
  return host;
}

/**
 * Browser globals the flows read (the address, and the storage a machine's `persist` uses), as in a
 * tab at `pathname`. Undone by `vi.unstubAllGlobals()`.
 */
export function stubBrowser(pathname = '/') {
  const browser = { location: { pathname }, sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() };
  vi.stubGlobal('window', browser);
  return browser;
}

/** A flow's state as the views name it: `wizard.confirm`. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [key, inner] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return inner && typeof inner === 'object' ? `${key}.${stateName(inner)}` : `${key}.${String(inner)}`;
}

export interface FlowRun {
  actor: AnyActorRef;
  state(): string;
  context(): FlowContext;
  send(event: FlowEvent): void;
  /** Waits until every operation the flow started has answered and the flow acted on it. */
  settle(): Promise<void>;
}

/** `catalog`: other flow modules than the product's (a test of the lookup itself). */
export interface RunOptions { coverage?: FlowCoverage; catalog?: FlowCatalog }

/** Starts the named machine against `host`, saving its persisted fields after each change as the flow widget does. */
export function runFlow(name: string, host: FakeHost, options: RunOptions = {}): FlowRun {
  const doc = loadFlow(name);
  const machine = createFlowMachine(name, doc, options.catalog ?? flowCatalog, host.env);
  const actor = createActor(machine, { inspect: options.coverage?.inspector(machine) });
  actor.start();
  keepPersisted(actor, doc.persist);
  const idle = (snapshot: ReturnType<typeof actor.getSnapshot>) =>
    snapshot.status !== 'active' || Object.values(snapshot.children as Record<string, AnyActorRef>).every((child) => child.getSnapshot().status !== 'active');
  return {
    actor,
    state: () => stateName(actor.getSnapshot().value),
    context: () => actor.getSnapshot().context as FlowContext,
    send: (event) => actor.send(event),
    async settle() {
      // A promise actor settles on a microtask; the flow may then start another operation.
      for (let round = 0; round < 20; round += 1) {
        await Promise.resolve();
        await waitFor(actor, idle, { timeout: Infinity });
      }
    },
  };
}

/**
 * Records, across every run of one machine in a test file, which states were entered and which
 * onDone/onError branches were taken; `missing()` lists what no test reached.
 */
export function trackCoverage(name: string) {
  const entered = new Set<string>();
  const taken = new Set<string>();
  let machine: AnyStateMachine | undefined;

  const enter = (snapshot: unknown) => {
    for (const node of (snapshot as { _nodes?: { id: string }[] })._nodes ?? []) entered.add(node.id);
  };
  const branchKey = (source: { id: string }, eventType: string, index: number) => `${source.id} ${eventType} ${index}`;

  const coverage = {
    inspector(built: AnyStateMachine) {
      machine ??= built;
      return (event: InspectionEvent) => {
        if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep') enter(event.snapshot);
        if (event.type !== '@xstate.microstep') return;
        for (const transition of event._transitions) {
          const source = transition.source as unknown as { id: string; transitions: Map<string, unknown[]> };
          const index = source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1;
          // A transient state (only `always`) is left in the step that enters it: its own transition shows it was entered.
          entered.add(source.id);
          taken.add(branchKey(source, transition.eventType, index));
        }
      };
    },
    /** States no run entered, and invoke outcomes (onDone/onError, per guarded branch) no run took. */
    missing(): string[] {
      if (!machine) return [`no run of ${name} was tracked`];
      const gaps: string[] = [];
      const visit = (node: AnyStateMachine['root']) => {
        if (node !== machine!.root && !entered.has(node.id)) gaps.push(`state ${node.id}`);
        for (const [eventType, branches] of node.transitions) {
          const outcome = eventType.startsWith('xstate.done.actor.') ? 'onDone' : eventType.startsWith('xstate.error.actor.') ? 'onError' : null;
          if (!outcome) continue;
          branches.forEach((_branch, index) => {
            if (!taken.has(branchKey(node, eventType, index))) gaps.push(`${node.id} ${outcome}${branches.length > 1 ? `[${index}]` : ''}`);
          });
        }
        for (const child of Object.values(node.states)) visit(child);
      };
      visit(machine.root);
      return gaps;
    },
  };
  return coverage;
}

export type FlowCoverage = ReturnType<typeof trackCoverage>;
