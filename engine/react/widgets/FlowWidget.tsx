import { useActorRef, useSelector } from '@xstate/react';
import { use, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { loadFlow } from '../app/config-chunks.ts';
import { useParams } from 'react-router';
import { createFlowMachine } from '../../core/flow/create-machine.ts';
import { savePersisted } from '../../core/flow/persist.ts';
import { useRuntime } from '../app/runtime.ts';
import { FlowScopeProvider } from '../app/scope.tsx';
import { useWaitingMark } from '../app/settled.ts';
import type { WidgetNodeConfig } from '../app/config-types.ts';
import { FlowViewContext } from './flow-context.ts';
import { WidgetNode, type WidgetProps } from './WidgetNode.tsx';

interface ViewConfig extends WidgetNodeConfig { states: string[]; busyIn?: string[] }

function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    return inner && typeof inner === 'object' ? `${key}.${stateName(inner)}` : `${key}.${String(inner)}`;
  }
  return '';
}


/** Runs a machine of flows/ and shows the view configured for its current state. */
export function FlowWidget({ node }: WidgetProps) {
  const runtime = useRuntime();
  const params = useParams();
  const paramsRef = useRef(params);
  useLayoutEffect(() => { paramsRef.current = params; }, [params]);
  const doc = use(loadFlow(String(node.flow)));
  const machine = useMemo(
    // The machine reads the route through this getter when its actions run, never during render.
    // eslint-disable-next-line react-hooks/refs
    () => createFlowMachine(String(node.flow), doc, runtime.flows, runtime.environment(() => ({ route: paramsRef.current }))),
    [node.flow, doc, runtime],
  );
  const actor = useActorRef(machine);
  const snapshot = useSelector(actor, (s) => s);
  const context = snapshot.context as Record<string, unknown>;
  const state = stateName(snapshot.value);

  useEffect(() => { savePersisted(doc.persist, context); }, [doc, context]);

  const views = (node.views as ViewConfig[]) ?? [];
  const viewIndex = views.findIndex((candidate) => candidate.states.some((name) => state === name || state.startsWith(`${name}.`)));
  const view = views[viewIndex];
  const busy = Boolean(view?.busyIn?.some((name) => state === name || state.startsWith(`${name}.`)));
  useWaitingMark(busy);
  const flowView = useMemo(() => ({ send: actor.send, context, busy, state }), [actor, context, busy, state]);
  if (!view) return null;
  const { states: _states, busyIn: _busyIn, ...widget } = view;
  return (
    <FlowViewContext.Provider value={flowView}>
      <FlowScopeProvider value={context}>
        <div data-flow-state={state} aria-busy={busy || undefined}>
          {/* Each view is its own subtree: moving to another view starts its forms afresh. */}
          <WidgetNode key={viewIndex} node={widget as WidgetNodeConfig} />
        </div>
      </FlowScopeProvider>
    </FlowViewContext.Provider>
  );
}
