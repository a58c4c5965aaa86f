// The context fields a machine can have: `error` (the engine starts every context with it), its
// initial `context`, the fields its `persist` restores, those its built-in assigns set (`assign`'s
// params, `error` of assignError/clearError, startCountdown's field), and those its flow modules'
// assigns return when their source tells (`fieldsOf`). A machine naming an assign whose fields are
// not told is not the whole story (`complete` false): it may have any field.
import { flowNamespace, type FlowNamespace } from '../flow/lookup.ts';
import type { AssignFields } from './context.ts';
import { usesOf } from './check-flows.ts';
import { closest } from './check-refs.ts';
import { isObject, walk, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';

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


export function machineContext(machine: unknown, namespace: FlowNamespace, fieldsOf?: AssignFields): MachineContext {
  const fields = new Set<string>(['error']);
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
    const set = builtin ? builtin(isObject(value) && isObject(value.params) ? value.params : {}) : fieldsOf?.(resolved.run);
    if (!set) complete = false;
    else for (const field of set) fields.add(field);
  };
  walk(machine, (value, path, key) => {
    // `actions` of a transition, `entry`/`exit` of a state; not a key of `context` or of params.
    if (typeof key !== 'string' || !ACTION_KEYS.has(key) || path.includes('context') || path.includes('params')) return;
    if (Array.isArray(value)) value.forEach(action);
    else action(value);
  });
  return { fields, complete };
}

const contexts = new WeakMap<CheckContext, Map<string, MachineContext>>();

/** The fields of flow `flow`'s machine (flows/<flow>.machine.yaml), once per check. */
export function contextOfFlow(ctx: CheckContext, flow: string): MachineContext | undefined {
  const machine = ctx.project.flows[flow];
  if (!machine) return undefined;
  let known = contexts.get(ctx);
  if (!known) contexts.set(ctx, (known = new Map()));
  let context = known.get(flow);
  if (!context) {
    context = machineContext(machine.data, flowNamespace(ctx.names.flows, flow, usesOf(machine)).namespace, ctx.names.assignFields);
    known.set(flow, context);
  }
  return context;
}

const CONTEXT_FIELD = /\$context\.([A-Za-z_$][A-Za-z0-9_$]*)/g;

/** Each `$context.<field>` read in `value` (bindings, and bindings inside texts), with where it is. */
export function contextReads(value: unknown, skip?: (at: PathSegment[]) => boolean): Array<{ field: string; at: PathSegment[] }> {
  const reads: Array<{ field: string; at: PathSegment[] }> = [];
  walk(value, (text, at) => {
    if (typeof text !== 'string' || skip?.(at)) return;
    for (const [, field] of text.matchAll(CONTEXT_FIELD)) reads.push({ field, at });
  });
  return reads;
}

/** Why `field` is not a field of a machine: with the likely one and the fields it has. */
export function unknownField(field: string, context: MachineContext, machineFile: string): string {
  const fields = [...context.fields];
  const near = closest(field, fields);
  return `field "${field}" of $context is never set by ${machineFile}${near ? ` (did you mean "${near}"?)` : ''} (its fields: ${fields.join(', ')})`;
}
