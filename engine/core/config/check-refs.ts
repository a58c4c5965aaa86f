// Cross-checks of names used by screens and grids: widgets, forms, flows, operations, formatters
// and message keys (flow machines: check-flows.ts).
import { matchesRoutePattern } from '../paths.ts';
import type { CompiledRoute } from '../routes.ts';
import { isObject, walk, type CheckContext } from './context.ts';
import type { SourceDoc } from './source.ts';

/** Props whose string values are message keys (when they look like one). */
export const MESSAGE_PROPS = new Set([
  'title', 'text', 'label', 'heading', 'description', 'submit', 'message', 'placeholder', 'help', 'summary', 'confirm',
]);

/** operationId -> file that declares it. */
export function operationIndex(ctx: CheckContext): Map<string, string> {
  const index = new Map<string, string>();
  for (const doc of Object.values(ctx.project.openapi)) {
    if (!isObject(doc.data) || !isObject(doc.data.paths)) continue;
    for (const [path, item] of Object.entries(doc.data.paths)) {
      if (!isObject(item)) continue;
      for (const [method, op] of Object.entries(item)) {
        if (!isObject(op) || typeof op.operationId !== 'string') continue;
        const other = index.get(op.operationId);
        if (other) ctx.report(doc, ['paths', path, method, 'operationId'], `operationId "${op.operationId}" is also declared in ${other}`);
        else index.set(op.operationId, doc.file);
      }
    }
  }
  return index;
}

/** `operation:` / `operationId:` values anywhere in the document must be declared in openapi/. */
export function checkOperations(ctx: CheckContext, doc: SourceDoc, operations: Map<string, string>): void {
  walk(doc.data, (value, path, key) => {
    if ((key === 'operation' || key === 'operationId') && typeof value === 'string' && !value.startsWith('$') && !operations.has(value)) {
      ctx.report(doc, path, `operation "${value}" is not declared in openapi/`);
    }
  });
}

export function checkScreens(ctx: CheckContext, operations: Map<string, string>, routes: CompiledRoute[]): void {
  const forms = ctx.project.collections.forms ?? {};
  for (const doc of Object.values(ctx.project.collections.screens ?? {})) {
    checkOperations(ctx, doc, operations);
    walk(doc.data, (value, path, key) => {
      if (typeof value !== 'string' || value.startsWith('$')) return;
      if (key === 'widget' && !ctx.names.widgets.includes(value)) {
        const near = closest(value, ctx.names.widgets);
        ctx.report(doc, path, `widget "${value}" is not registered${near ? ` (did you mean "${near}"?)` : ''} (known: ${ctx.names.widgets.join(', ')})`);
      } else if (key === 'form' && !forms[value]) {
        ctx.report(doc, path, `form "${value}" is not in schemas/forms/`);
      } else if (key === 'flow' && !ctx.project.flows[value]) {
        // A flow is named by its file name: the browser fetches it, and finds its module, by that name.
        ctx.report(doc, path, `flow "${value}" has no flows/${value}.machine.yaml`);
      } else if (key === 'to' && value.startsWith('/') && !routes.some((r) => matchesRoutePattern(r.path, value.split(/[?#]/)[0]))) {
        ctx.report(doc, path, `no route matches "${value}"`);
      } else if (key === 'document' && !(ctx.project.collections.content ?? {})[value]) {
        ctx.report(doc, path, `document "${value}" is not in schemas/content/ (expected schemas/content/${value}.md)`);
      } else if (key === 'grid' && !(ctx.project.collections.grids ?? {})[value]) {
        ctx.report(doc, path, `grid "${value}" is not in schemas/grids/ (expected schemas/grids/${value}.yaml)`);
      } else if (key === 'formatter' && !ctx.names.formatters.includes(value)) {
        ctx.report(doc, path, `formatter "${value}" is not registered in flows/registry.ts`);
      } else if (typeof key === 'string' && MESSAGE_PROPS.has(key)) {
        ctx.messageKey(doc, path, value);
      }
    });
  }
}

/** Grid columns: headers are message keys, formats are registered formatters, `showFrom` names a breakpoint of app.yaml. */
export function checkGrids(ctx: CheckContext): void {
  const app = ctx.project.schemas.app?.data;
  const breakpoints = isObject(app) && isObject(app.breakpoints) ? app.breakpoints : {};
  for (const doc of Object.values(ctx.project.collections.grids ?? {})) {
    if (!isObject(doc.data) || !Array.isArray(doc.data.columns)) continue;
    doc.data.columns.forEach((column, index) => {
      if (!isObject(column)) return;
      if (typeof column.header === 'string') ctx.messageKey(doc, ['columns', index, 'header'], column.header);
      if (Array.isArray(column.actions)) {
        column.actions.forEach((action, at) => {
          if (!isObject(action)) return;
          for (const key of ['text', 'label'] as const) {
            if (typeof action[key] === 'string') ctx.messageKey(doc, ['columns', index, 'actions', at, key], action[key]);
          }
        });
      }
      if (typeof column.format === 'string' && !ctx.names.formatters.includes(column.format)) {
        ctx.report(doc, ['columns', index, 'format'], `formatter "${column.format}" is not registered in flows/registry.ts`);
      }
      if (typeof column.showFrom === 'string' && !Object.hasOwn(breakpoints, column.showFrom)) {
        ctx.report(doc, ['columns', index, 'showFrom'], `breakpoint "${column.showFrom}" is not in schemas/app.yaml breakpoints (known: ${Object.keys(breakpoints).join(', ') || 'none'})`);
      }
    });
  }
}

/** The known name within two edits of `name`, if any: the likely intended one. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}
