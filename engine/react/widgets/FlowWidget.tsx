import { useActorRef, useSelector } from '@xstate/react';
import { memo, use, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { tracked } from '../app/chunk-cache.ts';
import { loadFlow, loadForm } from '../app/config-chunks.ts';
import { useConfigVersion } from '../app/config-version.ts';
import { identityOf } from '../dev/hot-updates.ts';
import { namesIn } from '../app/named-parts.ts';
import { iconProps, preloadIcons } from './icons.tsx';
import { useParams } from 'react-router';
import { createFlowMachine } from '../../core/flow/create-machine.ts';
import { flowModuleReady } from '../../core/flow/lazy-modules.ts';
import { keepPersisted } from '../../core/flow/persist.ts';
import { useRuntime } from '../app/runtime.ts';
import { useComponentRegistry } from '../component-registry-context.ts';
import type { ComponentRegistry } from '../component-types.ts';
import { FlowScopeProvider, useScope } from '../app/scope.tsx';
import { resolveBinding } from '../../core/bindings.ts';
import type { FlowDocument } from '../../core/flow/types.ts';
import { useWaitingMark } from '../app/settled.ts';
import type { WidgetNodeConfig } from '../app/config-types.ts';
import { FlowViewContext } from './flow-context.ts';
import { useFocusKept } from './flow-focus.ts';
import { WidgetNode } from './WidgetNode.tsx';
import type { WidgetProps } from '../component-types.ts';

interface ViewConfig extends WidgetNodeConfig { states: string[]; busyIn?: string[] }

function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    return inner && typeof inner === 'object' ? `${key}.${stateName(inner)}` : `${key}.${String(inner)}`;
  }
  return '';
}


/** The index of the view shown in `state` (-1: none). */
function viewOf(views: ViewConfig[], state: string): number {
  return views.findIndex((candidate) => candidate.states.some((name) => state === name || state.startsWith(`${name}.`)));
}

/** The code a view renders with (its widgets and forms, the icons if it shows any), loaded once per view. */
const viewParts = new WeakMap<object, Promise<unknown>>();
function partsOf(view: ViewConfig, components: ComponentRegistry): Promise<unknown> {
  let loading = viewParts.get(view);
  if (!loading) {
    const { widgets, forms, icons } = namesIn(view, undefined, iconProps);
    loading = tracked(Promise.all([components.preloadWidgets(widgets), ...[...forms].map((id) => loadForm(id)), preloadIcons(icons)]));
    viewParts.set(view, loading);
  }
  return loading;
}

/**
 * Runs a machine of flows/ and shows the view configured for its current state. A machine that
 * declares `restartOn` runs afresh whenever one of those values changes: what it loaded, and any form
 * started, for the old value is never shown or sent for the new one.
 */
export function FlowWidget({ node }: WidgetProps) {
  useConfigVersion();
  const doc = use(loadFlow(String(node.flow)));
  const scope = useScope();
  const generation = doc.restartOn ? JSON.stringify(doc.restartOn.map((binding) => resolveBinding(binding, scope) ?? null)) : '';
  // Development mode: a machine saved with changes starts afresh (a running machine cannot take a new definition).
  return <FlowRun key={import.meta.env.DEV ? `${generation}:${identityOf(doc)}` : generation} node={node} doc={doc} />;
}

// Memoized: the session changes that restart no machine re-render nothing of a running one.
const FlowRun = memo(function FlowRun({ node, doc }: WidgetProps & { doc: FlowDocument }) {
  const runtime = useRuntime();
  const params = useParams();
  const paramsRef = useRef(params);
  useLayoutEffect(() => { paramsRef.current = params; }, [params]);
  use(flowModuleReady(runtime.flows, String(node.flow), doc.uses));
  const machine = useMemo(
    // The machine reads the route through this getter when its actions run, never during render.
    // eslint-disable-next-line react-hooks/refs
    () => createFlowMachine(String(node.flow), doc, runtime.flows, runtime.environment(() => ({ route: paramsRef.current }))),
    [node.flow, doc, runtime],
  );
  const actor = useActorRef(machine);
  const current = useSelector(actor, (s) => s);
  useEffect(() => keepPersisted(actor, doc.persist), [actor, doc]);
  // The view shown follows the machine as a deferred value: moving to a view whose code is still
  // loading keeps the view before it (and its busy state) on screen until that code is there,
  // rather than a busy placeholder of another size that the view then replaces, moving what is below.
  const snapshot = useDeferredValue(current);
  const context = snapshot.context as Record<string, unknown>;
  const state = stateName(snapshot.value);

  const views = (node.views as ViewConfig[]) ?? [];
  const viewIndex = viewOf(views, state);
  const view = views[viewIndex];
  // The machine has moved on to another view while this one stays on screen: it takes no input
  // (its events would reach a state that no longer expects them) and is out of the accessibility
  // tree, as inert content is, until the next view replaces it.
  const leaving = viewOf(views, stateName(current.value)) !== viewIndex;
  const components = useComponentRegistry();
  // By index: the same view in a screen document saved again (development mode) is no move.
  const committedView = useRef(viewIndex);
  useLayoutEffect(() => { committedView.current = viewIndex; }, [viewIndex]);
  // Moving to another view waits here for its code, while the view before it stays on screen (the
  // snapshot is deferred). The first view renders at once: its parts suspend on their own, or were
  // loaded with the page it was rendered into ahead of time.
  // eslint-disable-next-line react-hooks/refs
  if (view && committedView.current !== -1 && viewIndex !== committedView.current) use(partsOf(view, components));
  const busy = Boolean(view?.busyIn?.some((name) => state === name || state.startsWith(`${name}.`)));
  useWaitingMark(busy || leaving);
  const flowView = useMemo(() => ({ send: actor.send, context, busy, state }), [actor, context, busy, state]);
  const box = useRef<HTMLDivElement>(null);
  const keepFocus = useFocusKept(box, viewIndex, state, busy || leaving);
  if (!view) return null;
  const { states: _states, busyIn: _busyIn, ...widget } = view;
  return (
    <FlowViewContext.Provider value={flowView}>
      <FlowScopeProvider value={context}>
        <div ref={box} onFocusCapture={keepFocus} data-flow-state={state} aria-busy={busy || leaving || undefined}
          inert={leaving || undefined} aria-hidden={leaving || undefined}>
          {/* Each view is its own subtree: moving to another view starts its forms afresh. */}
          <WidgetNode key={viewIndex} node={widget as WidgetNodeConfig} />
        </div>
      </FlowScopeProvider>
    </FlowViewContext.Provider>
  );
});
