import { assign, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { resolveBindings } from '../bindings.ts';
import { builtinFlowImplementations } from './builtins.ts';
import type { FlowArgs, FlowContext, FlowDocument, FlowEnvironment, FlowImplementations } from './types.ts';
import { restorePersisted } from './persist.ts';

type Params = Record<string, unknown>;

/** Builtin actions that only change the context; every other action is a side effect. */
const CONTEXT_ACTIONS = new Set(['assign', 'assignError', 'clearError', 'startCountdown']);

function merge(product: FlowImplementations): FlowImplementations {
  return {
    guards: { ...builtinFlowImplementations.guards, ...product.guards },
    actions: { ...builtinFlowImplementations.actions, ...product.actions },
    actors: { ...builtinFlowImplementations.actors, ...product.actors },
  };
}

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
 * Turns a machine written as data (flows/*.machine.yaml) into an XState machine whose named guards,
 * actions and actors come from the engine's builtins and the product's registry.
 */
export function createFlowMachine(doc: FlowDocument, product: FlowImplementations, env: FlowEnvironment): AnyStateMachine {
  const impl = merge(product);
  const { persist, context, ...config } = doc;
  const initialContext: FlowContext = { error: null, ...(context ?? {}), ...restorePersisted(persist) };

  // Bindings in params are resolved here, once, so a value typed by a user is never read as a binding.
  const resolve = (args: FlowArgs, params: Params | undefined): Params =>
    resolveBindings(params ?? {}, { ...env.scope(), context: args.context, event: args.event });

  const actions: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(impl.actions)) {
    const isProductAction = !(name in builtinFlowImplementations.actions);
    if (CONTEXT_ACTIONS.has(name) || isProductAction) {
      actions[name] = assign((args: FlowArgs, params: Params) => run(args, resolve(args, params), env) ?? {});
    } else {
      actions[name] = (args: FlowArgs, params: Params) => { run(args, resolve(args, params), env); };
    }
  }
  const guards: Record<string, unknown> = {};
  for (const [name, test] of Object.entries(impl.guards)) {
    guards[name] = (args: FlowArgs, params: Params) => test(args, resolve(args, params), env);
  }
  const actors: Record<string, unknown> = {};
  for (const [name, run] of Object.entries(impl.actors)) {
    actors[name] = fromPromise(({ input }: { input: Record<string, unknown> }) => run(input, env));
  }

  const machineConfig = bindInputs({ ...config, context: initialContext }, env) as Record<string, unknown>;
  // The registry is typed loosely on purpose: names are checked against configuration by `npm run check`.
  return setup({ actions, guards, actors } as never).createMachine(machineConfig as never) as unknown as AnyStateMachine;
}
