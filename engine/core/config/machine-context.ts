// The context fields a machine can have, as far as its document tells: its initial `context`, the
// fields its `persist` restores, and those its built-in assigns set (`assign`'s params, `error` of
// assignError/clearError, startCountdown's field). An assign of a flow module returns fields the
// check cannot see: a machine that names one is not the whole story (`complete` false).
import type { FlowNamespace } from '../flow/lookup.ts';
import { isObject, walk } from './context.ts';

export interface MachineContext {
  fields: Set<string>;
  /** False when an assign of a flow module may set other fields. */
  complete: boolean;
}

/** What each built-in assign sets, from its params. */
const BUILTIN_ASSIGNS: Record<string, (params: Record<string, unknown>) => string[]> = {
  assign: (params) => Object.keys(params),
  assignError: () => ['error'],
  clearError: () => ['error'],
  startCountdown: (params) => [typeof params.field === 'string' ? params.field : 'resendAt'],
};

const ACTION_KEYS = new Set(['actions', 'entry', 'exit']);

export function machineContext(machine: unknown, namespace: FlowNamespace): MachineContext {
  const fields = new Set<string>();
  let complete = true;
  if (!isObject(machine)) return { fields, complete: false };
  if (isObject(machine.context)) for (const key of Object.keys(machine.context)) fields.add(key);
  if (isObject(machine.persist) && Array.isArray(machine.persist.fields)) {
    for (const field of machine.persist.fields) if (typeof field === 'string') fields.add(field);
  }
  const action = (value: unknown) => {
    const name = isObject(value) ? value.type : value;
    if (typeof name !== 'string') return;
    const resolved = namespace.actions[name];
    if (!resolved || resolved.kind !== 'assign') return;
    const builtin = namespace.origin('action', name)?.kind === 'engine' ? BUILTIN_ASSIGNS[name] : undefined;
    if (!builtin) {
      complete = false;
      return;
    }
    for (const field of builtin(isObject(value) && isObject(value.params) ? value.params : {})) fields.add(field);
  };
  walk(machine, (value, path, key) => {
    // `actions` of a transition, `entry`/`exit` of a state; not a key of `context` or of params.
    if (typeof key !== 'string' || !ACTION_KEYS.has(key) || path.includes('context') || path.includes('params')) return;
    if (Array.isArray(value)) value.forEach(action);
    else action(value);
  });
  return { fields, complete };
}
