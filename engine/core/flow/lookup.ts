// Where a flow's named guards, actions and actors come from. Each flow has its own namespace: its
// own module first, then the shared modules its machine names in `uses` (in that order), then the
// engine's built-ins. The running portal (create-machine.ts), `npm run check` and the unit tests all
// resolve names through flowNamespace(); nothing is found any other way.
//
// Nothing overrides silently. A name defined by two modules of one lookup path is a clash unless the
// module found first lists it in its `overrides` (a flow module may replace a name of a shared module
// it uses or of the engine; a shared module one of the engine). Two shared modules of one path never
// override each other: their order in `uses` is not meant to decide anything.
import type { FlowActor, FlowAssign, FlowCatalog, FlowEffect, FlowGuard, FlowModule } from './types.ts';

export type NameKind = 'guard' | 'action' | 'actor';
export const NAME_KINDS: readonly NameKind[] = ['guard', 'action', 'actor'];

/** One module of a lookup path. */
export interface ModuleRef { kind: 'flow' | 'shared' | 'engine'; name: string }

export const ENGINE_REF: ModuleRef = { kind: 'engine', name: 'engine' };

export function describeModule(ref: ModuleRef): string {
  return ref.kind === 'engine' ? "the engine's built-ins" : `${ref.kind} module "${ref.name}"`;
}

/** An action as the machine runs it: a context update or a side effect. */
export type ResolvedAction = { kind: 'assign'; run: FlowAssign } | { kind: 'effect'; run: FlowEffect };

/** What one flow's machine can name, each with the module it was found in. */
export interface FlowNamespace {
  flow: string;
  /** The lookup path, first looked up first. */
  path: ModuleRef[];
  guards: Record<string, FlowGuard>;
  actions: Record<string, ResolvedAction>;
  actors: Record<string, FlowActor>;
  /** The module a name was found in, if any. */
  origin(kind: NameKind, name: string): ModuleRef | undefined;
}

/**
 * A mistake in a lookup path. `module`, `kind` and `name`: a definition at fault (where to fix it).
 * `use`: an entry of the machine's `uses` at fault.
 */
export interface LookupProblem {
  module?: ModuleRef;
  kind?: NameKind;
  name?: string;
  use?: number;
  message: string;
}

/** The names a module defines, by kind; assigns and effects are both actions. */
export function namesOf(module: FlowModule, kind: NameKind): string[] {
  if (kind === 'guard') return Object.keys(module.guards ?? {});
  if (kind === 'actor') return Object.keys(module.actors ?? {});
  return [...Object.keys(module.assigns ?? {}), ...Object.keys(module.effects ?? {})];
}

export function moduleOf(catalog: FlowCatalog, ref: ModuleRef): FlowModule | undefined {
  if (ref.kind === 'engine') return catalog.builtins;
  return ref.kind === 'flow' ? catalog.flows[ref.name] : catalog.shared[ref.name];
}

/** A module's own mistakes: an action that is both an assign and an effect. */
export function moduleProblems(module: FlowModule, ref: ModuleRef): LookupProblem[] {
  const effects = new Set(Object.keys(module.effects ?? {}));
  return Object.keys(module.assigns ?? {}).filter((name) => effects.has(name)).map((name) => ({
    module: ref, kind: 'action' as const, name,
    message: `action "${name}" of ${describeModule(ref)} is both an assign and an effect`,
  }));
}

/** Checks `shadowing` (found first) against `shadowed` (after it in the path) for one name. */
function overrideProblem(shadowing: ModuleRef, shadowed: ModuleRef, module: FlowModule, kind: NameKind, name: string): LookupProblem | undefined {
  const declared = (module.overrides ?? []).includes(name);
  if (shadowing.kind === 'shared' && shadowed.kind === 'shared') {
    return { module: shadowing, kind, name, message: `${kind} "${name}" is defined by both ${describeModule(shadowing)} and ${describeModule(shadowed)}, which one flow uses: neither may override the other, rename one` };
  }
  if (declared) return undefined;
  return {
    module: shadowing, kind, name,
    message: `${kind} "${name}" of ${describeModule(shadowing)} is also defined by ${describeModule(shadowed)}, after it in the lookup path: rename it, or list it in the module's overrides to replace that one on purpose`,
  };
}

/** The lookup path of a flow whose machine uses `uses`, and the problems of the path itself. */
export function lookupPath(catalog: FlowCatalog, flow: string, uses: readonly string[] = []): { path: ModuleRef[]; problems: LookupProblem[] } {
  const path: ModuleRef[] = [];
  const problems: LookupProblem[] = [];
  if (catalog.flows[flow]) path.push({ kind: 'flow', name: flow });
  uses.forEach((name, use) => {
    if (!catalog.shared[name]) {
      const known = Object.keys(catalog.shared);
      problems.push({ use, message: `shared flow module "${name}" is not registered (known: ${known.join(', ') || 'none'})` });
    } else if (uses.indexOf(name) !== use) {
      problems.push({ use, message: `shared flow module "${name}" is named twice` });
    } else {
      path.push({ kind: 'shared', name });
    }
  });
  path.push(ENGINE_REF);
  return { path, problems };
}

/**
 * Resolves every name a flow can use, first definition on its path first. Problems: unknown or
 * repeated `uses`, clashes on the path, overrides replacing nothing on it, assign-and-effect names.
 */
export function flowNamespace(catalog: FlowCatalog, flow: string, uses: readonly string[] = []): { namespace: FlowNamespace; problems: LookupProblem[] } {
  const { path, problems } = lookupPath(catalog, flow, uses);
  const guards: Record<string, FlowGuard> = {};
  const actions: Record<string, ResolvedAction> = {};
  const actors: Record<string, FlowActor> = {};
  const origins = new Map<string, ModuleRef>();
  // Every definer of each name along the path, in lookup order.
  const definers = new Map<string, ModuleRef[]>();

  for (const ref of path) {
    const module = moduleOf(catalog, ref)!;
    problems.push(...moduleProblems(module, ref));
    for (const kind of NAME_KINDS) {
      for (const name of namesOf(module, kind)) {
        const key = `${kind}:${name}`;
        const list = definers.get(key) ?? [];
        list.push(ref);
        definers.set(key, list);
        if (origins.has(key)) continue;
        origins.set(key, ref);
        if (kind === 'guard') guards[name] = module.guards![name];
        else if (kind === 'actor') actors[name] = module.actors![name];
        else if (module.assigns && Object.hasOwn(module.assigns, name)) actions[name] = { kind: 'assign', run: module.assigns[name] };
        else actions[name] = { kind: 'effect', run: module.effects![name] };
      }
    }
  }

  for (const [key, list] of definers) {
    const [kind, name] = key.split(/:(.*)/s) as [NameKind, string];
    for (let i = 0; i + 1 < list.length; i += 1) {
      const problem = overrideProblem(list[i], list[i + 1], moduleOf(catalog, list[i])!, kind, name);
      if (problem) problems.push(problem);
    }
  }

  // An override must replace something after its module in this path: for a flow module, in the
  // shared modules or the engine; for a shared module, in the engine (shared modules never override
  // each other).
  path.forEach((ref, index) => {
    const module = moduleOf(catalog, ref)!;
    const after = ref.kind === 'shared' ? [ENGINE_REF] : path.slice(index + 1);
    for (const name of module.overrides ?? []) {
      const later = after.some((other) => NAME_KINDS.some((kind) => namesOf(moduleOf(catalog, other)!, kind).includes(name)));
      const own = NAME_KINDS.some((kind) => namesOf(module, kind).includes(name));
      if (!own || !later) {
        problems.push({
          module: ref, name,
          message: !own
            ? `${describeModule(ref)} lists "${name}" in its overrides but does not define it`
            : ref.kind === 'shared'
              ? `${describeModule(ref)} lists "${name}" in its overrides, but the engine's built-ins do not define it (shared modules override only those)`
              : `${describeModule(ref)} lists "${name}" in its overrides, but nothing after it in the lookup path of flow "${flow}" defines it`,
        });
      }
    }
  });

  const namespace: FlowNamespace = {
    flow, path, guards, actions, actors,
    origin: (kind, name) => origins.get(`${kind}:${name}`),
  };
  return { namespace, problems };
}

/** Where else a name is defined, for a message about a name a flow cannot reach. */
export function definedElsewhere(catalog: FlowCatalog, kind: NameKind, name: string): ModuleRef[] {
  const found: ModuleRef[] = [];
  for (const [flow, module] of Object.entries(catalog.flows)) if (namesOf(module, kind).includes(name)) found.push({ kind: 'flow', name: flow });
  for (const [shared, module] of Object.entries(catalog.shared)) if (namesOf(module, kind).includes(name)) found.push({ kind: 'shared', name: shared });
  return found;
}

/**
 * The product-wide rule, beyond each path: a name (of one kind) is defined by one module of the
 * product. Two modules that are never on one lookup path (two flow modules, a flow module and a
 * shared module it does not use, two shared modules no flow uses together) defining the same name
 * clash too: the name would mean two things across the product's machines, and the same behaviour
 * written twice belongs in a shared module both flows use. `usesByFlow`: each machine's `uses`.
 */
export function catalogProblems(catalog: FlowCatalog, usesByFlow: Readonly<Record<string, readonly string[]>>): LookupProblem[] {
  const problems: LookupProblem[] = [];
  for (const [flow, uses] of Object.entries(usesByFlow)) {
    problems.push(...flowNamespace(catalog, flow, uses).problems.filter((problem) => problem.module));
  }
  // Shared modules are checked against the engine whoever uses them.
  for (const shared of Object.keys(catalog.shared)) {
    problems.push(...flowNamespace({ ...catalog, flows: {} }, '', [shared]).problems.filter((problem) => problem.module));
  }

  const onOnePath = (a: ModuleRef, b: ModuleRef) => {
    const paths = Object.entries(usesByFlow).map(([flow, uses]) => lookupPath(catalog, flow, uses).path);
    return paths.some((path) => path.some((ref) => sameRef(ref, a)) && path.some((ref) => sameRef(ref, b)));
  };
  const product: ModuleRef[] = [
    ...Object.keys(catalog.flows).map((name) => ({ kind: 'flow' as const, name })),
    ...Object.keys(catalog.shared).map((name) => ({ kind: 'shared' as const, name })),
  ];
  for (const kind of NAME_KINDS) {
    const first = new Map<string, ModuleRef>();
    for (const ref of product) {
      for (const name of namesOf(moduleOf(catalog, ref)!, kind)) {
        const earlier = first.get(name);
        if (!earlier) { first.set(name, ref); continue; }
        if (onOnePath(earlier, ref)) continue; // the path rules above decide
        problems.push({
          module: ref, kind, name,
          message: `${kind} "${name}" of ${describeModule(ref)} is also defined by ${describeModule(earlier)}: a name means one thing across the product's flows; put it in a shared module both flows use, or rename one`,
        });
      }
    }
  }

  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.module?.kind}:${problem.module?.name}:${problem.kind}:${problem.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function sameRef(a: ModuleRef, b: ModuleRef): boolean {
  return a.kind === b.kind && a.name === b.name;
}
