// A flow view's `states` and `busyIn` name states of its machine (dotted for nested states, as the
// flow widget matches them).
import { closest } from './check-refs.ts';
import type { CheckContext } from './context.ts';
import { flowViews } from './flow-views.ts';
import { machineStates } from './machine-states.ts';

export function checkViewStates(ctx: CheckContext): void {
  for (const view of flowViews(ctx)) {
    if (!view.machine) continue;
    const known = [...machineStates(view.machine.data).keys()].filter((path) => path !== '');
    for (const key of ['states', 'busyIn'] as const) {
      const names = view.node[key];
      if (!Array.isArray(names)) continue;
      names.forEach((name, i) => {
        if (typeof name !== 'string' || known.includes(name)) return;
        const near = closest(name, known);
        ctx.report(view.doc, [...view.path, key, i],
          `state "${name}" is not a state of ${view.machine!.file}${near ? ` (did you mean "${near}"?)` : ''} (states: ${known.join(', ')})`);
      });
    }
  }
}
