// Which screen views show a machine's states: every `flow` widget of every screen that runs the
// machine, and its views' `states` (a view naming `wizard` shows `wizard.selectLedger` too, as the
// flow widget reads it).

export interface FlowView {
  screen: string;
  /** The view's place in the widget's `views` (from 1, as an analyst counts them). */
  number: number;
  /** The state paths the view names. */
  states: string[];
}

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

function flowWidgets(node: unknown, flow: string, into: Obj[]): Obj[] {
  if (Array.isArray(node)) for (const item of node) flowWidgets(item, flow, into);
  else if (isObj(node)) {
    if (node.widget === 'flow' && node.flow === flow) into.push(node);
    for (const value of Object.values(node)) flowWidgets(value, flow, into);
  }
  return into;
}

/** The views of every screen that runs `flow` (the machine's file name, as a flow widget names it). */
export function viewsOfFlow(screens: Record<string, unknown>, flow: string): FlowView[] {
  return Object.entries(screens).flatMap(([screen, doc]) => flowWidgets(doc, flow, []).flatMap((widget) =>
    (Array.isArray(widget.views) ? widget.views : []).filter(isObj).map((view, index) => ({
      screen,
      number: index + 1,
      states: Array.isArray(view.states) ? view.states.filter((s): s is string => typeof s === 'string') : [],
    }))));
}

/** The views that show `state`: each screen's first view naming it or a state holding it. */
export function viewsShowing(views: FlowView[], state: string): FlowView[] {
  const shows = (view: FlowView) => view.states.some((name) => state === name || state.startsWith(`${name}.`));
  const seen = new Set<string>();
  return views.filter((view) => {
    if (!shows(view) || seen.has(view.screen)) return false;
    // The flow widget shows the first matching view of its list; a later one never shows this state.
    seen.add(view.screen);
    return true;
  });
}
