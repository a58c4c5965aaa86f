// The states and transitions of a machine document (flows/<name>.machine.yaml, XState v5 config) as
// plain data, for drawing it and listing it. Framework-free: reads the document, never runs it.
import type { FlowDocument } from '../../core/flow/types.ts';

/** The machine itself, as the source of transitions declared at its top level. */
export const MACHINE_STATE = '';

export interface GraphState {
  /** Dotted path from the machine, as a screen's flow view names it (`wizard.selectLedger`). */
  path: string;
  /** The state's own key (`selectLedger`). */
  key: string;
  /** The path of the state holding it (MACHINE_STATE for a top-level state). */
  parent: string;
  initial: boolean;
  final: boolean;
  /** Has states of its own. */
  compound: boolean;
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error';

export interface GraphTransition {
  /** The state declaring it (MACHINE_STATE for the machine's own `on`). */
  from: string;
  /** The states it goes to; empty when it stays where it is (actions only). */
  to: string[];
  kind: TransitionKind;
  /** What takes it: the event name, `always`, `after 100 ms`, `done: <actor>` or `error: <actor>`. */
  trigger: string;
  guard?: string;
  actions: string[];
  /** Targets that name no state of the machine (a mistake the check would report). */
  unresolved?: string[];
}

export interface MachineGraph {
  id: string;
  initial?: string;
  states: GraphState[];
  transitions: GraphTransition[];
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
const join = (parent: string, key: string) => (parent === MACHINE_STATE ? key : `${parent}.${key}`);

/** A guard's or action's name: a string, or the `type` of `{ type, params }`. */
function nameOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObj(value) && typeof value.type === 'string') return value.type;
  return undefined;
}

/** A guard's name, with the values it is given: `stepIs(step: 4)`. */
function guardName(value: unknown): string | undefined {
  const name = nameOf(value);
  if (!name || !isObj(value) || !isObj(value.params)) return name;
  return `${name}(${Object.entries(value.params).map(([key, param]) => `${key}: ${JSON.stringify(param)}`).join(', ')})`;
}

/** What an invoked actor is called in a trigger: the operation an `operation` actor calls, else its source. */
function actorName(invoke: Obj): string {
  const input = isObj(invoke.input) ? invoke.input : {};
  return typeof input.operationId === 'string' ? input.operationId : nameOf(invoke.src) ?? 'actor';
}

export function machineGraph(doc: FlowDocument): MachineGraph {
  const machineId = typeof doc.id === 'string' ? doc.id : '';
  const states: GraphState[] = [];
  const nodes = new Map<string, Obj>([[MACHINE_STATE, doc as Obj]]);
  // `#id` targets: the machine's id, and any state's own `id`.
  const byId = new Map<string, string>([[machineId, MACHINE_STATE]]);

  const visit = (node: Obj, path: string) => {
    const children = isObj(node.states) ? node.states : {};
    for (const [key, child] of Object.entries(children)) {
      if (!isObj(child)) continue;
      const childPath = join(path, key);
      nodes.set(childPath, child);
      if (typeof child.id === 'string') byId.set(child.id, childPath);
      states.push({
        path: childPath,
        key,
        parent: path,
        initial: node.initial === key,
        final: child.type === 'final',
        compound: isObj(child.states) && Object.keys(child.states).length > 0,
      });
      visit(child, childPath);
    }
  };
  visit(doc as Obj, MACHINE_STATE);

  const parentOf = (path: string) => (path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : MACHINE_STATE);
  /** XState's reading of a target: `#id.path`, `.child` of the source, or a sibling of the source. */
  const resolve = (from: string, target: string): string | null => {
    let path: string;
    if (target.startsWith('#')) {
      const [id, ...rest] = target.slice(1).split('.');
      const base = byId.get(id);
      if (base === undefined) return null;
      path = rest.reduce(join, base);
    } else if (target.startsWith('.')) {
      path = join(from, target.slice(1));
    } else {
      // The machine's own transitions have no siblings: a plain key names a child.
      path = join(from === MACHINE_STATE ? MACHINE_STATE : parentOf(from), target);
    }
    return nodes.has(path) && path !== MACHINE_STATE ? path : null;
  };

  const transitions: GraphTransition[] = [];
  const add = (from: string, kind: TransitionKind, trigger: string, value: unknown) => {
    for (const item of list(value)) {
      const spec: Obj = typeof item === 'string' ? { target: item } : isObj(item) ? item : {};
      const targets = list(spec.target).filter((t): t is string => typeof t === 'string');
      const to: string[] = [];
      const unresolved: string[] = [];
      for (const target of targets) {
        const path = resolve(from, target);
        if (path === null) unresolved.push(target);
        else to.push(path);
      }
      const guard = guardName(spec.guard);
      transitions.push({
        from, to, kind, trigger,
        ...(guard ? { guard } : {}),
        actions: list(spec.actions).map(nameOf).filter((name): name is string => Boolean(name)),
        ...(unresolved.length > 0 ? { unresolved } : {}),
      });
    }
  };

  for (const [path, node] of nodes) {
    // In the order they are looked at once the state is entered: at once, when an actor ends, after a
    // delay, then on events.
    if (node.always !== undefined) add(path, 'always', 'always', node.always);
    for (const invoke of list(node.invoke).filter(isObj)) {
      const actor = actorName(invoke);
      if (invoke.onDone !== undefined) add(path, 'done', `done: ${actor}`, invoke.onDone);
      if (invoke.onError !== undefined) add(path, 'error', `error: ${actor}`, invoke.onError);
    }
    if (isObj(node.after)) for (const [delay, value] of Object.entries(node.after)) add(path, 'after', `after ${delay} ms`, value);
    if (isObj(node.on)) for (const [event, value] of Object.entries(node.on)) add(path, 'event', event, value);
    // A compound state's own onDone: taken when one of its final states is reached.
    if (node.onDone !== undefined && path !== MACHINE_STATE) add(path, 'done', 'done', node.onDone);
  }

  return { id: machineId, ...(typeof doc.initial === 'string' ? { initial: doc.initial } : {}), states, transitions };
}

/** A transition in words, e.g. `SUBMIT [isValid] → confirm`. */
export function describeTransition(transition: GraphTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  const targets = [...transition.to, ...(transition.unresolved ?? []).map((t) => `${t} (unknown)`)];
  return `${transition.trigger}${guard} → ${targets.length > 0 ? targets.join(', ') : '(stays)'}`;
}
