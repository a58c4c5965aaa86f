import { assign, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { resolveBindings } from '../bindings.ts';
import { describeModule, flowNamespace } from './lookup.ts';
import type { FlowArgs, FlowCatalog, FlowContext, FlowDocument, FlowEnvironment } from './types.ts';
import { keepUnchanged } from './keep-unchanged.ts';
import { restorePersisted } from './persist.ts';

type Params = Record<string, unknown>;

/** Replaces each data-only `invoke.input` with a function that resolves its bindings when invoked. */
function bindInputs(node: unknown, env: FlowEnvironment): unknown {
  if (Array.isArray(node)) return node.map((item) => bindInputs(item, env));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'invoke') {
      const invokes = Array.isArray(value) ? value : [value];
      const bound = invokes.map((invoke: Record<string, unknown>) => {
        const rest = bindInputs(invoke, env) as Record<string, unknown>;
        const template = invoke.input ?? {};
        return { ...rest, input: (args: FlowArgs) => resolveBindings(template, { ...env.scope(), context: args.context, event: args.event }) };
      });
      out[key] = Array.isArray(value) ? bound : bound[0];
    } else {
      out[key] = bindInputs(value, env);
    }
  }
  return out;
}

/**
 * Turns a machine written as data (flows/<name>.machine.yaml) into an XState machine. Its named
 * guards, actions and actors are looked up in the flow's own namespace (lookup.ts): its own module,
 * the shared modules it `uses`, the engine's built-ins. A namespace with a clash or an unknown shared
 * module is refused (`npm run check` reports the same before the build).
 */
export function createFlowMachine(
  name: string, doc: FlowDocument, catalog: FlowCatalog, env: FlowEnvironment,
  /** Context values it starts with whatever its persisted fields say (what the page arrived as). */
  arrived: FlowContext = {},
): AnyStateMachine {
  const { persist, context, uses, restartOn: _restartOn, ...config } = doc;
  const { namespace, problems } = flowNamespace(catalog, name, uses ?? []);
  if (problems.length > 0) throw new Error(`flow "${name}": ${problems.map((problem) => problem.message).join('; ')}`);
  const initialContext: FlowContext = { error: null, ...(context ?? {}), ...restorePersisted(persist), ...arrived };

  // Bindings in params are resolved here, once, so a value typed by a user is never read as a binding.
  const resolve = (args: FlowArgs, params: Params | undefined): Params =>
    resolveBindings(params ?? {}, { ...env.scope(), context: args.context, event: args.event });

  const actions: Record<string, unknown> = {};
  for (const [action, resolved] of Object.entries(namespace.actions)) {
    const from = describeModule(namespace.origin('action', action)!);
    if (resolved.kind === 'assign') {
      actions[action] = assign((args: FlowArgs, params: Params) => {
        const update = resolved.run(args, resolve(args, params), env);
        if (!update || typeof update !== 'object' || Array.isArray(update)) {
          throw new Error(`assign "${action}" of ${from} returned no context update (an object of the fields it changes)`);
        }
        return keepUnchanged(args.context, update as Record<string, unknown>);
      });
    } else {
      actions[action] = (args: FlowArgs, params: Params) => {
        const result: unknown = resolved.run(args, resolve(args, params), env);
        // What a host call happens to return is ignored; a plain object is a context update that would be lost.
        if (result && Object.getPrototypeOf(result) === Object.prototype) {
          throw new Error(`effect "${action}" of ${from} returned a context update: context updates are assigns`);
        }
      };
    }
  }
  const guards: Record<string, unknown> = {};
  for (const [guard, test] of Object.entries(namespace.guards)) {
    guards[guard] = (args: FlowArgs, params: Params) => test(args, resolve(args, params), env);
  }
  const actors: Record<string, unknown> = {};
  for (const [actor, run] of Object.entries(namespace.actors)) {
    actors[actor] = fromPromise(({ input, signal }: { input: Record<string, unknown>; signal: AbortSignal }) => run(input, env, signal));
  }

  const machineConfig = bindInputs({ ...config, context: initialContext }, env) as Record<string, unknown>;
  // The implementations are typed loosely on purpose: names are checked against configuration by `npm run check`.
  return setup({ actions, guards, actors } as never).createMachine(machineConfig as never) as unknown as AnyStateMachine;
}
