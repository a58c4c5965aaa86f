// Each flow's namespace (engine/core/flow/lookup.ts): its own module, then the shared modules its
// machine uses, then the engine's built-ins; no name replaced without saying so; and how the machine
// runs what it finds (assigns as context updates, effects through the host).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { builtinFlowModule } from '../../engine/core/flow/builtins.ts';
import { createFlowMachine } from '../../engine/core/flow/create-machine.ts';
import { catalogProblems, flowNamespace } from '../../engine/core/flow/lookup.ts';
import type { FlowCatalog, FlowDocument, FlowModule } from '../../engine/core/flow/types.ts';
import { flowCatalog } from '../../flows/registry.ts';
import { createFakeHost, runFlow } from './support/flow-harness.ts';

const always = (value: boolean) => () => value;

function catalog(flows: Record<string, FlowModule>, shared: Record<string, FlowModule> = {}): FlowCatalog {
  return { builtins: builtinFlowModule, flows, shared };
}

/** A machine that takes one guarded transition and records which actions ran, in context. */
const probe = (uses: string[] = []): FlowDocument => ({
  id: 'probe',
  uses,
  initial: 'idle',
  context: { ran: [] },
  states: {
    idle: { on: { GO: { guard: 'ready', target: 'done', actions: ['mark'] } } },
    done: {},
  },
});

const marker = (label: string): FlowModule['assigns'] => ({ mark: ({ context }) => ({ ran: [...(context.ran as string[]), label] }) });

function run(name: string, doc: FlowDocument, modules: FlowCatalog) {
  const host = createFakeHost();
  const actor = createActor(createFlowMachine(name, doc, modules, host.env));
  // A failing action stops the machine; the tests read the error from the snapshot.
  actor.subscribe({ error: () => undefined });
  actor.start();
  actor.send({ type: 'GO' });
  return { host, snapshot: actor.getSnapshot() };
}

describe('lookup order', () => {
  it("finds a name in the flow's own module before its shared modules, and those before the engine", () => {
    const modules = catalog(
      { probe: { guards: { ready: always(true) }, assigns: marker('own'), overrides: ['mark'] } },
      { common: { assigns: { ...marker('shared'), clearError: () => ({ error: 'shared' }) }, overrides: ['clearError'] } },
    );
    const { namespace, problems } = flowNamespace(modules, 'probe', ['common']);
    expect(problems).toEqual([]);
    expect(namespace.path).toEqual([{ kind: 'flow', name: 'probe' }, { kind: 'shared', name: 'common' }, { kind: 'engine', name: 'engine' }]);
    expect(namespace.origin('action', 'mark')).toEqual({ kind: 'flow', name: 'probe' });
    expect(namespace.origin('action', 'clearError')).toEqual({ kind: 'shared', name: 'common' });
    expect(namespace.origin('action', 'assign')).toEqual({ kind: 'engine', name: 'engine' });
    expect(run('probe', probe(['common']), modules).snapshot.context.ran).toEqual(['own']);
  });

  it('falls through to a shared module the machine uses when its own module lacks the name', () => {
    const modules = catalog({ probe: { guards: { ready: always(true) } } }, { common: { assigns: marker('shared') } });
    expect(run('probe', probe(['common']), modules).snapshot.context.ran).toEqual(['shared']);
  });

  it("never reaches another flow's module: only its own, the shared modules it names and the engine", () => {
    const modules = catalog({ probe: { assigns: marker('own') }, other: { guards: { ready: always(true) } } });
    const { namespace } = flowNamespace(modules, 'probe');
    expect(namespace.guards.ready).toBeUndefined();
    expect(namespace.guards.hasError).toBe(builtinFlowModule.guards!.hasError);
  });

  it('the product\'s make-payment flow reaches the duplicate-warning guard through its shared module', () => {
    const { namespace, problems } = flowNamespace(flowCatalog, 'make-payment', ['payment-setup', 'account-ledgers', 'method-entry']);
    expect(problems).toEqual([]);
    expect(namespace.origin('guard', 'hasDuplicateWarning')).toEqual({ kind: 'shared', name: 'payment-setup' });
    expect(flowNamespace(flowCatalog, 'make-payment').namespace.guards.hasDuplicateWarning).toBeUndefined();
  });
});

describe('no silent override', () => {
  it('refuses a flow module defining a built-in name it does not declare as an override', () => {
    const modules = catalog({ probe: { guards: { ready: always(true), hasError: always(false) }, assigns: marker('own') } });
    const { problems } = flowNamespace(modules, 'probe');
    expect(problems.map((problem) => problem.message)).toEqual([
      'guard "hasError" of flow module "probe" is also defined by the engine\'s built-ins, after it in the lookup path: rename it, or list it in the module\'s overrides to replace that one on purpose',
    ]);
    expect(() => createFlowMachine('probe', probe(), modules, createFakeHost().env)).toThrow('guard "hasError" of flow module "probe"');
  });

  it("refuses a flow module redefining a name of a shared module it uses, unless declared", () => {
    const shared = { common: { assigns: marker('shared') } };
    expect(flowNamespace(catalog({ probe: { assigns: marker('own') } }, shared), 'probe', ['common']).problems).toHaveLength(1);
    expect(flowNamespace(catalog({ probe: { assigns: marker('own'), overrides: ['mark'] } }, shared), 'probe', ['common']).problems).toEqual([]);
  });

  it('refuses two shared modules of one flow defining the same name, whatever their order', () => {
    const shared = { a: { assigns: marker('a') }, b: { assigns: marker('b') } };
    for (const uses of [['a', 'b'], ['b', 'a']]) {
      const { problems } = flowNamespace(catalog({}, shared), 'probe', uses);
      expect(problems.map((problem) => problem.message)).toEqual([expect.stringContaining('which one flow uses: neither may override the other')]);
    }
  });

  it('refuses a shared module redefining a built-in unless declared', () => {
    const loud = { common: { assigns: { clearError: () => ({ error: 'x' }) } } };
    expect(flowNamespace(catalog({}, loud), 'probe', ['common']).problems).toHaveLength(1);
    expect(flowNamespace(catalog({}, { common: { ...loud.common, overrides: ['clearError'] } }), 'probe', ['common']).problems).toEqual([]);
  });

  it('refuses an override that replaces nothing, or names something the module does not define', () => {
    const { problems } = flowNamespace(catalog({ probe: { assigns: marker('own'), overrides: ['mark', 'ghost'] } }), 'probe');
    expect(problems.map((problem) => problem.message)).toEqual([
      'flow module "probe" lists "mark" in its overrides, but nothing after it in the lookup path of flow "probe" defines it',
      'flow module "probe" lists "ghost" in its overrides but does not define it',
    ]);
  });

  it('refuses an unknown or repeated shared module, and an action that is both an assign and an effect', () => {
    const modules = catalog({ probe: { assigns: marker('own'), effects: { mark: () => undefined } } }, { common: {} });
    const { problems } = flowNamespace(modules, 'probe', ['common', 'missing', 'common']);
    expect(problems).toEqual(expect.arrayContaining([
      { use: 1, message: 'shared flow module "missing" is not registered (known: common)' },
      { use: 2, message: 'shared flow module "common" is named twice' },
      expect.objectContaining({ name: 'mark', message: 'action "mark" of flow module "probe" is both an assign and an effect' }),
    ]));
  });
});

describe('product-wide clashes', () => {
  it('two flow modules defining the same name clash, though no flow sees both', () => {
    const modules = catalog({ one: { guards: { ready: always(true) } }, two: { guards: { ready: always(false) } } });
    expect(catalogProblems(modules, { one: [], two: [] })).toEqual([{
      module: { kind: 'flow', name: 'two' }, kind: 'guard', name: 'ready',
      message: 'guard "ready" of flow module "two" is also defined by flow module "one": a name means one thing across the product\'s flows; put it in a shared module both flows use, or rename one',
    }]);
  });

  it('a flow module and a shared module it does not use clash; the same pair is fine with a declared override on its path', () => {
    const shared = { common: { assigns: marker('shared') } };
    expect(catalogProblems(catalog({ probe: { assigns: marker('own') } }, shared), { probe: [] })).toHaveLength(1);
    expect(catalogProblems(catalog({ probe: { assigns: marker('own'), overrides: ['mark'] } }, shared), { probe: ['common'] })).toEqual([]);
  });

  it('the product has no clash and every name each machine uses is reachable (npm run check says which)', () => {
    const uses = { 'make-payment': ['payment-setup', 'account-ledgers', 'method-entry'], 'guest-payment': ['payment-setup'], 'express-pay': ['payment-setup'], 'instant-payment': ['account-ledgers'], 'manage-account': ['account-ledgers', 'method-entry'], session: [] };
    expect(catalogProblems(flowCatalog, uses)).toEqual([]);
  });
});

describe('assigns and effects', () => {
  const doc: FlowDocument = {
    id: 'kinds', initial: 'idle', context: { seen: null, count: 0 },
    states: { idle: { on: { GO: { target: 'done', actions: ['bump', 'report', 'bump'] } } }, done: {} },
  };

  it('runs assigns as context updates and effects through the host, in the order written', () => {
    const modules = catalog({
      kinds: {
        assigns: { bump: ({ context }) => ({ count: Number(context.count) + 1 }) },
        effects: { report: ({ context }, _params, env) => { env.navigate(`/count/${String(context.count)}`); } },
      },
    });
    const { host, snapshot } = run('kinds', doc, modules);
    expect(snapshot.context.count).toBe(2);
    expect(host.navigations).toEqual(['/count/1']);
  });

  it('an effect returning a context update fails loudly instead of losing it', () => {
    const modules = catalog({
      kinds: { assigns: { bump: () => ({}) }, effects: { report: () => ({ seen: true }) as unknown as void } },
    });
    const { snapshot } = run('kinds', doc, modules);
    expect(snapshot.status).toBe('error');
    expect(String(snapshot.error)).toContain('effect "report" of flow module "kinds" returned a context update');
  });

  it('an assign returning nothing fails loudly', () => {
    const modules = catalog({
      kinds: { assigns: { bump: () => undefined as never }, effects: { report: () => undefined } },
    });
    const { snapshot } = run('kinds', doc, modules);
    expect(snapshot.status).toBe('error');
    expect(String(snapshot.error)).toContain('assign "bump" of flow module "kinds" returned no context update');
  });

  it('the unit-test harness builds machines through the same lookup', () => {
    const modules = catalog({}, {});
    expect(() => runFlow('make-payment', createFakeHost(), { catalog: modules })).toThrow('shared flow module "payment-setup" is not registered');
  });
});
