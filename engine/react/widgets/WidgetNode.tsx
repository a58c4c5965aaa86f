import { Suspense } from 'react';
import { resolveBindings } from '../../core/bindings.ts';
import type { WidgetNodeConfig } from '../app/config-types.ts';
import { useScope } from '../app/scope.tsx';
import { useComponentRegistry } from '../component-registry-context.ts';
import type { WidgetProps } from '../component-types.ts';
import { Busy } from './Busy.tsx';

type Scope = ReturnType<typeof useScope>;

/** A `when` / `unless` condition: one binding, or a list of them that must all hold. */
export function conditionHolds(condition: unknown, scope: Scope): boolean {
  if (Array.isArray(condition)) return condition.every((binding) => Boolean(resolveBindings(binding, scope)));
  return Boolean(resolveBindings(condition, scope));
}

/** Renders one node of a screen by its widget name, honouring `when` / `unless` bindings. */
export function WidgetNode({ node }: WidgetProps) {
  const scope = useScope();
  const { widgets } = useComponentRegistry();
  if (node.when !== undefined && !conditionHolds(node.when, scope)) return null;
  if (node.unless !== undefined && conditionHolds(node.unless, scope)) return null;
  const Widget = widgets[node.widget];
  if (!Widget) throw new Error(`Unknown widget "${node.widget}"`);
  return <Suspense fallback={<Busy />}><Widget node={node} /></Suspense>;
}

export function WidgetChildren({ nodes }: { nodes: unknown }) {
  if (!Array.isArray(nodes)) return null;
  return <>{(nodes as WidgetNodeConfig[]).map((child, index) => <WidgetNode key={index} node={child} />)}</>;
}
