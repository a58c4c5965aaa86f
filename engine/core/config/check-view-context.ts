// A view's `$context.<field>` bindings name a field its machine has. Only a machine whose fields
// are all told is checked (machine-context.ts): a flow module's assign whose source does not tell
// what it returns may set any field, and a field it sets must not be reported.
import { flowNamespace } from '../flow/lookup.ts';
import { usesOf } from './check-flows.ts';
import { closest } from './check-refs.ts';
import { walk, type CheckContext } from './context.ts';
import { flowViews, viewNodes } from './flow-views.ts';
import { machineContext, type MachineContext } from './machine-context.ts';

const CONTEXT_FIELD = /\$context\.([A-Za-z_$][A-Za-z0-9_$]*)/g;

export function checkViewContext(ctx: CheckContext): void {
  const contexts = new Map<string, MachineContext>();
  const contextOf = (flow: string, machine: NonNullable<ReturnType<typeof flowViews>[number]['machine']>) => {
    let known = contexts.get(flow);
    if (!known) {
      known = machineContext(machine.data, flowNamespace(ctx.names.flows, flow, usesOf(machine)).namespace, ctx.names.assignFields);
      contexts.set(flow, known);
    }
    return known;
  };
  for (const view of flowViews(ctx)) {
    if (!view.machine) continue;
    const known = contextOf(view.flow, view.machine);
    if (!known.complete) continue;
    const fields = [...known.fields];
    for (const { node, path } of viewNodes(view)) {
      // Each node's own props: the nodes inside it are visited on their own.
      for (const [key, value] of Object.entries(node)) {
        walk(value, (text, at) => {
          if (typeof text !== 'string' || (at.length > 0 && nestedNode(value, at))) return;
          for (const [, field] of text.matchAll(CONTEXT_FIELD)) {
            if (known.fields.has(field)) continue;
            const near = closest(field, fields);
            ctx.report(view.doc, [...path, key, ...at],
              `field "${field}" of $context is never set by ${view.machine!.file}${near ? ` (did you mean "${near}"?)` : ''} (its fields: ${fields.join(', ') || 'none'})`);
          }
        });
      }
    }
  }
}

/** Whether the value at `at` inside `root` lies within a nested widget node. */
function nestedNode(root: unknown, at: (string | number)[]): boolean {
  let current: unknown = root;
  for (const seg of at) {
    if (current && typeof current === 'object' && !Array.isArray(current) && typeof (current as Record<string, unknown>).widget === 'string') return true;
    current = (current as Record<string | number, unknown> | undefined)?.[seg];
  }
  return false;
}
