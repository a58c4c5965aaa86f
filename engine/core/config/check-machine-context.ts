// A machine's own `$context.<field>` bindings (an invoke's input, an action's params, a guard's)
// name a field it has, when its fields are all told (machine-context.ts).
import type { CheckContext } from './context.ts';
import { contextOfFlow, contextReads, unknownField } from './machine-context.ts';

export function checkMachineContext(ctx: CheckContext): void {
  for (const [flow, doc] of Object.entries(ctx.project.flows)) {
    const known = contextOfFlow(ctx, flow);
    if (!known?.complete) continue;
    for (const { field, at } of contextReads(doc.data)) {
      if (!known.fields.has(field)) ctx.report(doc, at, unknownField(field, known, doc.file));
    }
  }
}
