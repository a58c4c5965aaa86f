// A machine's states as screens name them, and the events each handles. A view names a state by its
// path from the machine's root, nested states joined with dots (`paying.entering`), and is shown in
// that state and every state below it (engine/react/widgets/FlowWidget.tsx).
import { isObject } from './context.ts';

export interface MachineState {
  /** The state's own node of the machine document. */
  node: Record<string, unknown>;
  /** The dotted path of its parent ('' for the root's children); undefined for the root itself. */
  parent: string | undefined;
}

/** Every state by its dotted path; the root is ''. */
export function machineStates(machine: unknown): Map<string, MachineState> {
  const states = new Map<string, MachineState>();
  const visit = (node: Record<string, unknown>, path: string, parent: string | undefined) => {
    states.set(path, { node, parent });
    if (!isObject(node.states)) return;
    for (const [name, child] of Object.entries(node.states)) {
      if (isObject(child)) visit(child, path ? `${path}.${name}` : name, path);
    }
  };
  if (isObject(machine)) visit(machine, '', undefined);
  return states;
}

/** The states a view naming `names` is shown in: each named state and every state below it. */
export function statesShown(states: Map<string, MachineState>, names: readonly string[]): string[] {
  return [...states.keys()].filter((path) => path !== '' && names.some((name) => path === name || path.startsWith(`${name}.`)));
}

/** The event names a state's `on` lists, its ancestors' and the root's included (they handle events for it). */
export function eventsHandledIn(states: Map<string, MachineState>, path: string): string[] {
  const events: string[] = [];
  for (let at: string | undefined = path; at !== undefined; at = states.get(at)?.parent) {
    const on = states.get(at)?.node.on;
    if (isObject(on)) events.push(...Object.keys(on));
  }
  return events;
}

/** Whether an `on` key takes the event: the same name, `*`, or a `prefix.*` wildcard as XState reads them. */
export function takesEvent(key: string, event: string): boolean {
  if (key === event || key === '*') return true;
  return key.endsWith('.*') && event.startsWith(key.slice(0, -1));
}
