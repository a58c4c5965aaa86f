// The development gallery's readings of the configuration: a machine's states and transitions, the
// views that show each state, the routes' rows, a form's sample values, and a form validating as typed.
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowLoaders } from 'virtual:engine-flows';
import { formIds, formLoaders } from 'virtual:engine-forms';
import { screenLoaders } from 'virtual:engine-screens';
import config from 'virtual:engine-config';

import { readFormFile } from '../../engine/build/form-files.ts';
import { TranslatorContext } from '../../engine/react/app/translation.ts';
import { createTranslator } from '../../engine/react/app/translator.ts';
import { SchemaForm } from '../../engine/react/forms/index.ts';
import { errorPath } from '../../engine/react/forms/messages.ts';
import type { FlowDocument } from '../../engine/core/flow/types.ts';
import type { RoutesDoc } from '../../engine/core/routes.ts';
import { viewsOfFlow, viewsShowing } from '../../engine/react/studio/flow-views.ts';
import { describeTransition, machineGraph, MACHINE_STATE } from '../../engine/react/studio/machine-graph.ts';
import { layoutMachine } from '../../engine/react/studio/machine-layout.ts';
import { liveAddress, routeRows } from '../../engine/react/studio/route-rows.ts';
import { sampleForm, withoutFields } from '../../engine/react/studio/sample-data.ts';
import catalog from '../fixtures/forms/catalog.en.json';
import { loadFormModule } from '../unit/support/form-module.ts';

afterEach(cleanup);

// Reading every screen, machine or form of the product compiles each one first: room for a busy machine.
const EVERY_MODULE_MS = 60_000;

const wizardMachine: FlowDocument = {
  id: 'checkout',
  initial: 'loading',
  on: { CLEAR: { target: '.loading', actions: ['forget'] } },
  states: {
    loading: {
      invoke: {
        src: 'operation',
        input: { operationId: 'getCart' },
        onDone: { target: 'steps', actions: { type: 'assign', params: { cart: '$event.output' } } },
        onError: [{ guard: 'offline', target: 'offline' }, { target: 'failed' }],
      },
    },
    offline: { after: { 1000: 'loading' } },
    failed: { type: 'final' },
    steps: {
      id: 'steps',
      initial: 'choose',
      on: { RESET: '.choose' },
      onDone: 'thanks',
      states: {
        choose: { always: { guard: { type: 'hasOne', params: { n: 1 } }, target: 'pay' }, on: { NEXT: 'pay', TYPE: { actions: 'remember' } } },
        pay: { on: { PAY: '#checkout.thanks', BACK: ['choose'], LOST: 'nowhere' } },
        paid: { type: 'final' },
      },
    },
    thanks: { on: { AGAIN: '#steps.choose' } },
  },
};

describe('machineGraph', () => {
  const graph = machineGraph(wizardMachine);
  const from = (state: string) => graph.transitions.filter((t) => t.from === state).map(describeTransition);

  it('lists every state, nested ones by their dotted path, with initial, final and compound marks', () => {
    expect(graph.states.map((s) => s.path)).toEqual(['loading', 'offline', 'failed', 'steps', 'steps.choose', 'steps.pay', 'steps.paid', 'thanks']);
    const state = (path: string) => graph.states.find((s) => s.path === path)!;
    expect(state('loading')).toMatchObject({ initial: true, final: false, compound: false, parent: MACHINE_STATE });
    expect(state('steps')).toMatchObject({ compound: true, initial: false });
    expect(state('steps.choose')).toMatchObject({ initial: true, parent: 'steps', key: 'choose' });
    expect(state('failed').final).toBe(true);
  });

  it("reads targets as XState does: siblings, .children, #ids, the machine's own transitions", () => {
    expect(from(MACHINE_STATE)).toEqual(['CLEAR → loading']);
    expect(from('steps')).toEqual(['RESET → steps.choose', 'done → thanks']);
    expect(from('steps.pay')).toEqual(['PAY → thanks', 'BACK → steps.choose', 'LOST → nowhere (unknown)']);
    expect(from('thanks')).toEqual(['AGAIN → steps.choose']);
  });

  it('names invoked operations, guards, delays, always and targetless transitions', () => {
    expect(from('loading')).toEqual(['done: getCart → steps', 'error: getCart [offline] → offline', 'error: getCart → failed']);
    expect(from('offline')).toEqual(['after 1000 ms → loading']);
    expect(from('steps.choose')).toEqual(['always [hasOne(n: 1)] → steps.pay', 'NEXT → steps.pay', 'TYPE → (stays)']);
    const done = graph.transitions.find((t) => t.trigger === 'done: getCart')!;
    expect(done).toMatchObject({ kind: 'done', actions: ['assign'] });
    expect(graph.transitions.find((t) => t.trigger === 'TYPE')).toMatchObject({ to: [], actions: ['remember'] });
    expect(graph.transitions.filter((t) => t.kind === 'error')).toHaveLength(2);
  });

  it("resolves every target of the product's machines, and lays each one out", async () => {
    for (const [name, load] of Object.entries(flowLoaders)) {
      const graph = machineGraph((await load()).default);
      expect(graph.transitions.filter((t) => t.unresolved).map((t) => `${name}: ${describeTransition(t)}`)).toEqual([]);
      const layout = layoutMachine(graph);
      expect(layout.boxes.length).toBeGreaterThanOrEqual(graph.states.filter((s) => !s.compound).length);
      for (const edge of layout.edges) expect(edge.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    }
  }, EVERY_MODULE_MS);
});

describe('viewsShowing', () => {
  const screens = {
    pay: { widget: 'stack', children: [{ widget: 'flow', flow: 'checkout', views: [
      { states: ['loading'], widget: 'text' },
      { states: ['steps.choose'], widget: 'form' },
      { states: ['steps'], widget: 'text' },
    ] }] },
    other: { widget: 'flow', flow: 'another', views: [{ states: ['loading'], widget: 'text' }] },
  };
  const views = viewsOfFlow(screens, 'checkout');

  it("finds the views of every flow widget that runs the machine, and a state's view as the widget picks it", () => {
    expect(views.map((v) => `${v.screen} ${v.number}`)).toEqual(['pay 1', 'pay 2', 'pay 3']);
    expect(viewsShowing(views, 'loading').map((v) => v.number)).toEqual([1]);
    // The first view naming the state or a state holding it: view 2, never view 3.
    expect(viewsShowing(views, 'steps.choose').map((v) => v.number)).toEqual([2]);
    expect(viewsShowing(views, 'steps.pay').map((v) => v.number)).toEqual([3]);
    expect(viewsShowing(views, 'thanks')).toEqual([]);
  });

  it("finds views for the product's real screens", async () => {
    const all = Object.fromEntries(await Promise.all(Object.entries(screenLoaders).map(async ([name, load]) => [name, (await load()).default] as const)));
    const flowsOnScreens = new Set(Object.keys(flowLoaders).filter((flow) => viewsOfFlow(all, flow).length > 0));
    expect(flowsOnScreens.size).toBeGreaterThan(0);
    for (const flow of flowsOnScreens) {
      const graph = machineGraph((await flowLoaders[flow]()).default);
      // Every view names states the machine has.
      for (const view of viewsOfFlow(all, flow)) {
        for (const state of view.states) expect(graph.states.map((s) => s.path), `${view.screen} view ${view.number}`).toContain(state);
      }
    }
  }, EVERY_MODULE_MS);
});

describe('routeRows', () => {
  it('opens a path without its optional parts, and none that needs a value', () => {
    expect(liveAddress('/login/:clientId?')).toBe('/login');
    expect(liveAddress('/community/documents/a/:associationId/f/:folderId?')).toBeNull();
    expect(liveAddress('/')).toBe('/');
  });

  it('lists the routes of every layout, those of features off in this build marked', () => {
    const doc: RoutesDoc = {
      layouts: {
        main: { shell: 'portal', mirror: '/embed', routes: [{ path: 'home', screen: 'home', requires: 'session' }, { path: 'items/:id', screen: 'item' }, { path: 'soon', planned: true }] },
        extra: { shell: 'bare', feature: 'extraPages', routes: [{ path: 'extra', screen: 'extra' }] },
      },
    };
    const rows = routeRows(doc, []);
    expect(rows.map((r) => [r.path, r.screen ?? '', r.href ?? ''])).toEqual([
      ['/home', 'home', '/home'], ['/items/:id', 'item', ''], ['/soon', '', ''],
      ['/embed/home', 'home', '/embed/home'], ['/embed/items/:id', 'item', ''], ['/embed/soon', '', ''],
      ['/extra', 'extra', '/extra'],
    ]);
    expect(rows[0]).toMatchObject({ layout: 'main', shell: 'portal', requires: 'session' });
    expect(rows.at(-1)!.feature).toEqual({ name: 'extraPages', enabled: false });
    expect(routeRows(doc, ['extraPages']).at(-1)!.feature).toEqual({ name: 'extraPages', enabled: true });
  });

  it("lists the product's routes with their screens", () => {
    const rows = routeRows(config.routesDoc as RoutesDoc, config.enabledFeatures);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.screen).every((r) => Object.hasOwn(screenLoaders, r.screen!))).toBe(true);
  });
});

describe('sampleForm', () => {
  it('fills values from examples, defaults, enums and formats, the form defaults over them', () => {
    const { data } = sampleForm({
      id: 'sample',
      schema: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          day: { type: 'string', format: 'date' },
          plan: { type: 'string', enum: ['basic', 'plus'] },
          note: { type: 'string', examples: ['Gate code 12'] },
          count: { type: 'integer', minimum: 3 },
          kind: { type: 'string', default: 'b', enum: ['a', 'b'] },
          colour: { type: 'string', default: 'red' },
        },
      },
      defaults: { colour: 'blue' },
    });
    expect(data).toEqual({ email: 'user@example.com', day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), plan: 'basic', note: 'Gate code 12', count: 3, kind: 'b', colour: 'blue' });
  });

  it('makes options for the choices a screen fills at run time, and picks the first', () => {
    const { data, options } = sampleForm({
      id: 'choices',
      schema: { type: 'object', properties: { ledger: { type: 'integer' }, method: { type: 'string' } } },
      ui: { ledger: { 'ui:widget': 'choice', 'ui:options': { source: 'ledgers' } }, method: { 'ui:widget': 'choice', 'ui:options': { source: 'methods' } } },
    });
    expect(options.ledgers.map((o) => o.value)).toEqual([1, 2, 3]);
    expect(options.methods.map((o) => o.value)).toEqual(['choice-1', 'choice-2', 'choice-3']);
    expect(data).toEqual({ ledger: 1, method: 'choice-1' });
  });

  it('leaves out the fields the form refuses, so every product form starts from values it accepts', async () => {
    expect(withoutFields({ a: 1, b: { c: 2 }, d: 3 }, ['b.c', 'd', ''])).toEqual({ a: 1 });
    for (const id of formIds) {
      const { form, validator } = await formLoaders[id]();
      const { data } = sampleForm(form);
      const refused = validator.validateFormData(data, form.schema).errors.map((error: RJSFValidationError) => errorPath(error));
      const kept = withoutFields(data, refused);
      const left = validator.validateFormData(kept, form.schema).errors.map((error: RJSFValidationError) => errorPath(error))
        .filter((path: string) => path.split('.')[0] in kept);
      expect(left, id).toEqual([]);
    }
  }, EVERY_MODULE_MS);
});

describe('a form validating as typed (liveValidate)', () => {
  const afterFrame = () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const type = (label: RegExp, value: string) => act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await afterFrame();
  });
  const errorOf = (input: HTMLElement) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('__error'));
    return ids.length ? document.getElementById(ids[0])?.textContent : undefined;
  };

  async function renderLive() {
    const mod = await loadFormModule(readFormFile(resolve(import.meta.dirname, '../fixtures/forms/sample-signup.yaml')));
    render(
      <SchemaForm id="live" form={mod.form} validator={mod.validator} conditions={mod.conditions} onSubmit={vi.fn()}
        initialData={{ email: 'pat@example.com', password: 'secret-enough' }} liveValidate />,
      { wrapper: ({ children }: { children: ReactNode }) => (
        <TranslatorContext.Provider value={createTranslator(catalog)}><ChakraProvider value={defaultSystem}>{children}</ChakraProvider></TranslatorContext.Provider>
      ) },
    );
  }

  it('shows the message of a field as soon as its value is wrong, and only for fields changed', async () => {
    await renderLive();
    await type(/^password/i, 'abc');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBe('Error: Must be at least 6 characters');
    // Required fields still empty were not touched: no message for them before a submit.
    expect(screen.queryByText(/enter your email/i)).toBeNull();
    await type(/^password/i, 'abcdefg');
    expect(errorOf(screen.getByLabelText(/^password/i))).toBeUndefined();
    await type(/email address/i, '');
    expect(errorOf(screen.getByLabelText(/email address/i))).toBe('Error: Enter your email address');
  });
});
