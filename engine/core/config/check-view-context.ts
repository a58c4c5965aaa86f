// A view's `$context.<field>` bindings, and those of the forms its widgets show (a check's limit),
// name a field its machine has. Only a machine whose fields are all told is checked
// (machine-context.ts): a flow module's assign whose source does not tell what it returns may set
// any field, and a field it sets must not be reported.
import { isObject, type CheckContext } from './context.ts';
import { flowViews, viewNodes } from './flow-views.ts';
import { contextOfFlow, contextReads, unknownField } from './machine-context.ts';
import type { PathSegment } from './problem.ts';

export function checkViewContext(ctx: CheckContext): void {
  for (const view of flowViews(ctx)) {
    const known = contextOfFlow(ctx, view.flow);
    if (!view.machine || !known?.complete) continue;
    const machineFile = view.machine.file;
    for (const { node, path } of viewNodes(view)) {
      // Each node's own props: the nodes inside it are visited on their own.
      for (const [key, value] of Object.entries(node)) {
        for (const { field, at } of contextReads(value, (at) => at.length > 0 && nestedNode(value, at))) {
          if (!known.fields.has(field)) ctx.report(view.doc, [...path, key, ...at], unknownField(field, known, machineFile));
        }
      }
      const form = typeof node.form === 'string' ? ctx.project.collections.forms?.[node.form] : undefined;
      if (!form) continue;
      for (const { field, at } of contextReads(form.data)) {
        if (known.fields.has(field)) continue;
        const line = form.locate(at)?.line;
        ctx.report(view.doc, [...path, 'form'], `${unknownField(field, known, machineFile)}: the form reads it at ${form.file}:${line ?? '?'}`);
      }
    }
  }
}

/** Whether the value at `at` inside `root` lies within a nested widget node. */
function nestedNode(root: unknown, at: PathSegment[]): boolean {
  let current: unknown = root;
  for (const seg of at) {
    if (isObject(current) && typeof current.widget === 'string') return true;
    current = isObject(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[seg] : undefined;
  }
  return false;
}
