// errors.yaml: the message keys its toasts and labels use must exist.
import { isObject, type CheckContext } from './context.ts';

export function checkErrorRules(ctx: CheckContext): void {
  const doc = ctx.project.schemas.errors;
  if (!doc || !isObject(doc.data)) return;
  if (isObject(doc.data.labels)) {
    for (const [k, v] of Object.entries(doc.data.labels)) ctx.messageKey(doc, ['labels', k], v);
  }
  if (!Array.isArray(doc.data.rules)) return;
  doc.data.rules.forEach((rule: unknown, i: number) => {
    if (!isObject(rule) || !isObject(rule.toast)) return;
    for (const field of ['title', 'description']) {
      const value = rule.toast[field];
      const list = Array.isArray(value) ? value : [value];
      list.forEach((candidate, j) => {
        if (typeof candidate !== 'string' || candidate.startsWith('$') || candidate.includes('{{')) return;
        ctx.messageKey(doc, ['rules', i, 'toast', field, ...(Array.isArray(value) ? [j] : [])], candidate);
      });
    }
  });
}
