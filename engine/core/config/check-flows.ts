// Cross-checks of flows/*.machine.yaml against the flow modules: every guard, action and actor a
// machine names must be found in its own lookup path (engine/core/flow/lookup.ts), and no name may
// be defined twice in a way that clashes. Problems about a definition point at its source.
import {
  catalogProblems, definedElsewhere, describeModule, flowNamespace, moduleOf, type FlowNamespace, type NameKind,
} from '../flow/lookup.ts';
import { isObject, walk, type CheckContext } from './context.ts';
import { checkOperations, MESSAGE_PROPS } from './check-refs.ts';
import { definitionSite, registrationSite } from './definition-sites.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

/** The message keys of a toast's params (engine/core/flow/types.ts ToastRequest). */
const TOAST_KEYS = new Set(['titleKey', 'descriptionKey']);

/** A machine's `uses`, as far as it is a list of names (the meta-schema reports the rest). */
export function usesOf(doc: SourceDoc): string[] {
  const uses = isObject(doc.data) ? doc.data.uses : undefined;
  return Array.isArray(uses) ? uses.filter((use): use is string => typeof use === 'string') : [];
}

/** Why a name is not found, and where it is defined when it is defined elsewhere. */
function unknownName(ctx: CheckContext, namespace: FlowNamespace, kind: NameKind, name: string): string {
  const path = namespace.path.map(describeModule).join(', ');
  const base = `${kind} "${name}" is not defined in the lookup path of flow "${namespace.flow}" (${path})`;
  const elsewhere = definedElsewhere(ctx.names.flows, kind, name);
  const shared = elsewhere.find((ref) => ref.kind === 'shared');
  if (shared) return `${base}: ${describeModule(shared)} defines it, add "${shared.name}" to the machine's uses`;
  const flow = elsewhere.find((ref) => ref.kind === 'flow');
  if (flow) return `${base}: ${describeModule(flow)} defines it, which only its own flow reaches; move it to a shared flow module and add that module to both machines' uses`;
  return base;
}

/** Guards, actions and actors named anywhere in one machine, each checked against its namespace. */
function checkNames(ctx: CheckContext, doc: SourceDoc, namespace: FlowNamespace): void {
  const known: Record<NameKind, Record<string, unknown>> = { guard: namespace.guards, action: namespace.actions, actor: namespace.actors };
  const named = (value: unknown, path: PathSegment[], kind: NameKind) => {
    const name = isObject(value) ? value.type : value;
    const at = isObject(value) ? [...path, 'type'] : path;
    if (typeof name === 'string' && !Object.hasOwn(known[kind], name)) ctx.report(doc, at, unknownName(ctx, namespace, kind, name));
  };
  const actionList = (value: unknown, path: PathSegment[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => named(v, [...path, i], 'action'));
    else if (value !== undefined) named(value, path, 'action');
  };
  const transitions = (value: unknown, path: PathSegment[]) => {
    if (Array.isArray(value)) return value.forEach((v, i) => transitions(v, [...path, i]));
    if (!isObject(value)) return;
    if (value.guard !== undefined) named(value.guard, [...path, 'guard'], 'guard');
    actionList(value.actions, [...path, 'actions']);
  };
  const state = (node: unknown, path: PathSegment[]) => {
    if (!isObject(node)) return;
    actionList(node.entry, [...path, 'entry']);
    actionList(node.exit, [...path, 'exit']);
    for (const group of ['on', 'after']) {
      if (isObject(node[group])) for (const [k, t] of Object.entries(node[group])) transitions(t, [...path, group, k]);
    }
    transitions(node.always, [...path, 'always']);
    transitions(node.onDone, [...path, 'onDone']);
    const invokes = Array.isArray(node.invoke) ? node.invoke : node.invoke === undefined ? [] : [node.invoke];
    invokes.forEach((inv, i) => {
      const at = Array.isArray(node.invoke) ? [...path, 'invoke', i] : [...path, 'invoke'];
      if (!isObject(inv)) return;
      named(inv.src, [...at, 'src'], 'actor');
      for (const k of ['onDone', 'onError', 'onSnapshot']) transitions(inv[k], [...at, k]);
    });
    if (isObject(node.states)) for (const [k, child] of Object.entries(node.states)) state(child, [...path, 'states', k]);
  };
  state(doc.data, []);
}

/** Every machine: ids, operations, message keys and the names it uses; then the flow modules themselves. */
export function checkFlows(ctx: CheckContext, operations: Map<string, string>): void {
  const catalog = ctx.names.flows;
  const ids = new Map<string, string>();
  const usesByFlow: Record<string, string[]> = {};
  for (const [flow, doc] of Object.entries(ctx.project.flows)) {
    checkOperations(ctx, doc, operations);
    const id = isObject(doc.data) ? doc.data.id : undefined;
    if (typeof id === 'string') {
      const other = ids.get(id);
      if (other) ctx.report(doc, ['id'], `machine id "${id}" is also used by ${other}`);
      else ids.set(id, doc.file);
    }
    walk(doc.data, (value, path, key) => {
      if (typeof key !== 'string' || !path.includes('params')) return;
      if (MESSAGE_PROPS.has(key) || TOAST_KEYS.has(key)) ctx.messageKey(doc, path, value);
    });
    const uses = usesOf(doc);
    usesByFlow[flow] = uses;
    const { namespace, problems } = flowNamespace(catalog, flow, uses);
    // Problems of the machine's own `uses`; those of the modules are reported once, below.
    for (const problem of problems) if (problem.use !== undefined) ctx.report(doc, ['uses', problem.use], problem.message);
    checkNames(ctx, doc, namespace);
  }

  for (const problem of catalogProblems(catalog, usesByFlow)) {
    const module = moduleOf(catalog, problem.module!)!;
    const site = definitionSite(ctx.project.root, problem.module!, module, problem.kind, problem.name);
    ctx.problems.push({ ...site, message: problem.message });
  }
  for (const flow of Object.keys(catalog.flows)) {
    if (!ctx.project.flows[flow]) {
      ctx.problems.push({ ...registrationSite(ctx.project.root, { kind: 'flow', name: flow }), message: `flow module "${flow}" has no machine flows/${flow}.machine.yaml (a flow module is named by its machine's file name)` });
    }
  }
  const used = new Set(Object.values(usesByFlow).flat());
  for (const shared of Object.keys(catalog.shared)) {
    if (!used.has(shared)) {
      ctx.problems.push({ ...registrationSite(ctx.project.root, { kind: 'shared', name: shared }), message: `shared flow module "${shared}" is used by no machine (a machine names it in uses)` });
    }
  }
}
