// Every event a widget of a flow view sends (the props its schema marks `$ref: event`, and the row
// actions of a grid it shows) is taken by some state the view is shown in: by that state's `on`,
// an ancestor's or the machine's own. A widget that sends events outside every flow view sends
// them to nothing.
import { isObject, type CheckContext } from './context.ts';
import { flowViews, nodesOutsideFlows, viewNodes, type ViewNode } from './flow-views.ts';
import { eventsHandledIn, machineStates, statesShown, takesEvent } from './machine-states.ts';
import type { PathSegment } from './problem.ts';
import { propsOfKind } from './props-of-kind.ts';
import type { SourceDoc } from './source.ts';

interface SentEvent {
  event: string;
  /** Where the screen says it (for a default or a grid's action: the node's `widget` or `grid`). */
  path: PathSegment[];
  /** How it is sent, when the screen does not write it there: said after the event's name. */
  how?: string;
}

export function checkViewEvents(ctx: CheckContext): void {
  for (const view of flowViews(ctx)) {
    if (!view.machine) continue;
    const states = machineStates(view.machine.data);
    // A view without `states` is shown in every state (the meta-schema asks for them all the same).
    const names = Array.isArray(view.node.states) ? view.node.states.filter((s): s is string => typeof s === 'string') : undefined;
    // A view naming a state the machine lacks is reported by check-view-states.ts; which events
    // its widgets may send is told once that is fixed.
    if (names?.some((name) => !states.has(name) || name === '')) continue;
    const shown = names ? statesShown(states, names) : [...states.keys()];
    if (shown.length === 0) continue;
    const taken = new Set(shown.flatMap((state) => eventsHandledIn(states, state)));
    const where = names ? `states ${names.join(', ')}` : 'every state';
    for (const node of viewNodes(view)) {
      for (const sent of eventsSent(ctx, node)) {
        if ([...taken].some((key) => takesEvent(key, sent.event))) continue;
        ctx.report(view.doc, sent.path, `event "${sent.event}"${sent.how ?? ''} is taken by no state this view is shown in (${where} of ${view.machine.file})`);
      }
    }
  }
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    for (const node of nodesOutsideFlows(doc)) {
      for (const sent of eventsSent(ctx, node)) {
        ctx.report(doc, sent.path, `event "${sent.event}"${sent.how ?? ''} is sent outside every flow view: no machine receives it`);
      }
    }
  }
}

/** The events a widget node sends: its event props (defaults included) and its grid's row actions. */
function eventsSent(ctx: CheckContext, { node, path }: ViewNode): SentEvent[] {
  const name = typeof node.widget === 'string' ? node.widget : '';
  const sent: SentEvent[] = [];
  for (const marked of propsOfKind(ctx.names.widgetProps[name], node, 'event')) {
    if (typeof marked.value !== 'string' || marked.value.startsWith('$')) continue;
    if (marked.byDefault) sent.push({ event: marked.value, path: [...path, 'widget'], how: ` (the ${name}'s default, sent without \`${marked.rel.join('.')}\`)` });
    else sent.push({ event: marked.value, path: [...path, ...marked.rel] });
  }
  const grid = typeof node.grid === 'string' ? ctx.project.collections.grids?.[node.grid] : undefined;
  if (grid) for (const action of gridActions(grid)) sent.push({ event: action.event, path: [...path, 'grid'], how: ` (a row action of grid "${node.grid as string}", ${grid.file}:${action.line ?? '?'})` });
  return sent;
}

function gridActions(grid: SourceDoc): Array<{ event: string; line?: number }> {
  const columns = isObject(grid.data) && Array.isArray(grid.data.columns) ? grid.data.columns : [];
  return columns.flatMap((column, c) => (isObject(column) && Array.isArray(column.actions) ? column.actions : []).flatMap((action, a) => (
    isObject(action) && typeof action.event === 'string' ? [{ event: action.event, line: grid.locate(['columns', c, 'actions', a, 'event'])?.line }] : []
  )));
}
