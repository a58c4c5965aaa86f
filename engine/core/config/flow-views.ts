// The views of every flow widget of the screens, and the widget nodes inside each view: the nodes
// that send their events to that view's machine and read its context as `$context` (a flow widget
// nested in a view runs a machine of its own, and its views belong to it).
import { isObject, type CheckContext } from './context.ts';
import type { PathSegment } from './problem.ts';
import type { SourceDoc } from './source.ts';

export interface FlowView {
  /** The screen. */
  doc: SourceDoc;
  /** The flow widget's `flow`: flows/<flow>.machine.yaml. */
  flow: string;
  /** The machine, when the flow has one (a missing one is reported by the name check). */
  machine: SourceDoc | undefined;
  node: Record<string, unknown>;
  /** Where the view is in the screen. */
  path: PathSegment[];
}

export interface ViewNode {
  node: Record<string, unknown>;
  path: PathSegment[];
}

/** Every view of every flow widget of every screen, nested flows' views included. */
export function flowViews(ctx: CheckContext): FlowView[] {
  const views: FlowView[] = [];
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    const visit = (value: unknown, path: PathSegment[]) => {
      if (Array.isArray(value)) return value.forEach((item, i) => visit(item, [...path, i]));
      if (!isObject(value)) return;
      if (value.widget === 'flow' && typeof value.flow === 'string' && Array.isArray(value.views)) {
        const flow = value.flow;
        value.views.forEach((view, i) => {
          if (isObject(view)) views.push({ doc, flow, machine: ctx.project.flows[flow], node: view, path: [...path, 'views', i] });
        });
      }
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    };
    visit(doc.data, []);
  }
  return views;
}

/** The widget nodes of a view (the view itself first), not those of a flow nested in it. */
export function viewNodes(view: FlowView): ViewNode[] {
  return widgetNodes(view.node, view.path);
}

/** The widget nodes of a screen outside every flow widget's views. */
export function nodesOutsideFlows(doc: SourceDoc): ViewNode[] {
  return isObject(doc.data) ? widgetNodes(doc.data, []) : [];
}

function widgetNodes(root: Record<string, unknown>, at: PathSegment[]): ViewNode[] {
  const nodes: ViewNode[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, [...path, i]));
    if (!isObject(value)) return;
    if (typeof value.widget === 'string') nodes.push({ node: value, path });
    for (const [key, item] of Object.entries(value)) {
      if (value.widget === 'flow' && key === 'views') continue;
      visit(item, [...path, key]);
    }
  };
  visit(root, at);
  return nodes;
}
